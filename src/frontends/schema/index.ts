import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SourceModel } from '../../ir/ir.generated.js';
import { API_SCHEMA } from './api-schema.generated.js';
import { validate as validateApiSchema } from './api-schema.validate.generated.js';
import { CLASS_DATA_FORMAT } from './class-data-file.js';
import type { DocNode } from '../../text/doc-node.js';
import { lowerApiSchema } from './lower-api-schema.js';
import { locator, type Locate } from '../../text/positions.js';
import { readJson } from '../../text/read-json.js';
import { readYaml } from './read-yaml.js';
import { readYamlBlock, readYamlInBlocks } from './yaml-blocks.js';
import type { FrontEndMemory } from '../front-end-memory.js';
import type { Flavor } from './schema-errors.js';
import { readDocument, type SchemaFormat } from './schema-format.js';

/**
 * The schema-file front end: api-schema.yaml|yml|json and class_data.json -> SourceModel, with every
 * problem placed at the user's line and column. Pure: the CLI reads the file and passes its text.
 */

export { SCHEMA_FILE_NAMES } from '../../text/file-kinds.js';

/** The api-schema JSON Schema, for `fullapi schema --print` and editors. */
export function apiSchemaJson(): object {
  return structuredClone(API_SCHEMA);
}

const API_SCHEMA_FORMAT: SchemaFormat = {
  schema: API_SCHEMA,
  validator: validateApiSchema,
  lower: lowerApiSchema,
  repeatsNamedElsewhere: (pointer) => /^\/entities(?:\/[^/]*\/(?:fields|relations))?$/.test(pointer),
  isSection: (pointer) => /^\/(?:options|entities)$|^\/entities\/[^/]*\/(?:fields|relations)$/.test(pointer),
};

/**
 * Reads one schema file. The format follows the name: `*.json` is JSON, anything else YAML (a name
 * without either, such as standard input's, is JSON when the text opens with { or [); `class_data.json`,
 * or any document that is a list, is the class_data format.
 *
 * `model` holds what the file declares well, also when there are errors, so that the passes can add
 * theirs to the same report; nothing may be generated while `diagnostics` holds an error. It is absent
 * when the text is not YAML or JSON at all.
 */
export function readSchemaFile(path: string, text: string, memory?: FrontEndMemory): { model?: SourceModel; diagnostics: Diagnostic[] } {
  const locate = locator(path, text);
  const flavor: Flavor = /\.json$/i.test(path) || (!/\.ya?ml$/i.test(path) && /^\s*[[{]/.test(text)) ? 'json' : 'yaml';
  const read = flavor === 'json' ? readJson(text, locate) : readYamlText(text, locate, memory);
  if (read.root === undefined) return { diagnostics: read.diagnostics };
  const format = /(?:^|[\\/])class_data\.json$/i.test(path) || read.root.kind === 'list' ? CLASS_DATA_FORMAT : API_SCHEMA_FORMAT;
  const root = flavor === 'yaml' ? withEmptySections(read.root, format.isSection) : read.root;
  return readDocument(format, root, read.diagnostics, locate, flavor);
}

/** A watch session reads again only the entities a save changed (yaml-blocks.ts). */
function readYamlText(text: string, locate: Locate, memory: FrontEndMemory | undefined): ReturnType<typeof readYaml> {
  return (memory === undefined ? undefined : readYamlInBlocks(text, locate, memory.memo(readYamlBlock))) ?? readYaml(text, locate);
}

/**
 * A YAML section written with nothing after its key but comments (`options:` with every option commented
 * out) reads as null; it means an empty section, and becomes one. A `null` or `~` written out is left to be
 * reported.
 */
function withEmptySections(node: DocNode, isSection: (pointer: string) => boolean, pointer = ''): DocNode {
  if (node.kind !== 'map') return node;
  return {
    ...node,
    entries: node.entries.map((entry) => {
      const entryPointer = `${pointer}/${entry.key}`;
      const { value } = entry;
      const empty = value.kind === 'scalar' && value.value === null && value.range.start === value.range.end;
      if (empty && isSection(entryPointer)) return { ...entry, value: { kind: 'map', range: value.range, entries: [] } };
      return { ...entry, value: withEmptySections(value, isSection, entryPointer) };
    }),
  };
}
