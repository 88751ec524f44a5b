import type { ColumnSize, FieldType } from './ir.generated.js';

/**
 * A column's size beyond its type, written with the type the same way in every input that writes a type as text
 * (`string(100)`, `decimal(8,2)`, `mediumtext`), and the bounds every database holds. One place, so that the
 * front ends, the record and the emitters agree.
 */

/** Laravel's `string()` column without a length: a VARCHAR(255). */
export const DEFAULT_STRING_LENGTH = 255;

/** A decimal column without precision and scale: money-sized amounts, eight digits before the point. */
export const DEFAULT_DECIMAL_DIGITS = { precision: 10, scale: 2 } as const;

/**
 * MySQL's VARCHAR holds 65,535 bytes, and utf8mb4 takes up to four a character: a longer string is a text.
 * MySQL's DECIMAL holds 65 digits, 30 of them after the point; PostgreSQL and SQLite hold more.
 */
export const LARGEST_SIZE = { length: 16383, precision: 65, scale: 30 } as const;

/** The text types of a size, by the type names that ask for them. */
export const TEXT_SIZE_SPELLINGS: Readonly<Record<string, NonNullable<ColumnSize['text']>>> = {
  mediumtext: 'medium',
  longtext: 'long',
};

/** The types whose size is written in parentheses after them, and what the numbers mean. */
export const SIZE_ARGUMENTS: Partial<Record<FieldType, readonly ('length' | 'precision' | 'scale')[]>> = {
  string: ['length'],
  decimal: ['precision', 'scale'],
};

/** A decimal field's digits in all and after the point: its own, else the default. */
export function decimalDigits(size: ColumnSize | undefined): { precision: number; scale: number } {
  if (size?.precision === undefined) return DEFAULT_DECIMAL_DIGITS;
  return { precision: size.precision, scale: size.scale ?? 0 };
}

/** A string field's length in characters: its own, else Laravel's default. */
export function stringLength(size: ColumnSize | undefined): number {
  return size?.length ?? DEFAULT_STRING_LENGTH;
}

/** The largest value a decimal of these digits holds, as its digits: `999999.99` for (8, 2). */
export function largestDecimal({ precision, scale }: { precision: number; scale: number }): string {
  const whole = '9'.repeat(precision - scale) || '0';
  return scale === 0 ? whole : `${whole}.${'9'.repeat(scale)}`;
}

/** The type as the inputs write it, with its size: `decimal(8,2)`, `string(100)`, `mediumtext`, or the type alone. */
export function typeWithSize(type: FieldType, size: ColumnSize | undefined): string {
  if (size === undefined) return type;
  if (type === 'string' && size.length !== undefined) return `string(${size.length})`;
  if (type === 'decimal' && size.precision !== undefined) return `decimal(${size.precision},${size.scale ?? 0})`;
  if (type === 'text' && size.text !== undefined) return `${size.text}text`;
  return type;
}
