import { parentPort, workerData } from 'node:worker_threads';
import type { MakeMemory } from '../pipeline/make/make-memory.js';
import { newMakeMemory } from '../pipeline/make/make-memory.js';
import { nodeFs } from '../project/fs/project-fs.js';
import { analyse } from './analysis.js';
import { previewAnswer, previewMake } from './preview.js';
import type { ProjectCheckAnswer, ProjectCheckRequest } from './project-checks.js';

/**
 * The thread that plans `make --dry-run`s of the open documents against the project (project-checks.ts), so that
 * a plan, several readings' work, never holds up the reading of the next key on the server's own thread. It
 * keeps, per document, what `make` keeps from one plan to the next, as a watch session does.
 */
const root = (workerData as { root: string }).root;
const memories = new Map<string, MakeMemory>();
const port = parentPort;

async function answer(request: ProjectCheckRequest): Promise<ProjectCheckAnswer> {
  if (request.kind === 'forget') {
    memories.delete(request.uri);
    return { id: request.id, kind: 'forgotten' };
  }
  const analysis = await analyse(request.uri, request.text, undefined, nodeFs.readFile);
  if (analysis === undefined) return { id: request.id, kind: 'unread' };
  const memory = memories.get(request.uri) ?? newMakeMemory();
  memories.set(request.uri, memory);
  const outcome = await previewMake(analysis, { root, fs: nodeFs, now: () => new Date(request.now) }, memory);
  if (request.kind === 'preview') return { id: request.id, kind: 'preview', preview: previewAnswer(outcome) };
  return { id: request.id, kind: 'checked', diagnostics: outcome.diagnostics.filter((diagnostic) => diagnostic.span?.file === analysis.name) };
}

port?.on('message', (request: ProjectCheckRequest) => {
  answer(request).then(
    (answered) => port.postMessage(answered),
    (failure: unknown) => port.postMessage({ id: request.id, kind: 'failed', failure: failure instanceof Error ? (failure.stack ?? failure.message) : String(failure) } satisfies ProjectCheckAnswer),
  );
});
