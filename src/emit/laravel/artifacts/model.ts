import type { Entity, Field } from '../../../ir/ir.generated.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult } from '../../emit-result.js';
import { castExpression, propertyType, TIMESTAMP_PROPERTY_TYPE, type PhpDocType } from '../values/field-types.js';
import { isLegacyModelStub, legacyModelImports, legacyModelValues } from '../values/legacy-stubs.js';
import { relationImports, relationMethods, relationReadTags } from '../values/model-relations.js';
import { phpScalar, phpString, renderImports } from '../values/php-literals.js';
import { clientColumns, foreignKeyField, writableColumns } from '../values/relation-columns.js';
import { partial, type EmitterValues } from '../values/stub-values/registry.js';
import type { TypedName } from '../values/stub-values/model.js';
import { placeholdersOf } from '../../render-stub.js';

const MODEL_NAMESPACE = 'App\\Models';
const ELOQUENT = 'Illuminate\\Database\\Eloquent';
const ATTRIBUTES = `${ELOQUENT}\\Attributes`;

/** Where the entity's model lives: `make` writes it there, `delete` removes it. */
export function modelPath(entity: Entity): string {
  return `app/Models/${entity.naming.className}.php`;
}

/**
 * `app/Models/<Class>.php`. Laravel 12 declares the key and the fillable columns as properties; 13 as class
 * attributes (12 would silently ignore the attributes, 13 reads both). Casts are always a `casts()` method.
 */
export function emitModel(entity: Entity, ctx: EmitContext): EmitResult {
  const { className } = entity.naming;
  const onAttributes = ctx.project.framework === 13;
  const properties = propertyTags(entity);
  const imports = [
    // A child entity extends its parent's model, which lives in the same namespace.
    ...(entity.parent === undefined ? [`${ELOQUENT}\\Model`] : []),
    `${ELOQUENT}\\Factories\\HasFactory`,
    `Database\\Factories\\${className}Factory`,
    ...(entity.softDeletes ? [`${ELOQUENT}\\SoftDeletes`] : []),
    ...(entity.primaryKey.fieldType === 'uuid' ? ['Illuminate\\Support\\Str'] : []),
    // Every field has a @property tag, so this also imports the enum classes that casts() names.
    ...properties.flatMap((property) => property.imports),
    ...(onAttributes ? attributeImports(entity) : []),
    ...relationImports(entity),
  ];
  const members = memberValues(entity);
  const relations = relationMethods(entity);
  const docblock = partial('model.docblock', { properties: properties.map(({ type, name }) => ({ type, name })), relations: relationReadTags(entity) });
  return renderStubFiles(
    [
      {
        stub: 'model',
        path: modelPath(entity),
        artifact: 'Model',
        values: {
          namespace: MODEL_NAMESPACE,
          imports: renderImports(isLegacyModelStub(ctx.stubs.model) ? legacyModelImports(entity, ctx.stubs.model, imports, docblockClasses(ctx.stubs.model, properties, relationReadTags(entity))) : imports),
          docblock,
          classAttributes: onAttributes ? partial('model.class-attributes', classAttributes(entity)) : '',
          className,
          parentClass: entity.parent ?? 'Model',
          members: partial('model.members', { ...members, onAttributes, relations: partial('model.relations', { relations }) }),
          ...legacyModelValues(entity, members, relations),
          phpdoc: docblock,
        },
      },
    ],
    ctx,
  );
}

/** What the members are made of, Laravel 12 or 13 alike: the stub leaves out on 13 the properties only 12 declares. */
function memberValues(entity: Entity): Omit<EmitterValues<'model.members'>, 'onAttributes' | 'relations'> {
  const key = entity.primaryKey;
  const hidden = hiddenColumns(entity).map(phpString);
  const casts = castEntries(writableColumns(entity));
  return {
    factory: `${entity.naming.className}Factory`,
    // Pint's `ordered_traits` wants one `use` line in alphabetical order.
    traits: ['HasFactory', ...(entity.softDeletes ? ['SoftDeletes'] : [])],
    table: entity.table === undefined ? '' : phpString(entity.table),
    withoutTimestamps: entity.timestamps === false,
    primaryKey: key.custom ? phpString(key.column) : '',
    keyType: key.custom ? phpString(key.keyType) : '',
    incrementing: key.custom ? String(key.incrementing) : '',
    fillableProperty: partial('model.fillable', { fillable: clientColumns(entity).map((field) => phpString(field.name)) }),
    hiddenProperty: hidden.length === 0 ? '' : partial('model.hidden', { hidden }),
    defaults: defaultAttributes(entity),
    castsMethod: casts.length === 0 ? '' : partial('model.casts', { casts }),
    routeKey: key.fieldType,
  };
}

