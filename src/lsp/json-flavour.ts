import type { Analysis } from './analysis.js';

/**
 * Whether a schema file is JSON, as the schema front end tells: by its name, and for a name that is neither
 * .json nor .yaml/.yml, by a text that opens with { or [.
 */
export function isJsonSchema(analysis: Analysis): boolean {
  if (analysis.kind !== 'schema') return false;
  return /\.json$/i.test(analysis.name) || (!/\.ya?ml$/i.test(analysis.name) && /^\s*[[{]/.test(analysis.text));
}
