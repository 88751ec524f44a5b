import type { Entity } from '../../../ir/ir.generated.js';
import { plural } from '../../../passes/naming/str.js';
import { placeholdersOf } from '../../render-stub.js';
import { blueprintCalls } from './blueprint.js';
import { renderImports } from './php-literals.js';
import { relationMethods } from './model-relations.js';
import { writableColumns } from './relation-columns.js';
import type { RelationMethod } from './stub-values/model.js';
import { partial, type EmitterValues } from './stub-values/registry.js';

/**
 * The placeholders of the stubs 3.x published, which 4.0 still fills: a project upgraded with its published
 * 3.x stubs keeps generating. 3.x stubs wrote `use HasFactory;`, `$table->id();` and `$table->timestamps();`
 * themselves and placed some blocks at the margin of a line; the values here are shaped for those stubs.
 */

/** A model stub of 3.x: it places `{{traits}}` or `{{fillable}}` and not 4.0's `{{members}}`. */
export function isLegacyModelStub(template: string): boolean {
  const used = new Set(placeholdersOf(template).map((found) => found.placeholder));
  return !used.has('members') && ['traits', 'fillable', 'relationships'].some((name) => used.has(name));
}

/** The classes a stub imports itself: 3.x's model stub writes `use ...\\HasFactory;` and `use ...\\Model;` before `{{imports}}`. */
function importedByStub(template: string): ReadonlySet<string> {
  return new Set([...template.matchAll(/^use ([A-Za-z_\\][\w\\]*);$/gm)].map((found) => found[1] ?? ''));
}

/**
 * `{{modelName}}`, `{{traits}}`, `{{fillable}}` (the members but the trait use and the relations, as properties
 * on Laravel 13 too: a 3.x stub has no `{{classAttributes}}`) and `{{relationships}}`.
 */
export function legacyModelValues(entity: Entity, members: Omit<EmitterValues<'model.members'>, 'onAttributes' | 'relations'>, relations: readonly RelationMethod[]): LegacyModelValues {
  return {
    modelName: entity.naming.className,
    // 3.x stubs hold this at the margin, inside the class body.
    traits: entity.softDeletes ? '    use SoftDeletes;' : '',
    fillable: partial('model.members', { ...members, traits: [], onAttributes: false, relations: '' }),
    relationships: partial('model.relations', { relations }, (methods) => (methods === '' ? '' : `\n${indented(methods, '    ')}`)),
  };
}

type LegacyModelValues = Required<Pick<EmitterValues<'model'>, 'modelName' | 'traits' | 'fillable' | 'relationships'>>;

/**
 * A 3.x stub has no class attributes and no `@use` tag: of the 4.0 model's imports, only the classes its body
 * names (the parent class, the traits, the relations' classes and the enums of the casts) and those of the
 * docblock where it places 3.7's `{{phpdoc}}` (`docblockClasses`: the imports of its tags); none the stub
 * imports itself.
 */
export function legacyModelImports(entity: Entity, template: string, imports: readonly string[], docblockClasses: readonly string[]): string[] {
  const written = importedByStub(template);
  const named = new Set([
    ...docblockClasses.map(shortName),
    entity.parent ?? 'Model',
    'HasFactory',
    ...(entity.softDeletes ? ['SoftDeletes'] : []),
    ...relationMethods(entity).map((method) => method.relationClass),
    ...writableColumns(entity).flatMap((field) => (field.type === 'enum' && field.hashed !== true && field.enumClass !== undefined ? [field.enumClass.className] : [])),
  ]);
  return imports.filter((name) => !written.has(name) && named.has(shortName(name)));
}

export interface LegacyMigrationParts {
  table: string;
  /** The Blueprint calls of the relation columns: foreign keys and morphs. */
  references: readonly string[];
  /** The Blueprint calls of the fields' columns. */
  fields: readonly string[];
  /** The Blueprint calls of the indexes over several columns (Entity.indexes). */
  indexes: readonly string[];
  softDeletes: boolean;
  /** The Blueprint call of the key column: `id()`, or a custom key's column with `->primary()`. */
  key: string;
}

/**
 * `{{tableName}}`, `{{fields}}`, `{{foreignKeys}}`, `{{softDeletes}}` and 3.7's `{{idColumn}}` of a 3.x
 * migration stub, which writes the timestamps (and before 3.7 the key) itself and holds the last three at the
 * margin, inside `Schema::create`.
 */
export function legacyMigrationValues(parts: LegacyMigrationParts): Required<Pick<EmitterValues<'migrations'>, 'tableName' | 'idColumn' | 'fields' | 'foreignKeys' | 'softDeletes'>> {
  const inSchemaCreate = (lines: string) => indented(lines, ' '.repeat(12));
  return {
    tableName: parts.table,
    idColumn: blueprintCalls([parts.key], inSchemaCreate),
    // A 3.x stub has no place of its own for indexes; Laravel runs them after the columns wherever they stand.
    fields: blueprintCalls([...parts.fields, ...parts.indexes]),
    foreignKeys: blueprintCalls(parts.references, inSchemaCreate),
    softDeletes: parts.softDeletes ? blueprintCalls(['softDeletes()'], inSchemaCreate) : '',
  };
}

/**
 * `{{modelName}}`, `{{modelNameLower}}` and `{{pluralName}}` of 3.x's class stubs. `modelNameLower` was the
 * lowercase class and is now the variable route model binding fills (`blogPost` for `{blog_post}`): 3.x bound
 * no model by name, 4.0 binds nothing else. `pluralName` keeps its 3.x value, a word that may name a variable.
 */
export function names3x(entity: Entity): { modelName: string; modelNameLower: string; pluralName: string } {
  const { className, modelVariable } = entity.naming;
  return { modelName: className, modelNameLower: modelVariable, pluralName: plural(className.toLowerCase()) };
}

/** 3.x's `{{factoryImports}}`: the `use` lines but the model's and `Factory`'s, each after a newline, to follow the import of `Factory` on its line. */
export function factoryImports3x(entity: Entity, imports: readonly string[]): string {
  const written = new Set([`App\\Models\\${entity.naming.className}`, 'Illuminate\\Database\\Eloquent\\Factories\\Factory']);
  const rest = imports.filter((name) => !written.has(name));
  return rest.length === 0 ? '' : `\n${renderImports(rest)}`;
}

/** A block a 3.x stub places at the margin of the class body, such as the controller's `{{softDeleteMethods}}`. */
export function indentedInClass(text: string): string {
  return indented(text, '    ');
}

function shortName(className: string): string {
  return className.slice(className.lastIndexOf('\\') + 1);
}

function indented(text: string, indent: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '' : indent + line))
    .join('\n');
}
