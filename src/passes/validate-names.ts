import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { SourceEntity, SourceModel } from '../ir/ir.generated.js';
import { camel } from './naming/str.js';
import { isReservedClassName, MAX_DATABASE_NAME_LENGTH, NAME } from './php-names.js';
import { isKeyFieldType, KEY_FIELD_TYPES } from './keys.js';

/**
 * First pass: names that would break the generated PHP or the database, all reported together.
 */

/** The DTO keeps the list of sent fields in a property of this name. */
const DTO_RESERVED_FIELD = 'provided';

/** JsonResource::$wrap: Laravel does not wrap a resource whose array already has this key. */
const RESOURCE_WRAPPER = 'data';

/** Columns the migration always writes itself (`id()`, `timestamps()`, `softDeletes()`). */
const IMPLICIT_COLUMNS = ['created_at', 'updated_at', 'deleted_at'];

/** Public members of Eloquent's Model that a same-named attribute would shadow, breaking the model. */
const ELOQUENT_MEMBERS = ['exists', 'incrementing', 'timestamps', 'wasrecentlycreated', 'usesuniqueids', 'preventslazyloading'];

/**
 * An entity's table is its plural snake case name (`BlogPost`, `blog_posts`), which must fit a database
 * identifier; 48 characters leave room for the underscores and the plural.
 */
const MAX_ENTITY_NAME_LENGTH = 48;

const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;


/**
 * Short names of the framework classes the generated files import next to the entity's own class: an
 * entity of the same name would be imported twice, which PHP refuses.
 */
const IMPORTED_CLASS_NAMES = [
  'AnonymousResourceCollection', 'Arr', 'Blueprint', 'Builder', 'Carbon', 'Controller', 'DatabaseTransactions', 'Factory', 'Fillable',
  'FormRequest', 'Gate', 'HasFactory', 'JsonResource', 'JsonResponse', 'LengthAwarePaginator', 'Migration', 'Model',
  'RefreshDatabase', 'Request', 'Response', 'Route', 'Rule', 'Schema', 'Seeder', 'SoftDeletes', 'Str', 'Table',
  'TestCase', 'ValidationRule',
];

const SIMPLE_PAGINATOR = 'Paginator';

/**
 * The relation classes and the collection the models of an API with relations import (a relation declared
 * anywhere adds its inverse elsewhere, so any entity may need them).
 */
const RELATION_CLASS_NAMES = ['BelongsTo', 'BelongsToMany', 'Collection', 'HasMany', 'HasOne', 'MorphMany', 'MorphOne', 'MorphTo'];

export function validateNames(model: SourceModel): Diagnostic[] {
  const hasRelations = model.entities.some((entity) => entity.relations.length > 0);
  const imported = hasRelations ? [...IMPORTED_CLASS_NAMES, ...RELATION_CLASS_NAMES] : IMPORTED_CLASS_NAMES;
  return model.entities.flatMap((entity) => [
    // The service of an entity paged without a count imports Laravel's Paginator beside the entity's model.
    ...validateEntityName(entity, entity.options?.simplePagination === true ? [...imported, SIMPLE_PAGINATOR] : imported),
    ...validateTable(entity),
    ...validateFields(entity),
    ...validateRenames(entity),
  ]);
}

/** A table the input names reaches the model's `$table` and the migration: a plain database identifier. */
function validateTable(entity: SourceEntity): Diagnostic[] {
  const { table, span } = entity;
  if (table === undefined) return [];
  if (!TABLE_NAME.test(table) || table.length > MAX_DATABASE_NAME_LENGTH) {
    return [
      error(
        'invalid_table_name',
        `table "${table}" of ${entity.name} is not a plain table name: use letters, digits and underscores, starting with a letter or an underscore, ${MAX_DATABASE_NAME_LENGTH} characters at most`,
        span,
      ),
    ];
  }
  return [];
}

function validateEntityName(entity: SourceEntity, importedClassNames: readonly string[]): Diagnostic[] {
  const { name, span } = entity;
  if (!NAME.test(name)) {
    return [
      error(
        'invalid_entity_name',
        `"${name}" is not a valid PHP class name: use letters, digits and underscores, starting with a letter (e.g. Post, BlogPost)`,
        span,
      ),
    ];
  }
  if (name.length > MAX_ENTITY_NAME_LENGTH) {
    return [error('invalid_entity_name', `entity name "${name}" is longer than ${MAX_ENTITY_NAME_LENGTH} characters, too long for its table's name`, span)];
  }
  if (isReservedClassName(name)) {
    return [error('reserved_word', `"${name}" is a reserved word in PHP and cannot name a class`, span, `try ${name}Item or ${name}Entry`)];
  }
  const clash = importedClassNames.find((imported) => imported.toLowerCase() === name.toLowerCase());
  if (clash !== undefined) {
    return [error('reserved_word', `"${name}" would clash with the framework class ${clash} that the generated files import`, span, `try ${name}Item or ${name}Entry`)];
  }
  return [];
}

