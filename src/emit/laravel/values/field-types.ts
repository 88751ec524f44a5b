import { error, type Diagnostic } from '../../../diagnostics/diagnostic.js';
import type { Entity, Field, FieldType } from '../../../ir/ir.generated.js';
import { phpString } from './php-literals.js';

/**
 * What each field type becomes in each Laravel artifact: one exhaustive table per concern, so a new
 * FieldType does not compile until every table maps it. The resolvers below the tables only fill in what a
 * table cannot know (the field's own enum class, uniqueness).
 */

/** Stands in a table for the field's own enum class, `App\Enums\<Entity><Field>`, which only the field knows. */
export const OWN_ENUM = Symbol("the field's own enum class");
type OwnEnum = typeof OWN_ENUM;

export const ENUM_NAMESPACE = 'App\\Enums';
const CARBON = 'Illuminate\\Support\\Carbon';

/** The Blueprint method that creates a column, and any arguments after the column name. */
export interface ColumnMethod {
  method: string;
  extraArguments?: string;
}

export const MIGRATION_COLUMN: Record<FieldType, ColumnMethod> = {
  string: { method: 'string' },
  text: { method: 'text' },
  boolean: { method: 'boolean' },
  integer: { method: 'integer' },
  bigint: { method: 'bigInteger' },
  // Blueprint::float() defaults to precision 53: a double on every database.
  float: { method: 'float' },
  // Money-sized amounts: eight digits before the point, two after; the cast and the factory agree on two.
  decimal: { method: 'decimal', extraArguments: '10, 2' },
  json: { method: 'json' },
  date: { method: 'date' },
  datetime: { method: 'dateTime' },
  timestamp: { method: 'timestamp' },
  uuid: { method: 'uuid' },
  // A plain string, not Blueprint::enum(): adding a case later is a code change to the enum class only, with
  // no ALTER of a database enum or CHECK constraint. The model's enum cast keeps the values honest.
  enum: { method: 'string' },
};

/** The model's `casts()` entry, or null where Eloquent's default (the raw string) is right. */
export const MODEL_CAST: Record<FieldType, string | OwnEnum | null> = {
  string: null,
  text: null,
  boolean: 'boolean',
  integer: 'integer',
  bigint: 'integer',
  float: 'float',
  decimal: 'decimal:2',
  json: 'array',
  date: 'date',
  datetime: 'datetime',
  timestamp: 'datetime',
  uuid: null,
  enum: OWN_ENUM,
};

/** A PHP type as a docblock writes it, and the classes it names. */
export interface PhpDocType {
  type: string;
  imports: readonly string[];
}

/** The attribute's PHP type after MODEL_CAST, for the model's `@property` tags. */
export const PROPERTY_TYPE: Record<FieldType, PhpDocType | OwnEnum> = {
  string: { type: 'string', imports: [] },
  text: { type: 'string', imports: [] },
  boolean: { type: 'bool', imports: [] },
  integer: { type: 'int', imports: [] },
  bigint: { type: 'int', imports: [] },
  float: { type: 'float', imports: [] },
  // The `decimal:2` cast yields a string, so no precision is lost in a float.
  decimal: { type: 'string', imports: [] },
  json: { type: 'array<array-key, mixed>', imports: [] },
  date: { type: 'Carbon', imports: [CARBON] },
  datetime: { type: 'Carbon', imports: [CARBON] },
  timestamp: { type: 'Carbon', imports: [CARBON] },
  uuid: { type: 'string', imports: [] },
  enum: OWN_ENUM,
};

/** The type of `created_at`, `updated_at` and `deleted_at`. */
export const TIMESTAMP_PROPERTY_TYPE: PhpDocType = { type: 'Carbon|null', imports: [CARBON] };

/**
 * How the factory fills a column: a Faker call written after `fake()->` (a unique field inserts `unique()->`),
 * a number between two bounds (which a field's `min:` and `max:` rules may narrow), a PHP expression that is
 * no single Faker call, or a random case of the field's enum class.
 */
export type FactoryValue = { faker: string } | { between: readonly [number, number] } | { php: string } | OwnEnum;

/** Values that fit the column and the validation rules a client must pass for the same field. */
export const FACTORY_VALUE: Record<FieldType, FactoryValue> = {
  string: { faker: 'words(3, true)' },
  text: { faker: 'paragraph()' },
  boolean: { faker: 'boolean()' },
  integer: { between: [1, 100000] },
  bigint: { between: [1, 1000000000] },
  float: { between: [0, 1000] },
  decimal: { between: [0, 10000] },
  json: { php: "['key' => fake()->word()]" },
  date: { faker: 'date()' },
  datetime: { faker: 'dateTime()' },
  timestamp: { faker: 'dateTime()' },
  uuid: { faker: 'uuid()' },
  enum: OWN_ENUM,
};

/** Where a custom primary key needs another value than FACTORY_VALUE: keys travel in URLs, so no spaces. */
export const PRIMARY_KEY_FACTORY_VALUE: Partial<Record<FieldType, FactoryValue>> = {
  string: { faker: 'slug(3)' },
};

/**
 * The emitters refuse an entity whose enum field lacks its class (the enums pass must have run), so the
 * resolvers below may read `field.enumClass` of an enum field without another check.
 */
export function enumFieldsWithoutClass(entity: Entity): Diagnostic[] {
  return entity.fields
    .filter((field) => field.type === 'enum' && field.enumClass === undefined)
    .map((field) =>
      error('internal_error', `enum field ${entity.naming.className}.${field.name} reached the emitters without an enum class`, field.span),
    );
}

/** The short name of an enum field's class (present: see enumFieldsWithoutClass). */
function ownEnum(field: Field): string {
  return field.enumClass?.className ?? '';
}

export function qualifiedEnumClass(field: Field): string {
  return `${ENUM_NAMESPACE}\\${ownEnum(field)}`;
}

/** The PHP expression of the field's `casts()` entry, or null when it needs none; a password's is `hashed`. */
export function castExpression(field: Field): string | null {
  if (field.hashed === true) return phpString('hashed');
  const cast = MODEL_CAST[field.type];
  if (cast === OWN_ENUM) return `${ownEnum(field)}::class`;
  return cast === null ? null : phpString(cast);
}

/** The field's `@property` type, `|null` when the column is nullable. */
export function propertyType(field: Field): PhpDocType {
  const type = PROPERTY_TYPE[field.type];
  const resolved = type === OWN_ENUM ? { type: ownEnum(field), imports: [qualifiedEnumClass(field)] } : type;
  return field.nullable ? { type: `${resolved.type}|null`, imports: resolved.imports } : resolved;
}

/** The factory's PHP expression for the field, of its type's value unless another is given. */
export function factoryExpression(field: Field, isPrimaryKey: boolean, chosen?: FactoryValue): string {
  const value = chosen ?? (isPrimaryKey ? PRIMARY_KEY_FACTORY_VALUE[field.type] : undefined) ?? FACTORY_VALUE[field.type];
  if (value !== OWN_ENUM && 'php' in value) return value.php;
  const call = value === OWN_ENUM ? `randomElement(${ownEnum(field)}::cases())` : 'between' in value ? numberCall(field.type, value.between) : value.faker;
  return field.unique || isPrimaryKey ? `fake()->unique()->${call}` : `fake()->${call}`;
}

/** Whole numbers for whole-number columns; two decimals for the others, as the `decimal:2` cast keeps. */
function numberCall(type: FieldType, [low, high]: readonly [number, number]): string {
  return type === 'integer' || type === 'bigint' ? `numberBetween(${low}, ${high})` : `randomFloat(2, ${low}, ${high})`;
}
