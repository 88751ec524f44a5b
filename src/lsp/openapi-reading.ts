import { pathToFileURL } from 'node:url';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { CheckedModel, SourceModel } from '../ir/ir.generated.js';
import { checkModel } from '../passes/check.js';

/** An open OpenAPI document: its file name, where it is (its `$ref`s are read from there), its text. */
export interface OpenApiDocument {
  name: string;
  path: string;
  text: string;
}

/** What the reading of an OpenAPI document gives the editor's features, as a schema file's reading does. */
export interface OpenApiReading {
  source?: SourceModel;
  checked?: CheckedModel;
  diagnostics: Diagnostic[];
  /** The diagnostics of the files its `$ref`s name, by each file's URI. */
  elsewhere: Map<string, Diagnostic[]>;
}

/**
 * An OpenAPI document read as `fullapi validate <document>` reads it: with every file its `$ref`s name, lowered
 * and checked. Its own diagnostics name it by its file name, as a schema file's do; those of the files it names
 * are kept by their URIs, for the editor to show where they are. The outline and hover find entities by the
 * spans of the document itself: an entity written in another file has its spans there.
 */
export async function readOpenApiDocument(document: OpenApiDocument, readFile: (path: string) => string): Promise<OpenApiReading> {
  const { readOpenApiFile } = await import('../frontends/openapi/index.js');
  const read = await readOpenApiFile(document.path, document.text, readFile);
  const checked = read.model === undefined ? { diagnostics: [] } : checkModel(read.model);
  const diagnostics: Diagnostic[] = [];
  const elsewhere = new Map<string, Diagnostic[]>();
  for (const diagnostic of [...read.diagnostics, ...checked.diagnostics]) {
    const file = diagnostic.span?.file;
    if (file === undefined || file === document.path) diagnostics.push(file === undefined ? diagnostic : { ...diagnostic, span: { ...diagnostic.span, file: document.name } });
    else {
      const uri = pathToFileURL(file).href;
      elsewhere.set(uri, [...(elsewhere.get(uri) ?? []), diagnostic]);
    }
  }
  return {
    ...(read.model === undefined ? {} : { source: writtenIn(read.model, document.path) }),
    ...(checked.model === undefined ? {} : { checked: checked.model }),
    diagnostics,
    elsewhere,
  };
}

/** The entities, fields and relations whose spans are in the file at `path`. */
function writtenIn(model: SourceModel, path: string): SourceModel {
  const here = (span: { file?: string }): boolean => span.file === path;
  const entities = model.entities
    .filter((entity) => here(entity.span))
    .map((entity) => ({ ...entity, fields: entity.fields.filter((field) => here(field.span)), relations: entity.relations.filter((relation) => here(relation.span)) }));
  return { ...model, entities };
}
