import type { Entity, Field, FieldType, ValueField } from '../../../ir/ir.generated.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult } from '../../emit-result.js';
import { enumFactoryExpression, FACTORY_VALUE, factoryExpression, qualifiedEnumClass, type FactoryValue } from '../values/field-types.js';
import { phpString, renderImports } from '../values/php-literals.js';
import { parentClassOf } from '../values/relation-columns.js';
import { factoryImports3x } from '../values/legacy-stubs.js';
import { EMAIL_NAMES, namesFit } from '../values/column-names.js';
import { decimalDigits, largestDecimal, stringLength } from '../../../ir/column-sizes.js';

/**
 * `database/factories/<Class>Factory.php`: a value for every fillable column, the custom key included. A
 * foreign key gets its parent's factory, which Laravel creates (even for `make()`) and replaces by its key; a
 * reference of the entity to itself stays null, or every row would need another one first.
 */
export function factoryPath(entity: Entity): string {
  return `database/factories/${entity.naming.className}Factory.php`;
}

export function emitFactory(entity: Entity, ctx: EmitContext): EmitResult {
  const { className } = entity.naming;
  const parents = entity.foreignKeys.map((foreignKey) => ({ column: foreignKey.column, parent: parentClassOf(entity, foreignKey) }));
  const imports = [
    `App\\Models\\${className}`,
    ...parents.flatMap(({ parent }) => (parent === undefined ? [] : [`App\\Models\\${parent}`])),
    'Illuminate\\Database\\Eloquent\\Factories\\Factory',
    ...entity.fields.filter((field) => field.type === 'enum').map(qualifiedEnumClass),
  ];
  const attributes = [
    ...parents.map(({ column, parent }) => `${phpString(column)} => ${parent === undefined ? 'null' : `${parent}::factory()`},`),
    ...entity.fields.map((field) => `${phpString(field.name)} => ${fieldFactoryExpression(entity, field)},`),
  ];
  return renderStubFiles(
    [
      {
        stub: 'factory',
        path: factoryPath(entity),
        artifact: 'Factory',
        values: {
          namespace: 'Database\\Factories',
          imports: renderImports(imports),
          model: className,
          className: `${className}Factory`,
          attributes: attributes.join('\n'),
          modelName: className,
          factoryImports: factoryImports3x(entity, imports),
          factoryFields: attributes.join('\n'),
        },
      },
    ],
    ctx,
  );
}

const TEXTUAL: readonly FieldType[] = ['string', 'text'];
const STRING: readonly FieldType[] = ['string'];
const TEXT: readonly FieldType[] = ['text'];
const WHOLE: readonly FieldType[] = ['integer', 'bigint'];
const FRACTIONAL: readonly FieldType[] = ['float', 'decimal'];
const MOMENT: readonly FieldType[] = ['date', 'datetime', 'timestamp'];

/** Models whose `name` is a person's. */
const PEOPLE = ['user', 'author', 'customer', 'person', 'employee', 'member', 'contact', 'client', 'student', 'teacher', 'owner', 'writer', 'editor', 'reviewer', 'patient', 'guest', 'player', 'subscriber', 'speaker', 'artist', 'driver', 'tenant', 'staff'];

/** Columns of prose: paragraphs in a text column, a few sentences in a string column. */
const PROSE_NAMES = ['description', 'body', 'content', 'bio', 'about', 'summary', 'excerpt', 'notes', 'note', 'comment', 'message'];

/** A value that says what a column holds, for the columns whose name (or validation rule) says it. */
type NamedValue = {
  /** Column names, as namesFit reads them. */
  names: readonly string[];
  /** Validation rules that ask for this value whatever the name (`email`). */
  rules?: readonly string[];
  /** Only on these models, by the last word of their name: the `name` of an Author is a person's, a Tag's is not. */
  models?: readonly string[];
  types: readonly FieldType[];
  /** Few distinct values: a unique column keeps its type's value, which `unique()` does not run out of. */
  few?: true;
} & ({ faker: string; longest?: number } | { between: readonly [number, number] });

/**
 * Name-shaped values, the first that fits winning: longer names before the names they end with
 * (`email_address` before `*_address`). `longest` bounds what a Faker call gives, so that a string column
 * whose `max:` is shorter gets plain text of its length instead.
 */
