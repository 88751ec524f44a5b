import type { GenerationOptions } from './ir.generated.js';

/** One of the options an entity is generated with beyond the default (`--auth`, `--query-builder`, ...). */
export type GenerationOption = keyof GenerationOptions;

/** Every option, in the order reports and records list them. */
export const GENERATION_OPTIONS: readonly GenerationOption[] = ['auth', 'clientCollection', 'expressiveTests', 'queryBuilder', 'jsonApi', 'simplePagination'];

/** The options both sets ask for: a command line's flags add to what an input or a record says. */
export function mergedOptions(first: GenerationOptions | undefined, second: GenerationOptions | undefined): GenerationOptions | undefined {
  const merged = GENERATION_OPTIONS.filter((option) => first?.[option] === true || second?.[option] === true);
  return merged.length === 0 ? undefined : Object.fromEntries(merged.map((option) => [option, true]));
}
