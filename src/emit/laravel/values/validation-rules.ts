import { decimalDigits, largestDecimal, stringLength } from '../../../ir/column-sizes.js';
import type { ColumnSize, Field, ValueField, ValueFieldType } from '../../../ir/ir.generated.js';
import { EMAIL_NAMES, namesFit } from './column-names.js';
import { qualifiedEnumClass } from './field-types.js';
import { phpString } from './php-literals.js';

/**
 * What a client must send for each field type, as the form requests' `rules()` write it. Presence rules
 * (`required`, `sometimes`, `nullable`) and uniqueness depend on the field and the request, not the type:
 * requests.ts adds them.
 */

/**
 * The formats a date field takes, and the index's `filter[...]` reads, strictly: the value must print back
 * the same, as Laravel's `date_format` checks it. `2024-02-30` and `tomorrow` are refused, not moved.
 */
export const DATE_FORMATS: readonly string[] = ['Y-m-d'];

/**
 * A date and time: as a database prints it, or as ISO 8601 with `Z` or an offset and with or without
 * milliseconds (JavaScript's `toISOString()`) or microseconds (what the resource answers), so a client can send
 * back what it read. `P` prints `+00:00` and `p` prints `Z`, so each takes one spelling of UTC. The DTO moves a
 * time with an offset into the application's timezone, which the database columns hold.
 */
export const DATE_TIME_FORMATS: readonly string[] = [
  'Y-m-d H:i:s',
  'Y-m-d\\TH:i:s',
  'Y-m-d\\TH:i:sP',
  'Y-m-d\\TH:i:sp',
  'Y-m-d\\TH:i:s.vP',
  'Y-m-d\\TH:i:s.vp',
  'Y-m-d\\TH:i:s.uP',
  'Y-m-d\\TH:i:s.up',
];

/**
 * The years every database's date columns hold: MySQL's DATE and DATETIME from the year 1000 (PostgreSQL has no
 * year 0). Four-digit years end at 9999. The index ignores a filter outside them too.
 */
export const DATE_RANGE = { earliest: '1000-01-01 00:00:00', latest: '9999-12-31 23:59:59' } as const;

/** A MySQL TIMESTAMP: seconds of 1970 to 2038 in UTC, whatever the other databases hold. */
export const TIMESTAMP_RANGE = { earliest: '1970-01-01 00:00:01', latest: '2038-01-19 03:14:07' } as const;

/**
 * MySQL's TEXT holds 65,535 bytes, and utf8mb4 takes up to four a character: 16,383 characters fit whatever
 * they are. `max` counts characters (mb_strlen), so a longer bound would let a long text of emoji through to
 * the database's error.
 */
const TEXT_CHARACTERS = 16383;

/** MEDIUMTEXT's 16,777,215 bytes and LONGTEXT's 4,294,967,295, four bytes a character (see TEXT_CHARACTERS). */
const SIZED_TEXT_CHARACTERS: Record<NonNullable<ColumnSize['text']>, number> = { medium: 4194303, long: 1073741823 };

/** PostgreSQL's text types hold no NUL character: sent one, it answers an error, a 500. */
const NO_NUL = 'not_regex:/\\x00/';

/** A 32-bit INTEGER column's bounds. */
const INTEGER_RANGE = { min: -2147483648, max: 2147483647 } as const;

/**
 * The bounds keep a value the column cannot hold out of the database, where MySQL and PostgreSQL would answer
 * with an error (a 500) instead of a 422, or SQLite would keep what the others cut. The field's size (its length,
 * digits, text size) and its own min= and max= change them: see fieldTypeRules.
 */
export const VALIDATION_RULES: Record<ValueFieldType, readonly string[]> = {
  // The column is a VARCHAR(255), which counts characters on every database.
  string: ['string', 'max:255', NO_NUL],
  text: ['string', `max:${TEXT_CHARACTERS}`, NO_NUL],
  boolean: ['boolean'],
  // A 32-bit INTEGER column. `bail`: JSON's 1e400 arrives as INF, which fails `integer`; the bounds must not read
  // it, as Laravel (12.72) compares sizes with brick/math, whose error on INF it does not catch: a 500.
  integer: ['bail', 'integer', `min:${INTEGER_RANGE.min}`, `max:${INTEGER_RANGE.max}`],
  // A BIGINT holds every integer PHP reads from JSON; larger numbers arrive as floats and fail `integer`.
  bigint: ['integer'],
  // A double holds every finite number: JSON's 1e400 arrives as INF, which `numeric` takes and no database stores.
  float: ['numeric', 'not_in:INF,-INF'],
  // No more decimals than the column keeps: 19.999 would be 20.00 on MySQL and PostgreSQL and 19.999 on SQLite.
  // `decimal` refuses INF (see integer) before the bounds read it.
  decimal: decimalRules(decimalDigits(undefined), {}),
  // An object or a list: a JSON-encoded string is refused.
  json: ['array'],
  date: [`date_format:${DATE_FORMATS.join(',')}`, `after_or_equal:${DATE_RANGE.earliest.slice(0, 10)}`],
  datetime: [`date_format:${DATE_TIME_FORMATS.join(',')}`, `after_or_equal:${DATE_RANGE.earliest}`, `before_or_equal:${DATE_RANGE.latest}`],
  timestamp: [`date_format:${DATE_TIME_FORMATS.join(',')}`, `after_or_equal:${TIMESTAMP_RANGE.earliest}`, `before_or_equal:${TIMESTAMP_RANGE.latest}`],
  uuid: ['uuid'],
};