const NAMED_VALUES: readonly NamedValue[] = [
  { names: EMAIL_NAMES, rules: ['email'], types: TEXTUAL, faker: 'safeEmail()', longest: 80 },
  { names: ['ip', 'ip_address', '*_ip'], rules: ['ip', 'ipv4'], types: TEXTUAL, faker: 'ipv4()', longest: 15 },
  { names: [], rules: ['ipv6'], types: TEXTUAL, faker: 'ipv6()', longest: 39 },
  { names: ['mac_address'], rules: ['mac_address'], types: TEXTUAL, faker: 'macAddress()', longest: 17 },
  { names: ['slug', '*_slug'], types: TEXTUAL, faker: 'slug(3)', longest: 80 },
  { names: ['first_name', 'firstname', 'given_name'], types: TEXTUAL, faker: 'firstName()', longest: 40 },
  { names: ['last_name', 'lastname', 'surname', 'family_name'], types: TEXTUAL, faker: 'lastName()', longest: 40 },
  { names: ['username', 'user_name', 'login', 'nickname'], types: TEXTUAL, faker: 'userName()', longest: 40 },
  { names: ['full_name', 'fullname', 'display_name', 'contact_name'], types: TEXTUAL, faker: 'name()', longest: 60 },
  { names: ['name'], models: PEOPLE, types: TEXTUAL, faker: 'name()', longest: 60 },
  { names: ['company', 'company_name', 'organization', 'organisation'], types: TEXTUAL, faker: 'company()', longest: 80 },
  { names: ['name'], models: ['company', 'organization', 'organisation', 'supplier', 'vendor', 'publisher', 'manufacturer'], types: TEXTUAL, faker: 'company()', longest: 80 },
  { names: ['name'], models: ['city', 'town'], types: TEXTUAL, faker: 'city()', longest: 60 },
  { names: ['name'], models: ['country'], types: TEXTUAL, faker: 'country()', longest: 60, few: true },
  { names: ['job_title'], types: TEXTUAL, faker: 'jobTitle()', longest: 80 },
  { names: ['title', 'headline', 'subject', '*_title'], types: TEXTUAL, faker: 'sentence(4)', longest: 120 },
  { names: ['phone', 'phone_number', 'mobile', 'telephone', 'fax', '*_phone'], types: TEXTUAL, faker: 'phoneNumber()', longest: 30 },
  { names: ['url', 'website', 'homepage', 'link', '*_url'], rules: ['url', 'active_url'], types: TEXTUAL, faker: 'url()', longest: 150 },
  { names: ['avatar', 'image', 'photo', 'picture', 'thumbnail'], types: TEXTUAL, faker: 'imageUrl()', longest: 150 },
  { names: ['city', 'town', '*_city'], types: TEXTUAL, faker: 'city()', longest: 60 },
  { names: ['country_code'], types: TEXTUAL, faker: 'countryCode()', longest: 2, few: true },
  { names: ['country', '*_country'], types: TEXTUAL, faker: 'country()', longest: 60, few: true },
  { names: ['street', 'street_address', 'address_line_1', 'address1'], types: TEXTUAL, faker: 'streetAddress()', longest: 80 },
  { names: ['address', '*_address'], types: TEXTUAL, faker: 'address()', longest: 150 },
  { names: ['zip', 'zip_code', 'zipcode', 'postcode', 'post_code', 'postal_code'], types: TEXTUAL, faker: 'postcode()', longest: 10 },
  { names: ['color', 'colour', '*_color', '*_colour'], rules: ['hex_color'], types: TEXTUAL, faker: 'hexColor()', longest: 7 },
  { names: ['currency', 'currency_code'], types: TEXTUAL, faker: 'currencyCode()', longest: 3, few: true },
  { names: ['locale'], types: TEXTUAL, faker: 'locale()', longest: 10, few: true },
  { names: ['language', 'language_code'], types: TEXTUAL, faker: 'languageCode()', longest: 3, few: true },
  { names: ['timezone', 'time_zone'], rules: ['timezone'], types: TEXTUAL, faker: 'timezone()', longest: 40, few: true },
  { names: ['isbn'], types: TEXTUAL, faker: 'isbn13()', longest: 13 },
  { names: ['ean', 'barcode'], types: TEXTUAL, faker: 'ean13()', longest: 13 },
  { names: ['iban'], types: TEXTUAL, faker: 'iban()', longest: 34 },
  { names: ['sku'], types: TEXTUAL, faker: "bothify('SKU-#####')", longest: 9 },
  { names: ['number', 'reference', '*_number', '*_reference'], types: TEXTUAL, faker: "numerify('##########')", longest: 10 },
  { names: ['tag', 'label', 'keyword'], types: TEXTUAL, faker: 'word()', longest: 20, few: true },
  { names: PROSE_NAMES, types: TEXT, faker: 'paragraphs(3, true)', longest: 3000 },
  { names: PROSE_NAMES, types: STRING, faker: 'text(200)', longest: 200 },
  { names: ['price', 'amount', 'cost', 'total', 'subtotal', 'balance', 'fee', '*_price', '*_amount', '*_cost', '*_total'], types: FRACTIONAL, between: [1, 1000] },
  { names: ['latitude', 'lat'], types: FRACTIONAL, between: [-90, 90] },
  { names: ['longitude', 'lng', 'lon'], types: FRACTIONAL, between: [-180, 180] },
  { names: ['quantity', 'qty'], types: WHOLE, between: [1, 20], few: true },
  { names: ['age'], types: WHOLE, between: [18, 90], few: true },
  { names: ['year'], types: WHOLE, between: [1950, 2030], few: true },
  { names: ['rating', 'stars'], types: WHOLE, between: [1, 5], few: true },
  { names: ['birthday', 'birth_date', 'birthdate', 'date_of_birth', 'born_on', 'born_at'], types: MOMENT, faker: "dateTimeBetween('-90 years', '-18 years')" },
];

