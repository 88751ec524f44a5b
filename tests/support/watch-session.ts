import { main } from '../../src/cli/main.js';
import type { WatchTimers } from '../../src/pipeline/watch/watch.js';

/** Polls `condition` every few milliseconds; fails with `what` when it has not held within `timeoutMs`. */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The line that closes every run's report, on stdout after a success and on stderr after a failure. */
const RUN_END = /^\d\d:\d\d:\d\d .*\(\d+ ms\)/gm;

export function completedRuns(output: string): number {
  return output.match(RUN_END)?.length ?? 0;
}

/** `fullapi watch` running in-process, with its output captured and Ctrl-C at the test's command. */
export interface WatchProcess {
  stdout(): string;
  stderr(): string;
  /** The exit code, once the command ends. */
  exit: Promise<number>;
  /** Runs reported so far, succeeded or failed. */
  runs(): number;
  waitForRuns(count: number, what: string): Promise<void>;
  /** Sends Ctrl-C (unless the command has ended) and gives the exit code. */
  interrupt(): Promise<number>;
}

export function startWatchCli(argv: readonly string[], cwd: string): WatchProcess {
  let stdout = '';
  let stderr = '';
  let onInterrupt: (() => void) | undefined;
  const exit = main(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    readStdin: () => '',
    cwd,
    colors: false,
    now: () => new Date(),
    onInterrupt: (stop) => {
      onInterrupt = stop;
      return () => (onInterrupt = undefined);
    },
  });
  let ended = false;
  void exit.then(() => (ended = true));
  const runs = (): number => completedRuns(stdout) + completedRuns(stderr);
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    exit,
    runs,
    waitForRuns: (count, what) => waitFor(() => runs() >= count, `${what} (run ${count}; stdout:\n${stdout}\nstderr:\n${stderr})`),
    async interrupt() {
      await waitFor(() => onInterrupt !== undefined || ended, 'the interrupt handler');
      onInterrupt?.();
      return exit;
    },
  };
}

/** Runs `body` against a watch started in-process, and stops the watch however `body` ends. */
export async function withWatchCli(argv: readonly string[], cwd: string, body: (watch: WatchProcess) => Promise<void>): Promise<void> {
  const watch = startWatchCli(argv, cwd);
  try {
    await body(watch);
  } finally {
    await watch.interrupt();
  }
}

/** Timers that move only when the test says so, for the watch loop's timing rules. */
export class FakeTimers implements WatchTimers {
  private time = 0;
  private nextHandle = 1;
  private readonly pending = new Map<number, { at: number; callback: () => void }>();

  setTimeout(callback: () => void, milliseconds: number): unknown {
    const handle = this.nextHandle++;
    this.pending.set(handle, { at: this.time + milliseconds, callback });
    return handle;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  now(): number {
    return this.time;
  }

  /** Moves the clock forward, firing each timer that falls due, in order. */
  advance(milliseconds: number): void {
    const end = this.time + milliseconds;
    for (;;) {
      const due = [...this.pending].filter(([, timer]) => timer.at <= end).sort(([, a], [, b]) => a.at - b.at)[0];
      if (due === undefined) break;
      const [handle, timer] = due;
      this.pending.delete(handle);
      this.time = timer.at;
      timer.callback();
    }
    this.time = end;
  }
}
