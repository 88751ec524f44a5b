import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { FieldType } from '../../src/ir/ir.generated.js';
import { EMAIL_NAMES, namesFit } from '../../src/emit/laravel/values/column-names.js';

/**
 * The fields of an entity under test, read from the same `--fields` text the scenario gives fullapi, and the
 * values the live checks send for each type: valid ones, distinct per record, and invalid ones, which the
 * generated requests must refuse with a 422.
 */

export interface FieldSpec {
  name: string;
  type: FieldType;
  enumValues: string[];
  primary: boolean;
  unique: boolean;
  nullable: boolean;
}

const TYPE_SPELLINGS: Readonly<Record<string, FieldType>> = {
  bool: 'boolean',
  int: 'integer',
  biginteger: 'bigint',
  double: 'float',
};

/** Splits at the commas that are not inside `enum(...)`. */
function splitFields(text: string): string[] {
  return text.split(/,(?![^(]*\))/).map((part) => part.trim());
}

function fieldSpec(name: string, typeText: string, modifiers: readonly string[], enumValues: string[]): FieldSpec {
  return {
    name,
    type: (TYPE_SPELLINGS[typeText] ?? typeText) as FieldType,
    enumValues,
    primary: modifiers.includes('primary'),
    unique: modifiers.includes('unique'),
    nullable: modifiers.includes('nullable'),
  };
}

function parseField(text: string): FieldSpec {
  const enumField = /^(\w+):enum\(([^)]*)\)(.*)$/.exec(text);
  if (enumField !== null) {
    const [, name = '', values = '', modifiers = ''] = enumField;
    return fieldSpec(name, 'enum', modifiers.split(':'), values.split(',').map((value) => value.trim()));
  }
  const [name = '', typeText = '', ...modifiers] = text.split(':');
  return fieldSpec(name, typeText, modifiers, []);
}

export function parseFields(text: string): FieldSpec[] {
  return splitFields(text).map(parseField);
}

function twoDigits(n: number): string {
  return String(n).padStart(2, '0');
}

/** A valid value of the field for record number `n` (1 to 28): different records get different values. */
export function validValue(field: FieldSpec, n: number): unknown {
  switch (field.type) {
    case 'string':
      // An email column asks for an address (the `email` rule its name brings).
      return namesFit(EMAIL_NAMES, field.name) ? `${field.name}-${n}@example.com` : `${field.name}-${n}`;
    case 'text':
      return `Text number ${n}.`;
    case 'boolean':
      return n % 2 === 1;
    case 'integer':
      return 100 + n;
    case 'bigint':
      return 5_000_000_000 + n;
    case 'float':
      return n + 0.5;
    case 'decimal':
      return n + 0.25;
    case 'json':
      return { number: n, tags: ['a', 'b'] };
    case 'date':
      return `2024-02-${twoDigits(n)}`;
    case 'datetime':
    case 'timestamp':
      return `2024-02-${twoDigits(n)} 10:20:30`;
    case 'uuid':
      return randomUUID();
    case 'enum':
      return field.enumValues[n % field.enumValues.length];
  }
}

/** A value of the wrong type or shape for the field. */
export function invalidValue(field: FieldSpec): unknown {
  switch (field.type) {
    case 'string':
    case 'text':
      return ['not', 'a', 'string'];
    case 'boolean':
      return 'maybe';
    case 'json':
      // A JSON-encoded string, not an object: the json field takes the decoded value only.
      return '{"number":1}';
    case 'date':
    case 'datetime':
    case 'timestamp':
      return 'not a date';
    case 'uuid':
      return 'not-a-uuid';
    case 'enum':
      return 'not-a-case';
    default:
      return 'not a number';
  }
}

export function validPayload(fields: readonly FieldSpec[], n: number): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.name, validValue(field, n)]));
}

/** `2024-02-03T10:20:30.000000Z` (how the datetime cast serialises) as `2024-02-03 10:20:30`. */
function asSentDateTime(answered: unknown): string {
  return String(answered).slice(0, 19).replace('T', ' ');
}

/** Whether the API answered the value sent, allowing for the JSON shape of each cast. */
export function sameValue(field: FieldSpec, sent: unknown, answered: unknown): boolean {
  switch (field.type) {
    case 'integer':
    case 'bigint':
    case 'float':
    case 'decimal':
      // A decimal cast answers a string ("12.25").
      return Number(answered) === Number(sent);
    case 'json':
      return isDeepStrictEqual(answered, sent);
    case 'date':
      // The day alone, never a time at midnight UTC.
      return answered === sent;
    case 'datetime':
    case 'timestamp':
      return asSentDateTime(answered) === sent;
    default:
      return answered === sent;
  }
}
