import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { CLASS_DATA_PATH } from '../emit/records/class-data.js';
import type { CheckedModel, SourceModel } from '../ir/ir.generated.js';
import { checkModel } from '../passes/check.js';
import { loadFrontEnds, type FrontEndKind } from '../pipeline/input/front-ends.js';
import { isDiagramPath } from '../text/file-kinds.js';

/** What one open document is, read as `make` and `validate` read it. */
export interface Analysis {
  uri: string;
  /** The file name the front end reads it by, which its diagnostics' spans name. */
  name: string;
  kind: FrontEndKind;
  text: string;
  /** As the front end lowered it: the names and spans the editor's features find things by. */
  source?: SourceModel;
  /** As the passes checked it: what the generator writes from; absent while the document has errors. */
  checked?: CheckedModel;
  diagnostics: Diagnostic[];
}

/** The file name of a document's URI: `file:///p/api-schema.yaml` is `api-schema.yaml`. */
function documentName(uri: string): string {
  return basename(uri.startsWith('file:') ? fileURLToPath(uri) : decodeURIComponent(new URL(uri).pathname));
}

/** Which front end reads the document, by its name; none for a file fullapi does not read. */
function documentKind(name: string): FrontEndKind | undefined {
  if (name.toLowerCase() === CLASS_DATA_PATH) return 'record';
  if (isDiagramPath(name)) return 'diagram';
  return /\.(?:ya?ml|json)$/i.test(name) ? 'schema' : undefined;
}

/**
 * The front end and the passes on the document's text, as `fullapi validate` runs them: the same diagnostics.
 * Each front end is loaded on the first document of its kind.
 */
export async function analyse(uri: string, text: string): Promise<Analysis | undefined> {
  const name = documentName(uri);
  const kind = documentKind(name);
  if (kind === undefined) return undefined;
  const read = (await loadFrontEnds([kind]))[kind];
  if (read === undefined) return undefined;
  const found = read(name, text);
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
