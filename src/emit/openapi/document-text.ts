import { stringify } from 'yaml';
import type { JsonObject } from './json-schema.js';

/** YAML for a file named `.yaml` or `.yml`, else JSON; both end with a newline. */
export function documentText(document: JsonObject, path: string | undefined): string {
  if (path !== undefined && /\.ya?ml$/i.test(path)) return stringify(document, { lineWidth: 0, aliasDuplicateObjects: false });
  return `${JSON.stringify(document, null, 2)}\n`;
}
