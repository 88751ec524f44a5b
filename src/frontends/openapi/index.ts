import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SourceModel } from '../../ir/ir.generated.js';
import { dereference } from './dereference.js';
import { lowerOpenApi } from './lower-openapi.js';
import { isObject } from './schema-shape.js';
import { openApiVersion } from './version.js';

/**
 * The OpenAPI front end: a Swagger 2.0, OpenAPI 3.0 or 3.1 document, in JSON or YAML and possibly split over files
 * joined by relative `$ref`s -> SourceModel. Pure: `readFile` reads every file but the root, whose text is given.
 *
 * `model` holds what was read well, also when there are errors; it is absent when the document cannot be read
 * at all. `texts` holds every file read, by absolute path, so that a run can hash exactly its inputs.
 */
export async function readOpenApiFile(
  path: string,
  text: string,
  readFile: (absolutePath: string) => string,
): Promise<{ model?: SourceModel; diagnostics: Diagnostic[]; texts: Map<string, string> }> {
  const read = await dereference(path, text, readFile);
  const { texts, diagnostics } = read;
  if (read.document === undefined) return { diagnostics, texts };
  const version = openApiVersion(read.document, read.origins, path);
  if ('problem' in version || !isObject(read.document)) {
    return { diagnostics: 'problem' in version ? [...diagnostics, version.problem] : diagnostics, texts };
  }
  const lowered = lowerOpenApi(read.document, read.origins, path, read.fileRoots);
  return { model: lowered.model, diagnostics: [...diagnostics, ...lowered.diagnostics], texts };
}
