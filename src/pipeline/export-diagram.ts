import { hasErrors, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { erDiagramOf } from '../emit/mermaid/er-diagram.js';
import { checkModel } from '../passes/check.js';
import type { ProjectFs } from '../project/fs/project-fs.js';
import type { FrontEnds } from './input/front-ends.js';
import type { CommandFile } from './openapi-input.js';
import { loadFile } from './input/source.js';

export interface ExportDiagramRequest {
  /** The schema file, diagram or OpenAPI document `--from` names (readCommandFile). */
  input: CommandFile;
  cwd: string;
  readStdin(): string;
}

export interface ExportDiagramOutcome {
  ok: boolean;
  /** The erDiagram, when the input is valid. */
  text?: string;
  diagnostics: Diagnostic[];
  texts: ReadonlyMap<string, string>;
}

/**
 * `fullapi diagram --from <file>`: a valid schema (or a classDiagram, or an OpenAPI document's entities) as a Mermaid erDiagram that fullapi
 * reads back into the same API; what a diagram cannot hold is named in warnings.
 */
export function runExportDiagram(request: ExportDiagramRequest, frontEnds: FrontEnds, fs?: ProjectFs): ExportDiagramOutcome {
  const source = loadFile(request.input, frontEnds, { cwd: request.cwd, projectRoot: request.cwd, readStdin: request.readStdin }, fs);
  const checked = source.model === undefined ? { diagnostics: [] } : checkModel(source.model);
  const diagnostics = [...source.diagnostics, ...checked.diagnostics];
  if (source.model === undefined || hasErrors(diagnostics)) return { ok: false, diagnostics: sortDiagnostics(diagnostics), texts: source.texts };
  const exported = erDiagramOf(source.model);
  return { ok: true, text: exported.text, diagnostics: sortDiagnostics([...diagnostics, ...exported.diagnostics]), texts: source.texts };
}
