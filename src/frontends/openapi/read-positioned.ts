import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { DocNode } from '../../text/doc-node.js';
import { locator, type Locate } from '../../text/positions.js';
import { readJson } from '../../text/read-json.js';
import { readYaml } from '../schema/read-yaml.js';

/** One file of a document read by the project's positioned readers: JSON by its extension, YAML by its own, else by its first character. */
export function readPositioned(path: string, text: string): { root?: DocNode; locate: Locate; diagnostics: Diagnostic[] } {
  const locate = locator(path, text);
  const read = isJson(path, text) ? readJson(text, locate) : readYaml(text, locate);
  return { ...read, locate };
}

function isJson(path: string, text: string): boolean {
  if (/\.json$/i.test(path)) return true;
  if (/\.ya?ml$/i.test(path)) return false;
  return /^\s*[[{]/.test(text);
}
