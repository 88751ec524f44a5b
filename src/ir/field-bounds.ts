import type { FieldType } from './ir.generated.js';

/**
 * A number field's least and greatest value, the same words in every input: `min=0` and `max=100` as modifiers
 * (`--fields`, a schema file's shorthand, a diagram's modifiers), `min:` and `max:` in a field's mapping and in
 * class_data.json. Validation and factory bounds and OpenAPI's minimum and maximum; the column is unchanged.
 */
export const FIELD_BOUNDS = ['min', 'max'] as const;

export type FieldBound = (typeof FIELD_BOUNDS)[number];

/** The modifier words that write a bound: `min=`, `max=`. */
export const BOUND_PREFIXES: readonly string[] = FIELD_BOUNDS.map((bound) => `${bound}=`);

/** The types whose values have an order a bound means something in. */
export const BOUNDED_TYPES: readonly FieldType[] = ['integer', 'bigint', 'float', 'decimal'];

/** The bound a modifier word writes (`min=0` is min), or undefined for another word. */
export function boundOfWord(word: string): FieldBound | undefined {
  const lower = word.toLowerCase();
  return FIELD_BOUNDS.find((bound) => lower.startsWith(`${bound}=`));
}

/** A bound's number as written: a plain decimal number, no exponent, no `+`, nothing but digits around the point. */
export function boundValue(text: string): number | undefined {
  return /^-?\d{1,15}(\.\d{1,15})?$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

/** What is wrong with bounds on a field of this type, or undefined when they are fine. */
export function boundsProblem(type: FieldType, bounds: { min?: number; max?: number }): string | undefined {
  const written = FIELD_BOUNDS.filter((bound) => bounds[bound] !== undefined);
  if (written.length === 0) return undefined;
  if (!BOUNDED_TYPES.includes(type)) return `${written.join(' and ')} bound${written.length === 1 ? 's' : ''} a number; a ${type} field has none (${BOUNDED_TYPES.join(', ')} have)`;
  if ((type === 'integer' || type === 'bigint') && written.some((bound) => !Number.isInteger(bounds[bound]))) return `a bound of a whole-number (${type}) field is a whole number`;
  if (bounds.min !== undefined && bounds.max !== undefined && bounds.min > bounds.max) return `min (${bounds.min}) is above max (${bounds.max})`;
  return undefined;
}
