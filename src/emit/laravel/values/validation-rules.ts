import type { Field, FieldType } from '../../../ir/ir.generated.js';
import { OWN_ENUM, qualifiedEnumClass } from './field-types.js';
import { phpString } from './php-literals.js';

/**
 * What a client must send for each field type, as the form requests' `rules()` write it. Presence rules
 * (`required`, `sometimes`, `nullable`) and uniqueness depend on the field and the request, not the type:
 * requests.ts adds them.
 */

/** A rule string such as `max:255`, or OWN_ENUM for `Rule::enum()` of the field's own enum class. */
export type TypeRule = string | typeof OWN_ENUM;

/**
 * The bounds keep a value the column cannot hold out of the database, where MySQL and PostgreSQL would answer
 * with an error (a 500) instead of a 422.
 */
export const VALIDATION_RULES: Record<FieldType, readonly TypeRule[]> = {
  // The column is a VARCHAR(255).
  string: ['string', 'max:255'],
  text: ['string'],
  boolean: ['boolean'],
  // A 32-bit INTEGER column.
  integer: ['integer', 'min:-2147483648', 'max:2147483647'],
  // A BIGINT holds every integer PHP reads from JSON; larger numbers arrive as floats and fail `integer`.
  bigint: ['integer'],
  float: ['numeric'],
  // DECIMAL(10, 2), as MIGRATION_COLUMN declares it: eight digits before the point.
  decimal: ['numeric', 'min:-99999999.99', 'max:99999999.99'],
  // An object or a list: a JSON-encoded string is refused.
  json: ['array'],
  date: ['date'],
  datetime: ['date'],
  timestamp: ['date'],
  uuid: ['uuid'],
  enum: [OWN_ENUM],
};

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
  const rulesOfType = typeRuleList(field);
  return {
    rules: rulesOfType.map((rule) => (rule === OWN_ENUM ? enumRule(field) : phpString(rule))),
    imports: rulesOfType.includes(OWN_ENUM) ? [RULE_CLASS, qualifiedEnumClass(field)] : [],
  };
}

/** The type's rules the field keeps, less those its own rules replace (see typeRules). */
export function typeRuleList(field: Field): TypeRule[] {
  const replaced = new Set((field.rules ?? []).map(ruleName));
  return VALIDATION_RULES[field.type].filter((rule) => rule === OWN_ENUM || !replaced.has(ruleName(rule)));
}

/** `max` of `max:255`: what Laravel's validator knows a rule by. */
export function ruleName(rule: string): string {
  return rule.split(':', 1)[0]?.trim().toLowerCase() ?? '';
}

/** The emitters refuse an enum field without its class before they get here (enumFieldsWithoutClass). */
function enumRule(field: Field): string {
  return `Rule::enum(${field.enumClass?.className ?? ''}::class)`;
}
