import type { Entity, Field } from '../../../ir/ir.generated.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult } from '../../emit-result.js';
import { castExpression, propertyType, TIMESTAMP_PROPERTY_TYPE, type PhpDocType } from '../values/field-types.js';
import { isLegacyModelStub, legacyModelValues } from '../values/legacy-stubs.js';
import { relationImports, relationMethods, relationPropertyTags } from '../values/model-relations.js';
import { phpScalar, phpString, renderImports } from '../values/php-literals.js';
import { clientColumns, foreignKeyField, writableColumns } from '../values/relation-columns.js';

const MODEL_NAMESPACE = 'App\\Models';
const ELOQUENT = 'Illuminate\\Database\\Eloquent';
const ATTRIBUTES = `${ELOQUENT}\\Attributes`;

/**
 * `app/Models/<Class>.php`. Laravel 12 declares the key and the fillable columns as properties; 13 as class
 * attributes (12 would silently ignore the attributes, 13 reads both). Casts are always a `casts()` method.
 */
/** Where the entity's model lives: `make` writes it there, `delete` removes it. */
export function modelPath(entity: Entity): string {
  return `app/Models/${entity.naming.className}.php`;
}

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
    // Every field has a @property tag, so this also imports the enum classes that casts() names.
    ...properties.flatMap((property) => property.imports),
    ...(onAttributes ? attributeImports(entity) : []),
    ...relationImports(entity),
  ];
  const members = [
    traitUse(entity),
    ...(onAttributes ? [] : [...tableProperties(entity), ...keyProperties(entity), fillableProperty(entity), ...hiddenProperty(entity)]),
    ...defaultAttributes(entity),
    ...castsMethod(entity),
    ...relationMethods(entity),
  ];
  const legacy = legacyModelValues(
    {
      className,
      imports,
      traits: entity.softDeletes ? ['SoftDeletes'] : [],
      properties: [...tableProperties(entity), ...keyProperties(entity), fillableProperty(entity), ...hiddenProperty(entity), ...defaultAttributes(entity), ...castsMethod(entity)],
      relations: relationMethods(entity),
    },
    isLegacyModelStub(ctx.stubs.model),
  );
  return renderStubFiles(
    [
      {
        stub: 'model',
        path: modelPath(entity),
        artifact: 'Model',
        values: {
          ...legacy.values,
          namespace: MODEL_NAMESPACE,
          imports: renderImports(legacy.imports ?? imports),
          docblock: docblock([
            ...properties.map((property) => `@property ${property.type} $${property.name}`),
            ...relationPropertyTags(entity),
          ]),
          classAttributes: onAttributes ? classAttributes(entity).join('\n') : '',
          className,
          parentClass: entity.parent ?? 'Model',
          members: members.join('\n\n'),
        },
      },
    ],
    ctx,
  );
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

export function docblock(lines: readonly string[]): string {
  return ['/**', ...lines.map((line) => (line === '' ? ' *' : ` * ${line}`)), ' */'].join('\n');
}

/** Pint's `ordered_traits` wants one `use` line in alphabetical order. */
function traitUse(entity: Entity): string {
  const traits = ['HasFactory', ...(entity.softDeletes ? ['SoftDeletes'] : [])];
  return `/** @use HasFactory<${entity.naming.className}Factory> */\nuse ${traits.join(', ')};`;
}

/** A table the input names (a legacy `tbl_customer`), and a table without `created_at` and `updated_at`. */
function tableProperties(entity: Entity): string[] {
  return [
    ...(entity.table === undefined ? [] : [`${docblock(['The table the rows live in.', '', '@var string'])}\nprotected $table = ${phpString(entity.table)};`]),
    ...(entity.timestamps === false
      ? [`${docblock(['The table has no created_at and updated_at columns.', '', '@var bool'])}\npublic $timestamps = false;`]
      : []),
  ];
}

