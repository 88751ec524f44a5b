import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeFs } from '../project/fs/project-fs.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { CLASS_DATA_PATH } from '../emit/records/class-data.js';
import type { CheckedModel, SourceModel } from '../ir/ir.generated.js';
import { checkModel } from '../passes/check.js';
import { frontEndMemory, type FrontEndMemory } from '../frontends/front-end-memory.js';
import { loadFrontEnds, type FrontEndKind } from '../pipeline/input/front-ends.js';
import { newRunMemos } from '../plan/run-memo.js';
import { isDiagramPath, isOpenApiText } from '../text/file-kinds.js';

/** Which front end reads a document: a schema file's, the record's, a diagram's, or an OpenAPI document's. */
export type DocumentKind = FrontEndKind | 'openapi';

/** What one open document is, read as `make` and `validate` read it. */
export interface Analysis {
  uri: string;
  /** The file name the front end reads it by, which its diagnostics' spans name. */
  name: string;
  kind: DocumentKind;
  text: string;
  /** As the front end lowered it: the names and spans the editor's features find things by. */
  source?: SourceModel;
  /**
   * As the passes checked it: what the generator writes from, without what the front end could not read (a
   * misspelt type, a relation to a missing entity); absent while the passes find errors (a column named twice).
   */
  checked?: CheckedModel;
  diagnostics: Diagnostic[];
  /** An OpenAPI document's: the diagnostics of the files its `$ref`s name, by each file's URI. */
  elsewhere?: ReadonlyMap<string, Diagnostic[]>;
}

/**
 * What the front end keeps of one open document from a reading to the next, as in a watch session: a schema
 * file's entities are read again only where a change touched them (yaml-blocks.ts), which is most of the time a
 * change takes on a large file.
 */
export interface ReadingMemory {
  frontEnds: FrontEndMemory;
  /** A reading begins: what the one before it did not use is forgotten. */
  nextReading(): void;
}

export function newReadingMemory(): ReadingMemory {
  const memos = newRunMemos();
  return { frontEnds: frontEndMemory(memos), nextReading: memos.nextRun };
}

/** Where a document is: its path for a `file:` URI; for another (an editor's unsaved `untitled:`), its name. */
export function documentPath(uri: string): string {
  return uri.startsWith('file:') ? fileURLToPath(uri) : decodeURIComponent(new URL(uri).pathname);
}

/** The file name of a document's URI: `file:///p/api-schema.yaml` is `api-schema.yaml`. */
function documentName(uri: string): string {
  return basename(documentPath(uri));
}

/** The names `make` looks for at the project root: a file of these names is a schema file whatever it holds. */
const SCHEMA_FILE_NAME = /^api-schema\.(?:ya?ml|json)$/i;
/** A first-level `entities` key, in YAML or in JSON. */
const ENTITIES_KEY = /^(?:entities[ \t]*:|\s*\{?\s*"entities"\s*:)/m;

/**
 * Which front end reads the document, by its name and, for another YAML or JSON file, by what it holds: an
 * OpenAPI document by its `openapi` or `swagger` key, a schema file by its `entities`. An editor hands the server
 * every YAML file of a project (a compose file, a CI workflow): those are no file of fullapi's, and get nothing.
 */
function documentKind(name: string, text: string): DocumentKind | undefined {
  if (name.toLowerCase() === CLASS_DATA_PATH) return 'record';
  if (isDiagramPath(name)) return 'diagram';
  if (!/\.(?:ya?ml|json)$/i.test(name)) return undefined;
  if (SCHEMA_FILE_NAME.test(name)) return 'schema';
  if (isOpenApiText(text)) return 'openapi';
  return ENTITIES_KEY.test(text) ? 'schema' : undefined;
}

/**
 * The front end and the passes on the document's text, as `fullapi validate` runs them: the same diagnostics.
 * Each front end is loaded on the first document of its kind. An OpenAPI document's `$ref`s are read with
 * `readFile`.
 */
export async function analyse(uri: string, text: string, memory?: ReadingMemory, readFile: (path: string) => string = nodeFs.readFile): Promise<Analysis | undefined> {
  const name = documentName(uri);
  const kind = documentKind(name, text);
  if (kind === undefined) return undefined;
  if (kind === 'openapi') {
    const { readOpenApiDocument } = await import('./openapi-reading.js');
    return { uri, name, kind, text, ...(await readOpenApiDocument({ name, path: documentPath(uri), text }, readFile)) };
  }
  const read = (await loadFrontEnds([kind]))[kind];
  if (read === undefined) return undefined;
  memory?.nextReading();
  const found = read(name, text, memory?.frontEnds);
  const checked = found.model === undefined ? { diagnostics: [] } : checkModel(found.model);
  const diagnostics = [...found.diagnostics, ...checked.diagnostics].filter((diagnostic) => diagnostic.span?.file === undefined || diagnostic.span.file === name);
  return {
    uri,
    name,
    kind,
    text,
    ...(found.model === undefined ? {} : { source: found.model }),
    ...(checked.model === undefined ? {} : { checked: checked.model }),
    diagnostics,
  };
}
