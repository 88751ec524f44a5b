import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SourceModel } from '../../ir/ir.generated.js';
import { locator } from '../../text/positions.js';
import { readJson } from '../../text/read-json.js';
import { CLASS_DATA_SCHEMA } from './class-data.generated.js';
import { validate as validateClassData } from './class-data.validate.generated.js';
import { lowerClassData } from './lower-class-data.js';
import { readDocument, type SchemaFormat } from './schema-format.js';

export const CLASS_DATA_FORMAT: SchemaFormat = {
  schema: CLASS_DATA_SCHEMA,
  validator: validateClassData,
  lower: lowerClassData,
  repeatsNamedElsewhere: () => false,
  isSection: () => false,
};

/**
 * The project's record of generated entities (class_data.json, always JSON) -> SourceModel: what `make
 * <Entity>` regenerates an entity from, and what a regeneration compares its entities with. Loads no YAML.
 */
export function readClassDataFile(path: string, text: string): { model?: SourceModel; diagnostics: Diagnostic[] } {
  const locate = locator(path, text);
  const read = readJson(text, locate);
  if (read.root === undefined) return { diagnostics: read.diagnostics };
  return readDocument(CLASS_DATA_FORMAT, read.root, read.diagnostics, locate, 'json');
}
