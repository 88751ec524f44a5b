import { error } from '../../diagnostics/diagnostic.js';
import type { WatchedFile, WatchedFileEvent } from '../../project/watch/watch-file.js';
import type { CommandOutcome } from '../outcome.js';
import type { MakeRequest } from '../make/make-request.js';

/**
 * `fullapi watch`: `make` again on every save of one input file. Pure orchestration: the file's changes,
 * the timers and `make` itself come in through the options, so the loop's timing rules can be tested
 * with a fake clock and without a disk.
 */

export interface WatchTimers {
  setTimeout(callback: () => void, milliseconds: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Milliseconds from any fixed origin; runs are timed with it. */
  now(): number;
}

export type WatchReport =
  | { kind: 'run'; outcome: CommandOutcome; milliseconds: number }
  /** The file went away and had not come back when the save settled (a delete, or a rename elsewhere). */
  | { kind: 'missing' }
  | { kind: 'watcher_failed'; message: string };

export interface WatchOptions {
  file: WatchedFile;
  timers: WatchTimers;
  /** The request of one run, built when the run starts (so each run reads the clock anew). */
  request(): MakeRequest;
  make(request: MakeRequest): CommandOutcome | Promise<CommandOutcome>;
  /** Work a run may reuse, done at the first change of a burst while the burst settles; it may be wasted, never wrong. */
  prepare?(request: MakeRequest): void;
  /** Work the next run may reuse, done once a run has reported, while the session waits for the next save. */
  prepareNext?(request: MakeRequest, outcome: CommandOutcome): void;
  report(report: WatchReport): void;
}

export interface WatchSession {
  /** Stops watching; resolves once the run under way, if any, has finished. No run starts after it. */
  stop(): Promise<void>;
}

/**
 * Editors save in one to three writes (truncate then write, or write a temp file and rename it over the
 * original) that land within a millisecond or two. 10 ms lets such a burst settle into one run, and is a
 * tenth of the 100 ms a save may take to show up in the project. A write landing later is not lost: it
 * only costs a run of its own. The window is not spent idle: the first change of a burst has the input
 * read and checked (`prepare`), which the run reuses when the text has not changed since.
 */
export const DEBOUNCE_MILLISECONDS = 10;

/**
 * Generates once, then again after each burst of changes has been quiet for the debounce window. Runs
 * never overlap: changes that arrive during a run give exactly one more run after it.
 */
export async function startWatch(options: WatchOptions): Promise<WatchSession> {
  const { timers } = options;
  let stopped = false;
  let timer: unknown;
  let running: Promise<void> | undefined;
  let rerun = false;
  let present = true;
  let reportedMissing = false;

  const runOnce = async (): Promise<void> => {
    options.file.noteRead();
    const started = timers.now();
    const request = options.request();
    const outcome = await makeWithoutThrowing(options, request);
    options.report({ kind: 'run', outcome, milliseconds: timers.now() - started });
    try {
      options.prepareNext?.(request, outcome);
    } catch {
      // The next run meets it again, and reports it.
    }
  };

  const settle = (): void => {
    timer = undefined;
    if (stopped) return;
    if (!present) {
      if (!reportedMissing) options.report({ kind: 'missing' });
      reportedMissing = true;
      return;
    }
    reportedMissing = false;
    if (running !== undefined) {
      rerun = true;
      return;
    }
    running = (async () => {
      do {
        rerun = false;
        await runOnce();
      } while (rerun && !stopped);
      running = undefined;
    })();
  };

  const onEvent = (event: WatchedFileEvent): void => {
    if (stopped) return;
    if (event.kind === 'failed') {
      options.report({ kind: 'watcher_failed', message: event.message });
      return;
    }
    present = event.kind === 'changed';
    const burstStarts = timer === undefined;
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = timers.setTimeout(settle, DEBOUNCE_MILLISECONDS);
    // The window would otherwise be spent waiting; a run under way will be followed by one that reads anew.
    if (burstStarts && present && running === undefined) prepareWithoutThrowing(options);
  };

  // Watching starts before the first run, so a save made while it runs is not lost.
  await options.file.start(onEvent);
  settle();

  return {
    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
      await options.file.close();
      await running;
    },
  };
}

/** Preparing is only a head start, and a throw (a bug in fullapi) is left to the run. */
function prepareWithoutThrowing(options: WatchOptions): void {
  try {
    options.prepare?.(options.request());
  } catch {
    // The run meets it again, and reports it.
  }
}

/** A throw is a bug in fullapi; reported like any failed run, it leaves the user watching rather than stranded. */
async function makeWithoutThrowing(options: WatchOptions, request: MakeRequest): Promise<CommandOutcome> {
  try {
    return await options.make(request);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return { ok: false, changes: [], diagnostics: [error('internal_error', `fullapi failed: ${reason}`, undefined, 'Please report this.')] };
  }
}
