import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { ArtifactName, GeneratedFile } from '../plan/file-plan.js';
import type { EmitContext } from './context.js';
import type { StubName } from './artifact-table.js';
import { prepareStub, type RenderedStub, type StubData } from './render-stub.js';
import { isPartialRender, type EmitterValues } from './laravel/values/stub-values/registry.js';

/** What every emitter returns: the files of one artifact, or why they could not be written. */
export type EmitResult = { ok: true; files: GeneratedFile[] } | { ok: false; diagnostics: Diagnostic[] };

/** A file rendered from a stub, with the values that stub declares. */
export type StubFile = {
  [N in StubName]: { stub: N; path: string; artifact: ArtifactName; values: EmitterValues<N> };
}[StubName];

/**
 * Renders each file's stub from the context. The first failure fails the whole artifact: files sharing a
 * broken stub would only repeat the same diagnostic.
 */
export function renderStubFiles(files: readonly StubFile[], ctx: EmitContext): EmitResult {
  const rendered: GeneratedFile[] = [];
  for (const file of files) {
    const result = renderData(file.stub, file.values, ctx);
    if (!result.ok) return { ok: false, diagnostics: [result.diagnostic] };
    rendered.push({ kind: 'file', path: file.path, artifact: file.artifact, content: result.text });
  }
  return { ok: true, files: rendered };
}

/** What rendering a stub reads of the context: the stubs, and those compiled so far. */
export type StubRendering = Pick<EmitContext, 'stubs' | 'preparedStubs'>;

/** One stub with its declared values, its partials rendered first. */
export function renderWithPartials<N extends StubName>(name: N, values: EmitterValues<N>, ctx: StubRendering): RenderedStub {
  return renderData(name, values, ctx);
}

/**
 * A stub, its partials rendered first into the blocks they fill. A partial is rendered only when the stub
 * names its block: a 3.x name the stub does not place costs nothing, and cannot fail.
 */
function renderData(name: StubName, values: StubData, ctx: StubRendering): RenderedStub {
  const template = ctx.stubs[name];
  const prepared = ctx.preparedStubs?.get(name, template) ?? prepareStub(name, template);
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (!isPartialRender(value)) {
      data[key] = value;
    } else if (!prepared.words.has(key)) {
      data[key] = '';
    } else {
      const block = renderData(value.partial, value.values, ctx);
      if (!block.ok) return block;
      // A stub file ends with a newline; a block placed in a line carries none.
      const text = block.text.replace(/\n+$/, '');
      data[key] = value.placed === undefined ? text : value.placed(text);
    }
  }
  return prepared.render(data);
}
