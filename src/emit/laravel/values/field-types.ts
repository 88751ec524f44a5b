import type { EnumField, Field, FieldType, KeyFieldType, ValueField, ValueFieldType } from '../../../ir/ir.generated.js';
import { isKeyFieldType } from '../../../passes/keys.js';
import { DEFAULT_DECIMAL_DIGITS, decimalDigits } from '../../../ir/column-sizes.js';
import { phpString } from './php-literals.js';

/**
 * What each field type becomes in each Laravel artifact: one exhaustive table per concern, so a new
 * FieldType does not compile until every table maps it. An enum field is its own enum class's
 * (`App\Enums\<Entity><Field>`), which only the field knows: the resolvers below the tables read it there,
 * and fill in what else a table cannot know (uniqueness).
 */

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
  decimal: { method: 'decimal', extraArguments: `${DEFAULT_DECIMAL_DIGITS.precision}, ${DEFAULT_DECIMAL_DIGITS.scale}` },
  json: { method: 'json' },
  date: { method: 'date' },
  datetime: { method: 'dateTime' },
  timestamp: { method: 'timestamp' },
  uuid: { method: 'uuid' },
  // A plain string, not Blueprint::enum(): adding a case later is a code change to the enum class only, with
  // no ALTER of a database enum or CHECK constraint. The model's enum cast keeps the values honest.
  enum: { method: 'string' },
};

/** The text column methods of the larger text sizes (MySQL's MEDIUMTEXT and LONGTEXT; a text elsewhere). */
const TEXT_SIZE_METHOD = { medium: 'mediumText', long: 'longText' } as const;

/** The Blueprint method of the field's column: its type's, with the field's own length, digits or text size. */
export function fieldColumnMethod(field: Field): ColumnMethod {
  const size = field.type === 'enum' ? undefined : field.size;
  if (size === undefined) return MIGRATION_COLUMN[field.type];
  if (field.type === 'string' && size.length !== undefined) return { method: 'string', extraArguments: String(size.length) };
  if (field.type === 'decimal') {
    const { precision, scale } = decimalDigits(size);
    return { method: 'decimal', extraArguments: `${precision}, ${scale}` };
  }
  if (field.type === 'text' && size.text !== undefined) return { method: TEXT_SIZE_METHOD[size.text] };
  return MIGRATION_COLUMN[field.type];
}

/** The model's `casts()` entry, or null where Eloquent's default (the raw string) is right. */
export const MODEL_CAST: Record<ValueFieldType, string | null> = {
  string: null,
  text: null,
  boolean: 'boolean',
  integer: 'integer',
  bigint: 'integer',
  float: 'float',
  decimal: `decimal:${DEFAULT_DECIMAL_DIGITS.scale}`,
  json: 'array',
  // Serialised as the date alone (`2026-01-31`) where the model is answered as an array: a morph's owner, JSON:API.
  date: 'date:Y-m-d',
  datetime: 'datetime',
  timestamp: 'datetime',
  uuid: null,
};

/** A PHP type as a docblock writes it, and the classes it names. */
export interface PhpDocType {
  type: string;
  imports: readonly string[];
}

/** The attribute's PHP type after MODEL_CAST, for the model's `@property` tags. */
export const PROPERTY_TYPE: Record<ValueFieldType, PhpDocType> = {
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
};

/** The type of `created_at`, `updated_at` and `deleted_at`. */
export const TIMESTAMP_PROPERTY_TYPE: PhpDocType = { type: 'Carbon|null', imports: [CARBON] };

/**
 * How the factory fills a column: a Faker call written after `fake()->` (a unique field inserts `unique()->`),
 * a number between two bounds (which a field's `min:` and `max:` rules may narrow), a PHP expression that is
 * no single Faker call. An enum field's is a random case of its class.
 */
export type FactoryValue = { faker: string } | { between: readonly [number, number] } | { php: string };

/** Values that fit the column and the validation rules a client must pass for the same field. */
export const FACTORY_VALUE: Record<ValueFieldType, FactoryValue> = {
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
};

/** Where a custom primary key needs another value than FACTORY_VALUE: keys travel in URLs, so no spaces. */
export const PRIMARY_KEY_FACTORY_VALUE: Partial<Record<KeyFieldType, FactoryValue>> = {
  string: { faker: 'slug(3)' },
};

/** Faker's slug(3) is three words of up to about fifteen letters and two hyphens. */
const LONGEST_SLUG = 50;

/** A custom key's value: a string key shorter than a slug gets letters of its length, URL-safe too. */
function primaryKeyValue(field: ValueField): FactoryValue | undefined {
  const length = field.size?.length;
  if (field.type === 'string' && length !== undefined && length < LONGEST_SLUG) return { faker: `lexify('${'?'.repeat(length)}')` };
  return isKeyFieldType(field.type) ? PRIMARY_KEY_FACTORY_VALUE[field.type] : undefined;
}

export function qualifiedEnumClass(field: EnumField): string {
  return `${ENUM_NAMESPACE}\\${field.enumClass.className}`;
}

/** The PHP expression of the field's `casts()` entry, or null when it needs none; a password's is `hashed`. */
export function castExpression(field: Field): string | null {
  if (field.hashed === true) return phpString('hashed');
  if (field.type === 'enum') return `${field.enumClass.className}::class`;
  if (field.type === 'decimal') return phpString(`decimal:${decimalDigits(field.size).scale}`);
  const cast = MODEL_CAST[field.type];
  return cast === null ? null : phpString(cast);
}

/** The field's `@property` type, `|null` when the column is nullable. */
export function propertyType(field: Field): PhpDocType {
  const resolved = field.type === 'enum' ? { type: field.enumClass.className, imports: [qualifiedEnumClass(field)] } : PROPERTY_TYPE[field.type];
  return field.nullable ? { type: `${resolved.type}|null`, imports: resolved.imports } : resolved;
}

/** The factory's PHP expression for an enum field: a random case of its class. */
export function enumFactoryExpression(field: EnumField): string {
  const call = `randomElement(${field.enumClass.className}::cases())`;
  return field.unique ? `fake()->unique()->${call}` : `fake()->${call}`;
}

/** The factory's PHP expression for the field, of its type's value unless another is given. */
export function factoryExpression(field: ValueField, isPrimaryKey: boolean, chosen?: FactoryValue): string {
  const keyValue = isPrimaryKey && isKeyFieldType(field.type) ? primaryKeyValue(field) : undefined;
  const value = chosen ?? keyValue ?? FACTORY_VALUE[field.type];
  if ('php' in value) return value.php;
  const call = 'between' in value ? numberCall(field, value.between) : value.faker;
  return field.unique || isPrimaryKey ? `fake()->unique()->${call}` : `fake()->${call}`;
}

/** Whole numbers for whole-number columns; a decimal's scale of decimals, and two for a float. */
function numberCall(field: ValueField, [low, high]: readonly [number, number]): string {
  if (field.type === 'integer' || field.type === 'bigint') return `numberBetween(${low}, ${high})`;
  const decimals = field.type === 'decimal' ? decimalDigits(field.size).scale : 2;
  return `randomFloat(${decimals}, ${low}, ${high})`;
}
