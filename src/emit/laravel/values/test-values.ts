import { decimalDigits, largestDecimal, stringLength } from '../../../ir/column-sizes.js';
import type { Entity, EnumField, Field, FieldType, ProjectFacts, ValueField, ValueFieldType } from '../../../ir/ir.generated.js';
import { chosenFields, type QueryChoice } from '../../../passes/index-query.js';
import { phpString } from './php-literals.js';
import { fieldTypeRules, ruleName, typeRuleList } from './validation-rules.js';

/**
 * The values the generated tests send, expect and sort by, one exhaustive table per use, so a new FieldType
 * does not compile until the tests know it. Values are data and `phpLiteral` writes them: a float is never
 * integral here (PHP would read `1.0` written as `1` as an int, and assertSame tells them apart).
 */

export type PhpValue = string | number | boolean | readonly PhpValue[] | { readonly [key: string]: PhpValue };

/**
 * A valid value as a client sends it: in a JSON body, in `fromValidated()` and as a factory override alike.
 * Each differs from what the factory would pick only by chance, which no test relies on.
 */
export const SAMPLE_INPUT: Record<ValueFieldType, PhpValue> = {
  string: 'sample-string',
  text: 'Sample text.',
  boolean: true,
  integer: 42,
  // Beyond 32 bits, the point of a bigint.
  bigint: 5000000000,
  float: 12.5,
  // A string: the DTO types decimals as ?string, and the `decimal:2` cast answers a string.
  decimal: '12.50',
  json: { key: 'value' },
  date: '2001-02-03',
  datetime: '2001-02-03 04:05:06',
  timestamp: '2001-02-03 04:05:06',
  uuid: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
};

/** What the API (and `Model::toArray()`) answers for SAMPLE_INPUT once the model's cast has read it back. */
export const SAMPLE_JSON: Record<ValueFieldType, PhpValue> = {
  string: 'sample-string',
  text: 'Sample text.',
  boolean: true,
  integer: 42,
  bigint: 5000000000,
  float: 12.5,
  decimal: '12.50',
  json: { key: 'value' },
  // The day alone, as the resource reads it; a time as Carbon's toJSON(), ISO 8601 in UTC with microseconds.
  date: '2001-02-03',
  datetime: '2001-02-03T04:05:06.000000Z',
  timestamp: '2001-02-03T04:05:06.000000Z',
  uuid: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
};

/** A value the store request must refuse with 422 whatever the field's other rules. */
export const INVALID_INPUT: Record<ValueFieldType, PhpValue> = {
  // Not a number: 4.0 casts numbers sent for string fields instead of refusing them.
  string: ['not', 'a', 'string'],
  text: ['not', 'a', 'string'],
  boolean: 'not-a-boolean',
  integer: 'not-an-integer',
  bigint: 'not-an-integer',
  float: 'not-a-number',
  decimal: 'not-a-number',
  // The spec's own case: a JSON-encoded string where an array is expected.
  json: '{"key": "value"}',
  date: 'not-a-date',
  datetime: 'not-a-date',
  timestamp: 'not-a-date',
  uuid: 'not-a-uuid',
};

/** Two factory overrides in ascending order of the column, or null where ordering means nothing. */
export const SORT_PAIR: Record<ValueFieldType, readonly [PhpValue, PhpValue] | null> = {
  string: ['alpha', 'bravo'],
  text: ['alpha', 'bravo'],
  boolean: [false, true],
  integer: [1, 2],
  bigint: [1, 2],
  float: [1.5, 2.5],
  decimal: ['1.50', '2.50'],
  json: null,
  date: ['2001-02-03', '2002-03-04'],
  datetime: ['2001-02-03 04:05:06', '2002-03-04 05:06:07'],
  timestamp: ['2001-02-03 04:05:06', '2002-03-04 05:06:07'],
  uuid: ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'],
};

/**
 * A value FACTORY_VALUE (and PRIMARY_KEY_FACTORY_VALUE) never produces, so an exact filter on it finds only
 * the row given it, and a key lookup on it finds nothing. URL-safe as written. Null where equality is not
 * exact in SQL (floats, dates stored with a time, JSON text) or where the factory may produce anything.
 */