export interface PropertyTag extends PhpDocType {
  name: string;
}

/**
 * What IDEs and static analysis know of the attributes, in the migration's column order: the key, the foreign
 * keys, the morph columns, the fields (and the other columns an existing model shows), the timestamps.
 */
export function propertyTags(entity: Entity): PropertyTag[] {
  const key = entity.primaryKey;
  const keyField = entity.fields.find((field) => key.custom && field.name === key.column);
  const keyTag: PropertyTag =
    keyField === undefined
      ? { name: key.column, type: 'int', imports: [] }
      : { name: keyField.name, ...propertyType({ ...keyField, nullable: false }) };
  const foreignKeyTags = entity.foreignKeys.map(foreignKeyField).map((field) => ({ name: field.name, ...propertyType(field) }));
  const morphTags = entity.morphs.flatMap((morph) => [
    { name: `${morph}_type`, type: 'string|null', imports: [] },
    { name: `${morph}_id`, type: 'int|null', imports: [] },
  ]);
  const fieldTags = [...entity.fields.filter((field) => field !== keyField), ...(entity.existing?.shownColumns ?? [])].map((field) => ({
    name: field.name,
    ...propertyType(field),
  }));
  const timestamps = [...(entity.timestamps === false ? [] : ['created_at', 'updated_at']), ...(entity.softDeletes ? ['deleted_at'] : [])];
  return [keyTag, ...foreignKeyTags, ...morphTags, ...fieldTags, ...timestamps.map((name) => ({ name, ...TIMESTAMP_PROPERTY_TYPE }))];
}

/** The secrets (src/passes/secrets.ts), left out of the model's array and JSON forms. */
export function hiddenColumns(entity: Entity): string[] {
  return entity.fields.filter((field) => field.secret === true).map((field) => field.name);
}

/**
 * The columns' defaults, also on the model: a row created without them then answers them at once, instead of
 * null until it is read back from the database.
 */
function defaultAttributes(entity: Entity): string[] {
  return entity.fields.flatMap((field) => (field.defaultValue === undefined ? [] : [`${phpString(field.name)} => ${phpScalar(field.defaultValue.value)}`]));
}

/**
 * Laravel 13 only: `#[Fillable([...])]` (the array form works on every 13.x), `#[Hidden([...])]` for secrets and
 * `#[Table(...)]` for a table the input names, a table without timestamps, a custom key (every argument is
 * read since v13.0.0).
 */
function classAttributes(entity: Entity): EmitterValues<'model.class-attributes'> {
  return {
    fillable: clientColumns(entity).map((field) => phpString(field.name)),
    hidden: hiddenColumns(entity).map(phpString),
    tableArguments: tableAttributeArguments(entity),
  };
}

function tableAttributeArguments(entity: Entity): string[] {
  const key = entity.primaryKey;
  return [
    ...(entity.table === undefined ? [] : [`name: ${phpString(entity.table)}`]),
    ...(key.custom ? [`key: ${phpString(key.column)}`, `keyType: ${phpString(key.keyType)}`, `incrementing: ${String(key.incrementing)}`] : []),
    ...(entity.timestamps === false ? ['timestamps: false'] : []),
  ];
}

function attributeImports(entity: Entity): string[] {
  return [
    `${ATTRIBUTES}\\Fillable`,
    ...(hiddenColumns(entity).length > 0 ? [`${ATTRIBUTES}\\Hidden`] : []),
    ...(tableAttributeArguments(entity).length > 0 ? [`${ATTRIBUTES}\\Table`] : []),
  ];
}

/** The `casts()` entries of the fields that need one: `'active' => 'boolean'`. */
export function castEntries(fields: readonly Field[]): string[] {
  return fields.flatMap((field) => {
    const cast = castExpression(field);
    return cast === null ? [] : [`${phpString(field.name)} => ${cast}`];
  });
}

/** The classes the docblock names, where a 3.x model stub places it (`{{phpdoc}}`, since 3.7): they are imported then. */
function docblockClasses(template: string, properties: readonly PropertyTag[], relations: readonly TypedName[]): string[] {
  if (!placeholdersOf(template).some((found) => found.placeholder === 'phpdoc')) return [];
  const readsMany = relations.some((relation) => relation.type.startsWith('Collection<'));
  return [...properties.flatMap((property) => property.imports), ...(readsMany ? ['Collection'] : [])];
}
