import { DEFAULT_STRING_LENGTH, LARGEST_SIZE, TEXT_SIZE_SPELLINGS } from '../../ir/column-sizes.js';
import type { ColumnSize, DefaultValue, FieldType } from '../../ir/ir.generated.js';
import { checkedDefault } from '../schema/default-value.js';
import type { ColumnDescription } from '../../ir/database-description.js';

/**
 * A column's declared type -> a field type, the same for every engine: each spells the same kinds with
 * words of its own (`int4`, `integer`, `int(11)`), matched here without their lengths. Absent for a type the
 * IR has no field for (a geometry, a time of day, binary data).
 */
export function fieldTypeOf(column: Pick<ColumnDescription, 'type' | 'enumValues'>): FieldType | undefined {
  if (column.enumValues !== undefined && column.enumValues.length > 0) return 'enum';
  const type = column.type.toLowerCase().trim();
  // MySQL's boolean is tinyint(1).
  if (/^tinyint\(1\)/.test(type)) return 'boolean';
  const words = type.replace(/\([^)]*\)/g, '').replace(/\s+/g, ' ').trim();
  return TYPE_WORDS.find(([pattern]) => pattern.test(words))?.[1];
}

/**
 * The size a column's declared type states beyond its field type's default: `varchar(100)`, `numeric(8,2)`,
 * `mediumtext`. None for Laravel's defaults (a VARCHAR(255)), and none a field could not write.
 */
export function sizeOf(column: Pick<ColumnDescription, 'type'>, type: FieldType): ColumnSize | undefined {
  const declared = column.type.toLowerCase().trim();
  const numbers = /\((\d+)(?:\s*,\s*(\d+))?\)/.exec(declared);
  const first = numbers?.[1] === undefined ? undefined : Number(numbers[1]);
  if (type === 'string' && first !== undefined && first !== DEFAULT_STRING_LENGTH && first <= LARGEST_SIZE.length) return { length: first };
  if (type === 'decimal' && first !== undefined && first <= LARGEST_SIZE.precision) {
    const scale = Number(numbers?.[2] ?? 0);
    return first === 10 && scale === 2 ? undefined : { precision: first, scale: Math.min(scale, first) };
  }
  const text = TEXT_SIZE_SPELLINGS[declared];
  return type === 'text' && text !== undefined ? { text } : undefined;
}

const TYPE_WORDS: ReadonlyArray<readonly [RegExp, FieldType]> = [
  [/^(bool|boolean)$/, 'boolean'],
  [/^(bigint|int8|bigserial|serial8)( unsigned)?$/, 'bigint'],
  [/^(int|integer|int4|int2|smallint|mediumint|tinyint|serial|serial4|smallserial)( unsigned)?$/, 'integer'],
  [/^(numeric|decimal)( unsigned)?$/, 'decimal'],
  [/^(real|float|float4|float8|double|double precision)( unsigned)?$/, 'float'],
  [/^(varchar|character varying|char|character|nchar|nvarchar|varying character|citext)$/, 'string'],
  [/^(text|tinytext|mediumtext|longtext|clob)$/, 'text'],
  [/^(json|jsonb)$/, 'json'],
  [/^date$/, 'date'],
  [/^datetime$/, 'datetime'],
  [/^(timestamp|timestamptz|timestamp with time zone|timestamp without time zone)$/, 'timestamp'],
  [/^uuid$/, 'uuid'],
];

/**
 * A column default the generated code can state: a literal of the field's kind. An expression
 * (`CURRENT_TIMESTAMP`, `nextval(...)`, `now()`) is the database's to compute, and gives none.
 */
export function defaultOf(column: ColumnDescription, type: FieldType): DefaultValue | undefined {
  const raw = column.default;
  if (raw === undefined) return undefined;
  const literal = literalOf(raw.trim(), type);
  if (literal === undefined) return undefined;
  const checked = checkedDefault({ name: column.name, type, nullable: column.nullable, ...(column.enumValues === undefined ? {} : { enumValues: column.enumValues }) }, literal);
  return 'problem' in checked ? undefined : checked;
}

function literalOf(raw: string, type: FieldType): string | number | boolean | undefined {
  // PostgreSQL: 'draft'::character varying; SQLite and MySQL 8: 'draft'.
  const quoted = /^'((?:[^']|'')*)'(?:::[a-z_ ]+(?:\[\])?)?$/i.exec(raw);
  // A default of null is what a nullable column has anyway (MariaDB states it for every one).
  if (/^null$/i.test(raw)) return undefined;
  const text = quoted === null ? raw : quoted[1]?.replace(/''/g, "'");
  if (text === undefined) return undefined;
  if (type === 'boolean') {
    if (/^(true|1|'1'|t)$/i.test(text)) return true;
    if (/^(false|0|'0'|f)$/i.test(text)) return false;
    return undefined;
  }
  if (['integer', 'bigint', 'float', 'decimal'].includes(type)) {
    return /^[-+]?\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;
  }
  // Unquoted, it is an expression (MariaDB quotes literals; MySQL 8 and the others as above).
  if (quoted === null && !['string', 'text', 'enum'].includes(type)) return undefined;
  if (quoted === null && /[()]|^current_/i.test(text)) return undefined;
  return text;
}
