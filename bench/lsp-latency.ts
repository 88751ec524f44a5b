import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import type { SampleInput, SampleProject } from './sample-project.js';

/** Changes before the measured ones, while the server's JIT warms up. */
const WARM_UP_CHANGES = 5;
const CHANGES = 20;
/** Between changes, so that each is a burst of its own and not folded into the one before by the debounce. */
export const PAUSE_BETWEEN_CHANGES_MS = 100;

export interface LspFigures {
  /** From the didChange notification sent to the diagnostics published for it, one per measured change. */
  latencies: number[];
  /** Spawn to the diagnostics of the opened document: start-up, the front end's loading and the first reading. */
  firstDiagnostics: number;
}

/**
 * `fullapi lsp` spawned as an editor spawns it, the sample opened in it, then changed as typing changes it: each
 * change adds a field to one leaf entity, the whole text sent, and the latency runs from sending the change to
 * receiving the diagnostics it publishes, the debounce included. The project is `folder`: in an empty folder
 * nothing is planned against it; in a Laravel project, with pauses longer than the server waits before it plans
 * a make of the text (its PROJECT_CHECK_PAUSE_MS), each change comes while the plan of the one before it runs.
 */
export async function measureLsp(sample: SampleProject, input: SampleInput, folder: string, nodeArguments: readonly string[], pauseMs = PAUSE_BETWEEN_CHANGES_MS): Promise<LspFigures> {
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArguments, 'lsp', '--project', folder], { stdio: ['pipe', 'pipe', 'ignore'] });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  let published: ((params: PublishDiagnosticsParams) => void) | undefined;
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => published?.(params));
  const nextPublished = (): Promise<PublishDiagnosticsParams> => new Promise((resolve) => (published = resolve));
  connection.listen();
  try {
    const uri = pathToFileURL(join(folder, input.fileName)).href;
    await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(folder).href, capabilities: {} });
    await connection.sendNotification('initialized', {});
    const opened = nextPublished();
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: input.fileName.endsWith('.mmd') ? 'mermaid' : 'yaml', version: 1, text: input.text() } });
    failOnErrors(await opened, 'the opened sample');
    const firstDiagnostics = performance.now() - started;
    const extraFields = new Map<string, number>();
    const latencies: number[] = [];
    const leaves = sample.leafEntities;
    for (let change = -WARM_UP_CHANGES; change < CHANGES; change++) {
      const entity = leaves[(change + leaves.length) % leaves.length] ?? '';
      extraFields.set(entity, (extraFields.get(entity) ?? 0) + 1);
      const answer = nextPublished();
      const sent = performance.now();
      await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: change + WARM_UP_CHANGES + 2 }, contentChanges: [{ text: input.text(extraFields) }] });
      failOnErrors(await answer, `change ${change}`);
      if (change >= 0) latencies.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    return { latencies, firstDiagnostics };
  } finally {
    await connection.sendRequest('shutdown').catch(() => undefined);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await connection.sendNotification('exit').catch(() => undefined);
    await exited;
    connection.dispose();
  }
}

/** A sample with an error measures the reading of a broken text, not the one an editor mostly sees. */
function failOnErrors(params: PublishDiagnosticsParams, what: string): void {
  const errors = params.diagnostics.filter((diagnostic) => diagnostic.severity === 1);
  if (errors.length > 0) throw new Error(`${what}: ${errors.map((diagnostic) => `${String(diagnostic.code)} ${diagnostic.message}`).join('; ')}`);
}
