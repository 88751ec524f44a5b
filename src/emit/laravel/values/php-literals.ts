/** Small pure helpers for PHP syntax shared by the Laravel emitters. */

/**
 * The `use` block of a generated PHP file, in the order Pint's `ordered_imports` (alpha, case-insensitive)
 * leaves untouched: it compares names with `\` read as a space, so `App\Models\Post` sorts before `App\ModelsX`.
 */
export function renderImports(classNames: readonly string[]): string {
  // Each name's key is computed once, not at every comparison.
  return [...new Set(classNames)]
    .map((name) => ({ name, key: name.replace(/\\/g, ' ').toLowerCase() }))
    .sort((a, b) => compareCodeUnits(a.key, b.key))
    .map(({ name }) => `use ${name};`)
    .join('\n');
}

/** PHP's strcasecmp compares bytes; `localeCompare` would not. */
function compareCodeUnits(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

const NEEDS_ESCAPE = /[\\']/;

/** A single-quoted PHP string literal: only `\` and `'` need escaping inside one. */
export function phpString(value: string): string {
  return `'${phpStringBody(value)}'`;
}

/** The inside of a single-quoted PHP string literal, for a value a stub places between its own quotes. */
export function phpStringBody(value: string): string {
  // Most values have nothing to escape; testing first spares the replacement's callback.
  return NEEDS_ESCAPE.test(value) ? value.replace(/[\\']/g, (char) => `\\${char}`) : value;
}

/** A PHP literal of a scalar default as the user wrote it (schema files: strings, numbers, booleans, null). */
export function phpScalar(value: string | number | boolean | null): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return phpString(value);
  return String(value);
}