function validateFields(entity: SourceEntity): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const seen = new Map<string, string>();
  for (const field of entity.fields) {
    const problem = fieldNameProblem(field.name, field.primary);
    if (problem !== undefined) diagnostics.push(error(problem.code, problem.message, field.span, problem.hint));
    // Columns are case-insensitive in MySQL, and the DTO names its properties in camel case.
    const folded = camel(field.name).toLowerCase();
    const earlier = seen.get(folded);
    if (earlier !== undefined) {
      diagnostics.push(error('duplicate_field', `field "${field.name}" is declared twice in ${entity.name} (first as "${earlier}")`, field.span));
    }
    seen.set(folded, field.name);
  }
  const primaries = entity.fields.filter((field) => field.primary);
  for (const extra of primaries.slice(1)) {
    diagnostics.push(error('multiple_primary_keys', `${entity.name} has more than one :primary field; composite keys are not supported`, extra.span));
  }
  for (const key of primaries) {
    if (key.nullable) {
      diagnostics.push(error('invalid_primary_key_type', `primary key "${key.name}" cannot be nullable`, key.span));
    }
    if (!isKeyFieldType(key.type)) {
      diagnostics.push(
        error('invalid_primary_key_type', `primary key "${key.name}" cannot be of type ${key.type}: use ${KEY_FIELD_TYPES.join(', ')}`, key.span),
      );
    }
  }
  return diagnostics;
}

/**
 * `renamed_from`: the old name is a field name like any other, and names one column only. Old names are
 * compared without case, as MySQL compares columns; a field renamed only in case is a rename still.
 */
function validateRenames(entity: SourceEntity): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const renamedFirst = new Map<string, string>();
  const fieldNames = new Map(entity.fields.map((field) => [field.name.toLowerCase(), field.name]));
  for (const field of entity.fields) {
    const { renamedFrom } = field;
    if (renamedFrom === undefined) continue;
    const span = field.renamedFromSpan ?? field.span;
    const rename = (message: string, hint?: string) => diagnostics.push(error('invalid_rename', message, span, hint));
    const problem = fieldNameProblem(renamedFrom, false);
    const folded = renamedFrom.toLowerCase();
    const earlier = renamedFirst.get(folded);
    const namesake = fieldNames.get(folded);
    if (problem !== undefined) {
      diagnostics.push(error(problem.code, `renamed_from of "${field.name}": ${problem.message}`, span));
    } else if (field.primary) {
      rename(`"${field.name}" is the primary key of ${entity.name}: renaming the primary key is not supported`, 'drop renamed_from, or rename the key in a migration of your own');
    } else if (renamedFrom === field.name) {
      rename(`field "${field.name}" is renamed from its own name`, 'drop renamed_from: the field keeps its name');
    } else if (earlier !== undefined) {
      rename(`"${field.name}" and "${earlier}" of ${entity.name} are both renamed from "${renamedFrom}": a column becomes one field`);
    } else if (namesake !== undefined && namesake !== field.name) {
      rename(
        `"${field.name}" is renamed from "${renamedFrom}", which ${entity.name} declares as a field too: the column cannot be renamed and kept at once`,
        `drop renamed_from to add "${field.name}" as a new column, or give the field "${namesake}" another name`,
      );
    }
    if (earlier === undefined) renamedFirst.set(folded, field.name);
  }
  return diagnostics;
}

function fieldNameProblem(
  name: string,
  primary: boolean,
): { code: 'invalid_identifier' | 'reserved_field'; message: string; hint?: string } | undefined {
  if (!NAME.test(name)) {
    return { code: 'invalid_identifier', message: `"${name}" is not a valid field name: use letters, digits and underscores, starting with a letter` };
  }
  if (name.length > MAX_DATABASE_NAME_LENGTH) {
    return { code: 'invalid_identifier', message: `field name "${name}" is longer than ${MAX_DATABASE_NAME_LENGTH} characters, too long for a database column` };
  }
  const folded = name.toLowerCase();
  if (folded === DTO_RESERVED_FIELD) {
    return { code: 'reserved_field', message: `a field cannot be named "provided": the DTO keeps its list of sent fields under that name` };
  }
  if (folded === 'id' && !primary) {
    return { code: 'reserved_field', message: `"id" is the default primary key, written by the migration itself`, hint: 'write id:uuid:primary to change its type' };
  }
  if (IMPLICIT_COLUMNS.includes(folded)) {
    return { code: 'reserved_field', message: `"${name}" is written by the migration itself (timestamps or soft deletes)` };
  }
  if (folded === RESOURCE_WRAPPER) {
    return { code: 'reserved_field', message: `a field cannot be named "data": a resource holding a "data" key is answered unwrapped, so the API would change shape` };
  }
  if (ELOQUENT_MEMBERS.includes(folded)) {
    return { code: 'reserved_field', message: `"${name}" would shadow Eloquent's Model::$${name}` };
  }
  return undefined;
}