function keyProperties(entity: Entity): string[] {
  const key = entity.primaryKey;
  if (!key.custom) return [];
  return [
    `${docblock(['The column that identifies a row.', '', '@var string'])}\nprotected $primaryKey = ${phpString(key.column)};`,
    `${docblock(['The PHP type of the key.', '', '@var string'])}\nprotected $keyType = ${phpString(key.keyType)};`,
    `${docblock(['Whether the database numbers new rows.', '', '@var bool'])}\npublic $incrementing = ${String(key.incrementing)};`,
  ];
}

/** The secrets (src/passes/secrets.ts), left out of the model's array and JSON forms. */
export function hiddenColumns(entity: Entity): string[] {
  return entity.fields.filter((field) => field.secret === true).map((field) => field.name);
}

function hiddenProperty(entity: Entity): string[] {
  const hidden = hiddenColumns(entity);
  return hidden.length === 0 ? [] : [hiddenPropertyText(hidden)];
}

export function hiddenPropertyText(columns: readonly string[]): string {
  const doc = docblock(["The attributes that hold secrets: never in the model's array or JSON form.", '', '@var list<string>']);
  return `${doc}\nprotected $hidden = [\n${columns.map((name) => `    ${phpString(name)},`).join('\n')}\n];`;
}

function fillableProperty(entity: Entity): string {
  return fillablePropertyText(clientColumns(entity).map((field) => field.name));
}

export function fillablePropertyText(columns: readonly string[]): string {
  const lines = columns.map((name) => `    ${phpString(name)},`);
  return `${docblock(['The attributes that are mass assignable.', '', '@var list<string>'])}\nprotected $fillable = [\n${lines.join('\n')}\n];`;
}

/**
 * The columns' defaults, also on the model: a row created without them then answers them at once, instead of
 * null until it is read back from the database.
 */
function defaultAttributes(entity: Entity): string[] {
  const entries = entity.fields.flatMap((field) =>
    field.defaultValue === undefined ? [] : [`    ${phpString(field.name)} => ${phpScalar(field.defaultValue.value)},`],
  );
  if (entries.length === 0) return [];
  return [`${docblock(["The model's default values for attributes.", '', '@var array<string, mixed>'])}\nprotected $attributes = [\n${entries.join('\n')}\n];`];
}

/**
 * Laravel 13 only: `#[Fillable([...])]` (the array form works on every 13.x), `#[Hidden([...])]` for secrets and
 * `#[Table(...)]` for a table the input names, a table without timestamps, a custom key (every argument is
 * read since v13.0.0).
 */
function classAttributes(entity: Entity): string[] {
  const fillable = `#[Fillable([${clientColumns(entity).map((field) => phpString(field.name)).join(', ')}])]`;
  const hidden = hiddenColumns(entity);
  const hiddenAttribute = hidden.length === 0 ? [] : [`#[Hidden([${hidden.map(phpString).join(', ')}])]`];
  const tableArguments = tableAttributeArguments(entity);
  return [fillable, ...hiddenAttribute, ...(tableArguments.length === 0 ? [] : [`#[Table(${tableArguments.join(', ')})]`])];
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

function castsMethod(entity: Entity): string[] {
  const entries = castEntries(writableColumns(entity));
  return entries.length === 0 ? [] : [castsMethodText(entries)];
}

/** The `casts()` entries of the fields that need one: `'active' => 'boolean'`. */
export function castEntries(fields: readonly Field[]): string[] {
  return fields.flatMap((field) => {
    const cast = castExpression(field);
    return cast === null ? [] : [`${phpString(field.name)} => ${cast}`];
  });
}

export function castsMethodText(entries: readonly string[]): string {
  const doc = docblock(['Get the attributes that should be cast.', '', '@return array<string, string>']);
  return `${doc}\nprotected function casts(): array\n{\n    return [\n${entries.map((entry) => `        ${entry},`).join('\n')}\n    ];\n}`;
}
