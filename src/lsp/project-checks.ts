import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { Preview } from './preview.js';

/** What the server asks of the thread that plans against the project (project-check-worker.ts). */
export type ProjectCheckRequest =
  | { id: number; kind: 'check' | 'preview'; uri: string; text: string; now: string }
  | { id: number; kind: 'forget'; uri: string };

export type ProjectCheckAnswer =
  | { id: number; kind: 'checked'; diagnostics: Diagnostic[] }
  | { id: number; kind: 'preview'; preview: Preview }
  | { id: number; kind: 'unread' | 'forgotten' }
  | { id: number; kind: 'failed'; failure: string };

/**
 * `make --dry-run`s of open documents against the project, planned on a thread of their own: on 50 entities a
 * plan takes several times a reading's work, and a key typed meanwhile would wait for it on the server's thread.
 * The thread starts with the first plan asked for, and never keeps the process alive by itself.
 */
export interface ProjectChecks {
  /** The diagnostics of `make` on the text that name the document: what only the project explains. */
  check(uri: string, text: string, now: Date): Promise<Diagnostic[]>;
  /** The answer of `fullapi/preview` on the text. */
  preview(uri: string, text: string, now: Date): Promise<Preview | undefined>;
  /** The document was closed: what the plans of it kept goes. */
  forget(uri: string): void;
}

export function newProjectChecks(root: string): ProjectChecks {
  let worker: Worker | undefined;
  let lastId = 0;
  const pending = new Map<number, { resolve(answer: ProjectCheckAnswer): void; reject(failure: Error): void }>();

  const started = (): Worker => {
    if (worker !== undefined) return worker;
    // The thread's module sits beside this one, in the form this one has: .ts run by tsx, .js compiled, .mjs bundled.
    const running = new Worker(new URL(`./project-check-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url), { workerData: { root } });
    running.unref();
    running.on('message', (answer: ProjectCheckAnswer) => {
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      if (answer.kind === 'failed') waiting?.reject(new Error(answer.failure));
      else waiting?.resolve(answer);
    });
    const stopped = (failure: Error): void => {
      worker = undefined;
      for (const waiting of pending.values()) waiting.reject(failure);
      pending.clear();
    };
    running.on('error', stopped);
    running.on('exit', (code) => stopped(new Error(`the thread of the project's plans stopped (exit code ${code})`)));
    return (worker = running);
  };

  const ask = (request: Omit<Extract<ProjectCheckRequest, { kind: 'check' | 'preview' }>, 'id'>): Promise<ProjectCheckAnswer> =>
    new Promise((resolve, reject) => {
      const id = ++lastId;
      pending.set(id, { resolve, reject });
      started().postMessage({ id, ...request } satisfies ProjectCheckRequest);
    });

  return {
    async check(uri, text, now) {
      const answer = await ask({ kind: 'check', uri, text, now: now.toISOString() });
      return answer.kind === 'checked' ? answer.diagnostics : [];
    },
    async preview(uri, text, now) {
      const answer = await ask({ kind: 'preview', uri, text, now: now.toISOString() });
      return answer.kind === 'preview' ? answer.preview : undefined;
    },
    forget(uri) {
      worker?.postMessage({ id: ++lastId, kind: 'forget', uri } satisfies ProjectCheckRequest);
    },
  };
}
