import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Child processes for the end-to-end run. Every process starts in a group of its own and is killed as a group
 * (`artisan test` and `artisan serve` start PHP processes of their own): nothing outlives a timeout, a failed
 * check or the harness itself.
 */

export interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

interface SpawnOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

export interface CommandOptions extends SpawnOptions {
  timeoutMs: number;
}

/** The groups still running, killed if the harness exits early (an exception, Ctrl-C). */
const liveGroups = new Set<number>();

process.on('exit', () => {
  for (const group of liveGroups) killGroup(group);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => process.exit(130));
}

function killGroup(group: number, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    process.kill(-group, signal);
  } catch {
    // The group has exited already.
  }
}

function spawnGroup(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid !== undefined) liveGroups.add(child.pid);
  return child;
}

/** Runs a command to its end, or kills its group after the timeout. */
export function runCommand(command: string, args: readonly string[], options: CommandOptions): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawnGroup(command, args, options);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) killGroup(child.pid);
    }, options.timeoutMs);
    child.on('error', (cause) => {
      clearTimeout(timer);
      reject(new Error(`could not start \`${command}\` in ${options.cwd}: ${cause.message}`));
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      if (child.pid !== undefined) liveGroups.delete(child.pid);
      resolve({ status, stdout, stderr, timedOut });
    });
  });
}

/** The command line and its output, for a failure message. */
export function describeResult(command: string, result: CommandResult): string {
  const ending = result.timedOut ? 'timed out' : `exit code ${result.status}`;
  return `\`${command}\` ${ending}\n${`${result.stdout}\n${result.stderr}`.trim()}`;
}

/** Runs a command and throws with its output unless it exits with 0. */
export async function runOrThrow(command: string, args: readonly string[], options: CommandOptions): Promise<CommandResult> {
  const result = await runCommand(command, args, options);
  if (result.status !== 0) throw new Error(describeResult([command, ...args].join(' '), result));
  return result;
}

/** The ports handed out in this run: each once, since scenarios run side by side and each starts its own servers. */
const portsGiven = new Set<number>();

/**
 * A port nothing listens on now, and none handed out before in this run: the system picks it, and it is
 * released at once for the server to take.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await portTheSystemPicks();
    if (portsGiven.has(port)) continue;
    portsGiven.add(port);
    return port;
  }
}

function portTheSystemPicks(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface BackgroundProcess {
  output(): string;
  exited(): boolean;
  /**
   * Kills the group and waits for it to be gone. With `gracefully`, that signal first (a database server's
   * shutdown), and SIGKILL only if the group is still there after GRACEFUL_STOP_MS.
   */
  stop(gracefully?: NodeJS.Signals): Promise<void>;
}

const GRACEFUL_STOP_MS = 20_000;

/** Starts a long-running command (a server); stop() kills its group and waits for it to be gone. */
export function startBackground(command: string, args: readonly string[], options: SpawnOptions): BackgroundProcess {
  const child = spawnGroup(command, args, options);
  let output = '';
  let exited = false;
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const closed = new Promise<void>((resolve) => {
    child.on('close', () => {
      exited = true;
      if (child.pid !== undefined) liveGroups.delete(child.pid);
      resolve();
    });
    child.on('error', (cause) => {
      exited = true;
      output += `could not start \`${command}\`: ${cause.message}`;
      resolve();
    });
  });
  return {
    output: () => output,
    exited: () => exited,
    stop: async (gracefully) => {
      const group = child.pid;
      if (exited || group === undefined) return closed;
      if (gracefully !== undefined) {
        killGroup(group, gracefully);
        const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), GRACEFUL_STOP_MS).unref());
        if ((await Promise.race([closed, timer])) !== 'late') return;
      }
      killGroup(group);
      await closed;
    },
  };
}