function decimalRules(digits: { precision: number; scale: number }, bounds: { min?: number; max?: number }): string[] {
  const largest = largestDecimal(digits);
  const least = bounds.min !== undefined && bounds.min > -Number(largest) ? String(bounds.min) : `-${largest}`;
  const greatest = bounds.max !== undefined && bounds.max < Number(largest) ? String(bounds.max) : largest;
  return ['bail', 'numeric', `decimal:0,${digits.scale}`, `min:${least}`, `max:${greatest}`];
}

/** `min:` and `max:` of the field's own bounds, the tighter of them and the column's where it has some. */
function boundRules(bounds: { min?: number; max?: number }, column: { min: number; max: number } | undefined): string[] {
  const least = column === undefined ? bounds.min : Math.max(bounds.min ?? column.min, column.min);
  const greatest = column === undefined ? bounds.max : Math.min(bounds.max ?? column.max, column.max);
  return [...(least === undefined ? [] : [`min:${least}`]), ...(greatest === undefined ? [] : [`max:${greatest}`])];
}

/** The rules of the field's type as its size and its bounds make them. */
export function fieldTypeRules(field: ValueField): readonly string[] {
  const bounded = field.min !== undefined || field.max !== undefined;
  switch (field.type) {
    case 'string':
      return ['string', `max:${stringLength(field.size)}`, NO_NUL];
    case 'text':
      return ['string', `max:${field.size?.text === undefined ? TEXT_CHARACTERS : SIZED_TEXT_CHARACTERS[field.size.text]}`, NO_NUL];
    case 'decimal':
      return decimalRules(decimalDigits(field.size), field);
    case 'integer':
      return ['bail', 'integer', ...boundRules(field, INTEGER_RANGE)];
    // Bounds read the number with brick/math, which fails on INF: `bail` keeps them from it (see integer).
    case 'bigint':
    case 'float':
      return bounded ? ['bail', ...VALIDATION_RULES[field.type], ...boundRules(field, undefined)] : VALIDATION_RULES[field.type];
    default:
      return VALIDATION_RULES[field.type];
  }
}

/**
 * A custom string key travels as a path segment of its own route: Laravel reads `{key}` decoded and up to the
 * next `/`, and clients resolve `.` and `..` away, so a key holding a slash or made of dots would be stored and
 * then never found.
 */
export const ROUTE_KEY_RULE = 'not_regex:#/|^\\.{1,2}$#';

/** The PHP expressions of the field type's rules, and the classes they name. */
export interface RuleExpressions {
  rules: string[];
  imports: string[];
}

export const RULE_CLASS = 'Illuminate\\Validation\\Rule';

/**
 * The type's rules, less those the field's own rules replace: a rule of the same name (`max:80` from the
 * schema file replaces the type's `max:255`; both would leave the looser one in force for nobody to read).
 */
export function typeRules(field: Field): RuleExpressions {
  // An enum field's value is one of its class's cases, which no rule of the field's own replaces.
  if (field.type === 'enum') return { rules: [`Rule::enum(${field.enumClass.className}::class)`], imports: [RULE_CLASS, qualifiedEnumClass(field)] };
  return { rules: typeRuleList(field).map(phpString), imports: [] };
}

/**
 * The rules of a field's type the field keeps, less those its own rules replace (see typeRules), and those its
 * name asks for (`email` for an `email` column); none for an enum.
 */
export function typeRuleList(field: Field): string[] {
  if (field.type === 'enum') return [];
  const replaced = new Set((field.rules ?? []).map(ruleName));
  const rules = fieldTypeRules(field);
  const named = rules.includes('string') && namesFit(EMAIL_NAMES, field.name) ? ['email'] : [];
  return [...rules, ...named].filter((rule) => !replaced.has(ruleName(rule)));
}

/** `max` of `max:255`: what Laravel's validator knows a rule by. */
export function ruleName(rule: string): string {
  return rule.split(':', 1)[0]?.trim().toLowerCase() ?? '';
}

