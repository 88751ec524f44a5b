/** Small pure helpers for PHP syntax shared by the Laravel emitters. */

/**
 * The `use` block of a generated PHP file, in the order Pint's `ordered_imports` (alpha, case-insensitive)
 * leaves untouched: it compares names with `\` read as a space, so `App\Models\Post` sorts before `App\ModelsX`.
 */
export function renderImports(classNames: readonly string[]): string {
  const sortKey = (name: string): string => name.replace(/\\/g, ' ').toLowerCase();
  return [...new Set(classNames)]
    .sort((a, b) => compareCodeUnits(sortKey(a), sortKey(b)))
    .map((name) => `use ${name};`)
    .join('\n');
}

/** PHP's strcasecmp compares bytes; `localeCompare` would not. */
function compareCodeUnits(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** A single-quoted PHP string literal: only `\` and `'` need escaping inside one. */
export function phpString(value: string): string {
  return `'${value.replace(/[\\']/g, (char) => `\\${char}`)}'`;
}

/** A PHP literal of a scalar default as the user wrote it (schema files: strings, numbers, booleans, null). */
export function phpScalar(value: string | number | boolean | null): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return phpString(value);
  return String(value);
}