export const UNPRODUCED_VALUE: Record<FieldType, string | number | null> = {
  // Faker's words, names, slugs, addresses and texts (factory.ts) never spell out this phrase.
  string: 'not-from-a-factory',
  text: 'not-from-a-factory',
  boolean: null,
  integer: 100001,
  bigint: 1000000001,
  float: null,
  decimal: null,
  json: null,
  date: null,
  datetime: null,
  timestamp: null,
  // Faker's uuid() is random: the nil-like version 4 UUID is as good as never drawn.
  uuid: '00000000-0000-4000-8000-000000000000',
  enum: null,
};

/** A PHP literal of a value: short arrays, single-quoted strings. */
export function phpLiteral(value: PhpValue): string {
  if (typeof value === 'string') return phpString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map((item: PhpValue) => phpLiteral(item)).join(', ')}]`;
  const entries = Object.entries(value as { readonly [key: string]: PhpValue });
  return `[${entries.map(([key, item]) => `${phpString(key)} => ${phpLiteral(item)}`).join(', ')}]`;
}

/** An enum field's values: the backing strings of its cases, the first one first. */
function enumValues(field: EnumField): [string, ...string[]] {
  const [first, ...rest] = field.enumClass.cases;
  return [first.value, ...rest.map((enumCase) => enumCase.value)];
}

/** The sample of a field whose rules ask for an email address (by the field's name or its own rules). */
const SAMPLE_EMAIL = 'sample@example.com';

function asksForEmail(field: Field): boolean {
  return [...typeRuleList(field), ...(field.rules ?? [])].some((rule) => ruleName(rule) === 'email');
}

export function sampleInput(field: Field): PhpValue {
  if (field.type === 'enum') return enumValues(field)[0];
  return asksForEmail(field) ? SAMPLE_EMAIL : fitted(field, SAMPLE_INPUT[field.type]);
}

export function sampleJson(field: Field): PhpValue {
  if (field.type === 'enum') return enumValues(field)[0];
  return asksForEmail(field) ? SAMPLE_EMAIL : fitted(field, SAMPLE_JSON[field.type]);
}

/** The least and greatest number the field's type rules take: its column's and its own min= and max=. */
function numberRange(field: ValueField): { least: number; greatest: number } {
  const bound = (name: string): number | undefined => {
    const rule = fieldTypeRules(field).find((candidate) => ruleName(candidate) === name);
    return rule === undefined ? undefined : Number(rule.slice(rule.indexOf(':') + 1));
  };
  return { least: bound('min') ?? -Infinity, greatest: bound('max') ?? Infinity };
}

/**
 * A type's value made to fit the field: a string cut to its length, a number moved inside its bounds (a float
 * kept off whole numbers, see phpLiteral) and a decimal written with its scale. The type's own value otherwise.
 */
function fitted(field: ValueField, value: PhpValue): PhpValue {
  if (field.type === 'string' && typeof value === 'string') return value.slice(0, stringLength(field.size));
  if (!['integer', 'bigint', 'float', 'decimal'].includes(field.type) || (typeof value !== 'number' && typeof value !== 'string')) return value;
  const { least, greatest } = numberRange(field);
  const number = Number(value);
  const step = field.type === 'float' ? 0.5 : 0;
  const inside = number < least ? least + step : number > greatest ? greatest - step : number;
  const kept = inside < least || inside > greatest ? (least + greatest) / 2 : inside;
  if (field.type !== 'decimal') return kept;
  return field.size === undefined && kept === number ? value : kept.toFixed(decimalDigits(field.size).scale);
}

/** The sample as the DTO's constructor takes it: an enum field takes the case object, not its value. */
export function sampleDtoArgument(field: Field): string {
  if (field.type === 'enum') return `${field.enumClass.className}::${field.enumClass.cases[0].caseName}`;
  return phpLiteral(sampleInput(field));
}

export function invalidInput(field: Field): PhpValue {
  if (field.type !== 'enum') return INVALID_INPUT[field.type];
  const values = enumValues(field);
  let candidate = 'not-a-case';
  while (values.includes(candidate)) candidate += '-either';
  return candidate;
}

/**
 * The enum values that sort first and last, when the tests' SQLite (bytewise) and a case-insensitive
 * MySQL collation agree on their order; undefined otherwise, or with fewer than two cases.
 */
function enumSortPair(field: EnumField): readonly [string, string] | undefined {
  const sorted = [...enumValues(field)].sort();
  const low = sorted[0];
  const high = sorted[sorted.length - 1];
  if (low === undefined || high === undefined || !(low.toLowerCase() < high.toLowerCase())) return undefined;
  return [low, high];
}

export function sortPair(field: Field): readonly [PhpValue, PhpValue] | undefined {
  if (field.type === 'enum') return enumSortPair(field);
  const pair = SORT_PAIR[field.type];
  if (pair === null) return undefined;
  const [low, high] = [fitted(field, pair[0]), fitted(field, pair[1])];
  // Bounds too close for both: no pair that orders unambiguously.
  return low === high ? undefined : [low, high];
}

/** A value of the field no factory produces (see UNPRODUCED_VALUE), when its column holds it. */
export function unproducedValue(field: Field): string | number | null {
  const value = UNPRODUCED_VALUE[field.type];
  return field.type === 'string' && typeof value === 'string' && value.length > stringLength(field.size) ? null : value;
}

/** Whether the field is the entity's custom key, which tests leave alone where they change or filter a field. */
export function isCustomKey(entity: Entity, field: Field): boolean {
  return entity.primaryKey.custom && field.name === entity.primaryKey.column;
}

/**
 * Fields other than a custom key first: tests that change or filter a field leave the key of every URL alone.
 * Never a secret, which the API neither shows, filters nor sorts on.
 */
function byPreference(entity: Entity): Field[] {
  const others = entity.fields.filter((field) => !isCustomKey(entity, field) && field.secret !== true);
  return [...others, ...entity.fields.filter((field) => isCustomKey(entity, field))];
}

/** The field a PATCH or `update()` changes, which the answer shows; none when the entity has no such field. */
export function patchField(entity: Entity): Field | undefined {
  return entity.fields.find((field) => !isCustomKey(entity, field) && field.secret !== true);
}

/** A unique field comes last: its uniqueness query would also see the invalid value, which is beside the point. */
export function invalidField(entity: Entity): Field | undefined {
  const fields = byPreference(entity);
  return fields.find((field) => !field.unique && !isCustomKey(entity, field)) ?? fields[0];
}

/** The fields the index filters (or sorts) on, or those it does not, in the order tests prefer them. */
function byChoice(entity: Entity, choice: QueryChoice, chosen: boolean): Field[] {
  const allowed = new Set(chosenFields(entity.fields, choice));
  return byPreference(entity).filter((field) => allowed.has(field) === chosen);
}

/** The field an exact filter can single a row out by: a filterable one whose type has an unproduced value. */
export function filterField(entity: Entity): Field | undefined {
  return byChoice(entity, 'filterable', true).find((field) => unproducedValue(field) !== null);
}

/** A field the index does not filter on, though it could single a row out: the entity marked others filterable. */
export function unfilteredField(entity: Entity): Field | undefined {
  return byChoice(entity, 'filterable', false).find((field) => unproducedValue(field) !== null);
}

/** The field the sort test orders by: a sortable one whose type (or enum) gives an unambiguous pair of values. */
export function sortField(entity: Entity): Field | undefined {
  return byChoice(entity, 'sortable', true).find((field) => sortPair(field) !== undefined);
}

/** A field the index does not sort on, though it could: the entity marked others sortable. */
export function unsortedField(entity: Entity): Field | undefined {
  return byChoice(entity, 'sortable', false).find((field) => sortPair(field) !== undefined);
}

/** The body of a PATCH, or the `fromValidated()` input, that changes one field to its sample. */
export function patchBody(field: Field): string {
  return `[${phpString(field.name)} => ${phpLiteral(sampleInput(field))}]`;
}

/** The columns a one-field update may change: the field, and `updated_at` that any update touches. */
export function patchedColumns(field: Field): string {
  return `[${phpString(field.name)}, 'updated_at']`;
}

/**
 * How a test leaves the database as it found it: RefreshDatabase rebuilds it from the migrations, which a table
 * the database has of its own (tableExists) is not in, so those tests run in a transaction on it instead.
 */
export function databaseTestTrait(entity: Entity): string {
  return entity.tableExists === true ? 'Illuminate\\Foundation\\Testing\\DatabaseTransactions' : 'Illuminate\\Foundation\\Testing\\RefreshDatabase';
}

/** The page size without `per_page`: the configured default, which the cap also bounds. */
export function defaultPageSize(project: ProjectFacts): number {
  return Math.min(project.perPage, project.maxPerPage);
}

/** The spec's 1000, unless the project allows that many: the request must go over the cap. */
export function pageSizeOverCap(project: ProjectFacts): number {
  return Math.max(1000, project.maxPerPage + 1);
}

/** A key no row has, as it appears in a URL: every key type has an unproduced value. */
export function missingKey(entity: Entity): string {
  return String(UNPRODUCED_VALUE[entity.primaryKey.fieldType] ?? 0);
}

/** Local variables of the built-in test stubs, which the model's own variable must not take. */
const STUB_VARIABLES = ['this', 'payload', 'unchanged', 'low', 'high', 'query', 'page', 'saved', 'child', 'related', 'owner', 'key', 'empty', 'created'];

/** The variable holding the model under test: the controller's name for it, unless a stub's local has it. */
export function testVariable(entity: Entity): string {
  const { modelVariable } = entity.naming;
  return STUB_VARIABLES.includes(modelVariable) ? `${modelVariable}Model` : modelVariable;
}

/**
 * Values each kind of rule of a field's type refuses, beyond the wrong type INVALID_INPUT sends: past the
 * column's bounds, a scale it does not keep, a date in no format or out of every database's years. PHP
 * expressions, as a NUL in a string needs double quotes.
 */
const RULE_VIOLATIONS: Record<ValueFieldType, readonly string[]> = {
  string: ['"a\\0b"'],
  text: ['"a\\0b"'],
  boolean: [],
  integer: ['2147483648', '1.5'],
  bigint: ['1.5'],
  float: [],
  decimal: ['19.999', '123456789'],
  json: [],
  // A day with a time, and a time without seconds: Laravel's `date` would take both, `date_format` takes neither.
  date: ["'tomorrow'", "'2024-02-30'", "'0999-12-31'", "'2001-02-03 04:05:06'"],
  datetime: ["'tomorrow'", "'2024-02-30 10:00:00'", "'2001-02-03 04:05'"],
  timestamp: ["'tomorrow'", "'2050-01-01 00:00:00'", "'2001-02-03 04:05'"],
  uuid: [],
};

/** The longest text a string field takes: its own `max:`, else its type's; undefined for other types. */
function longestText(field: Field): number | undefined {
  const max = [...typeRuleList(field), ...(field.rules ?? [])].reverse().find((rule) => ruleName(rule) === 'max');
  return field.type === 'string' || field.type === 'text' ? Number(max?.split(':')[1] ?? Number.NaN) : undefined;
}

/** A mediumtext's or longtext's bound is not tested: a text past it is megabytes to gigabytes in one request. */
const LONGEST_TESTED_TEXT = 65536;

/** Each value a rule of the field refuses (see RULE_VIOLATIONS), with the wrong type first and a text one past its length. */
export function ruleViolations(field: Field): string[] {
  const longest = longestText(field);
  const tooLong = longest === undefined || !Number.isInteger(longest) || longest >= LONGEST_TESTED_TEXT ? [] : [`str_repeat('a', ${longest + 1})`];
  const email = asksForEmail(field) ? ["'not-an-email'"] : [];
  return [phpLiteral(invalidInput(field)), ...tooLong, ...email, ...(field.type === 'enum' ? [] : typeViolations(field))];
}

/**
 * RULE_VIOLATIONS, or for a decimal of its own digits one decimal too many and one digit too many before the
 * point; a value past each of the field's own bounds.
 */
function typeViolations(field: ValueField): string[] {
  const own = [
    ...(field.min === undefined ? [] : [phpString(String(field.min - 1))]),
    ...(field.max === undefined ? [] : [phpString(String(field.max + 1))]),
  ];
  if (field.type !== 'decimal' || field.size === undefined) return [...RULE_VIOLATIONS[field.type], ...own];
  const digits = decimalDigits(field.size);
  const tooPrecise = `0.${'0'.repeat(digits.scale)}1`;
  const tooLarge = `1${'0'.repeat(largestDecimal(digits).split('.')[0]?.length ?? 1)}`;
  return [phpString(tooPrecise), phpString(tooLarge), ...own];
}
