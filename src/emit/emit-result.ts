import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { ArtifactName, GeneratedFile } from '../plan/file-plan.js';
import type { EmitContext } from './context.js';
import type { StubName } from './artifact-table.js';
import { prepareStub } from './render-stub.js';

/** What every emitter returns: the files of one artifact, or why they could not be written. */
export type EmitResult = { ok: true; files: GeneratedFile[] } | { ok: false; diagnostics: Diagnostic[] };

export interface StubFile {
  stub: StubName;
  path: string;
  artifact: ArtifactName;
  values: Record<string, string>;
}

/**
 * Renders each file's stub from the context. The first failure fails the whole artifact: files sharing a
 * broken stub would only repeat the same diagnostic.
 */
export function renderStubFiles(files: readonly StubFile[], ctx: EmitContext): EmitResult {
  const rendered: GeneratedFile[] = [];
  for (const file of files) {
    const template = ctx.stubs[file.stub];
    const render = ctx.preparedStubs?.get(file.stub, template) ?? prepareStub(file.stub, template);
    const result = render(file.values);
    if (!result.ok) return { ok: false, diagnostics: [result.diagnostic] };
    rendered.push({ kind: 'file', path: file.path, artifact: file.artifact, content: result.text });
  }
  return { ok: true, files: rendered };
}