/** The longest text of each type's own value: three words, a paragraph. */
const TYPE_VALUE_LONGEST: Partial<Record<FieldType, number>> = { string: 45, text: 1000 };

/** Faker's text() needs room for a word and its full stop. */
const SHORTEST_TEXT = 5;

/**
 * The factory's value for a field that is no key: the named value its rules or name ask for, else its type's;
 * bounded by the field's own `max:`, `size:`, `min:` and `between:` rules, for the generated tests post
 * factory data through the store request.
 */
export function fieldFactoryExpression(entity: Entity, field: Field): string {
  if (field.type === 'enum') return enumFactoryExpression(field);
  // A key travels in URLs: it keeps its type's URL-safe value whatever its name.
  const key = entity.primaryKey;
  const isPrimaryKey = key.custom && field.name === key.column;
  return factoryExpression(field, isPrimaryKey, isPrimaryKey ? undefined : fieldValue(entity, field));
}

function fieldValue(entity: Entity, field: ValueField): FactoryValue {
  const rules = ruleArguments(field);
  const model = entity.naming.snake.slice(entity.naming.snake.lastIndexOf('_') + 1);
  const fitting = NAMED_VALUES.filter(
    (named) => named.types.includes(field.type) && !(field.unique && named.few === true) && (named.models === undefined || named.models.includes(model)),
  );
  const named = fitting.find((candidate) => candidate.rules?.some((rule) => rules.has(rule))) ?? fitting.find((candidate) => namesFit(candidate.names, field.name));
  const value: FactoryValue = named === undefined ? FACTORY_VALUE[field.type] : 'between' in named ? { between: named.between } : { faker: named.faker };
  if ('php' in value) return value;
  if ('between' in value) return { between: withinColumn(field, narrowed(value.between, rules)) };
  const longest = named === undefined ? TYPE_VALUE_LONGEST[field.type] : 'faker' in named ? named.longest : undefined;
  return fittingText(value, longest ?? 0, field, rules);
}

/**
 * The field's own rules by name, with their numeric arguments: `max:80` is max -> [80]. Its bounds (min=, max=)
 * come first, as rules of the same names, which its own rules replace.
 */
function ruleArguments(field: ValueField): Map<string, number[]> {
  const bounds = [...(field.min === undefined ? [] : [`min:${field.min}`]), ...(field.max === undefined ? [] : [`max:${field.max}`])];
  return new Map(
    [...bounds, ...(field.rules ?? [])].map((rule) => {
      const [name = '', argument = ''] = rule.split(/:(.*)/s);
      return [name.trim().toLowerCase(), argument.split(',').map(Number).filter((value) => Number.isFinite(value))];
    }),
  );
}

/** A text shorter than the column's `max:` (or exactly `size:` long) when the value could be longer. */
function fittingText(value: { faker: string }, longest: number, field: ValueField, rules: ReadonlyMap<string, number[]>): FactoryValue {
  if (!TEXTUAL.includes(field.type)) return value;
  const size = rules.get('size')?.[0];
  if (size !== undefined) return { faker: `lexify('${'?'.repeat(size)}')` };
  const max = rules.get('max')?.[0] ?? rules.get('between')?.[1] ?? (field.type === 'string' ? stringLength(field.size) : undefined);
  if (max === undefined || longest <= max) return value;
  return { faker: max >= SHORTEST_TEXT ? `text(${max})` : `lexify('${'?'.repeat(Math.max(0, max))}')` };
}

/** A decimal's range within what its digits hold: `decimal(4,2)` holds 99.99 at most. */
function withinColumn(field: ValueField, [low, high]: readonly [number, number]): readonly [number, number] {
  if (field.type !== 'decimal') return [low, high];
  const largest = Number(largestDecimal(decimalDigits(field.size)));
  return [Math.max(low, -largest), Math.min(high, largest)];
}

/** The value's bounds within the rules' `min:`, `max:` and `between:`, or the rules' own when they do not meet. */
function narrowed([low, high]: readonly [number, number], rules: ReadonlyMap<string, number[]>): readonly [number, number] {
  const min = rules.get('min')?.[0] ?? rules.get('between')?.[0];
  const max = rules.get('max')?.[0] ?? rules.get('between')?.[1];
  const from = Math.max(low, min ?? low);
  const to = Math.min(high, max ?? high);
  if (from <= to) return [from, to];
  const width = high - low;
  return [min ?? (max ?? 0) - width, max ?? (min ?? 0) + width];
}
