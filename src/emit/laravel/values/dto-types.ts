import type { Field, ValueFieldType } from '../../../ir/ir.generated.js';
import { qualifiedEnumClass } from './field-types.js';
import { phpString } from './php-literals.js';

/**
 * The DTO property of each field type and how `fromValidated()` turns a validated value into it. Every
 * property is nullable with default null: a field the client did not send stays null.
 */

/** A native PHP type whose cast of the same name converts a validated value: `(int) $value`. */
export type DtoScalar = 'string' | 'bool' | 'int' | 'float' | 'array';

export interface DtoType {
  type: DtoScalar;
  /** The docblock type where the native one says too little for static analysis. */
  docType?: string;
  /** How `fromValidated()` reads the value, when a plain cast to `type` is not enough. */
  read?: (value: string) => string;
}

const CARBON = 'Illuminate\\Support\\Carbon';

/**
 * Dates are written back in Eloquent's storage format. Validation's `date` rule reads a number such as
 * 20240102 as a date, but Eloquent's date cast reads a numeric string as a Unix timestamp (1970-08-23):
 * parsing here keeps the date the client meant. A time sent with an offset is moved to the application's time
 * zone, which the storage format assumes: `10:00+02:00` is stored as `08:00` in UTC, the same instant. A date
 * keeps the day written.
 */
const readDate = (value: string) => `Carbon::parse((string) ${value})->toDateString()`;
const readDateTime = (value: string) => `Carbon::parse((string) ${value})->setTimezone(config('app.timezone'))->toDateTimeString()`;

export const DTO_TYPE: Record<ValueFieldType, DtoType> = {
  string: { type: 'string' },
  text: { type: 'string' },
  boolean: { type: 'bool' },
  integer: { type: 'int' },
  bigint: { type: 'int' },
  float: { type: 'float' },
  // A string keeps every digit; a float would round.
  decimal: { type: 'string' },
  json: { type: 'array', docType: 'array<array-key, mixed>' },
  date: { type: 'string', read: readDate },
  datetime: { type: 'string', read: readDateTime },
  timestamp: { type: 'string', read: readDateTime },
  uuid: { type: 'string' },
};

/** A resolved DTO property: its native type, its docblock type when it needs one, the classes it names. */
export interface DtoProperty {
  type: string;
  docType?: string;
  imports: string[];
}

export function dtoProperty(field: Field): DtoProperty {
  if (field.type === 'enum') return { type: field.enumClass.className, imports: [qualifiedEnumClass(field)] };
  const type = DTO_TYPE[field.type];
  return { type: type.type, ...(type.docType === undefined ? {} : { docType: type.docType }), imports: type.read === undefined ? [] : [CARBON] };
}

/** The property's value built from `$validated`: cast when the key is set, null otherwise. */
export function valueFromValidated(field: Field): string {
  const value = `$validated[${phpString(field.name)}]`;
  return `isset(${value}) ? ${castFromValidated(field, value)} : null`;
}

/** An enum's `<Enum>::from()` of the backing string (validation has checked that it is a case); a type's own read, or a cast. */
function castFromValidated(field: Field, value: string): string {
  if (field.type === 'enum') return `${field.enumClass.className}::from((string) ${value})`;
  const type = DTO_TYPE[field.type];
  return type.read?.(value) ?? `(${type.type}) ${value}`;
}
