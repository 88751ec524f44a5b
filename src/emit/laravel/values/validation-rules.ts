import type { Field, ValueFieldType } from '../../../ir/ir.generated.js';
import { qualifiedEnumClass } from './field-types.js';
import { phpString } from './php-literals.js';

/**
 * What a client must send for each field type, as the form requests' `rules()` write it. Presence rules
 * (`required`, `sometimes`, `nullable`) and uniqueness depend on the field and the request, not the type:
 * requests.ts adds them.
 */

/**
 * The bounds keep a value the column cannot hold out of the database, where MySQL and PostgreSQL would answer
 * with an error (a 500) instead of a 422.
 */
export const VALIDATION_RULES: Record<ValueFieldType, readonly string[]> = {
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
  // An enum field's value is one of its class's cases, which no rule of the field's own replaces.
  if (field.type === 'enum') return { rules: [`Rule::enum(${field.enumClass.className}::class)`], imports: [RULE_CLASS, qualifiedEnumClass(field)] };
  return { rules: typeRuleList(field).map(phpString), imports: [] };
}

/** The rules of a field's type the field keeps, less those its own rules replace (see typeRules); none for an enum. */
export function typeRuleList(field: Field): string[] {
  if (field.type === 'enum') return [];
  const replaced = new Set((field.rules ?? []).map(ruleName));
  return VALIDATION_RULES[field.type].filter((rule) => !replaced.has(ruleName(rule)));
}

/** `max` of `max:255`: what Laravel's validator knows a rule by. */
export function ruleName(rule: string): string {
  return rule.split(':', 1)[0]?.trim().toLowerCase() ?? '';
}

