import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { PHASE, readHeartbeat, type Job, type JobMessage, type JobRequest, type JobSettings } from './fuzz-protocol.js';
import { emptyStats, sizeOf, type FailureClass, type FrontEndStats, type ShrunkClass } from './fuzz-session.js';
import { inputsOf, type FrontEndName } from './front-ends.js';
import type { FuzzInput } from './inputs/fuzz-input.js';
import { classOf, normalizeMessage, PROPERTY_IDS, type Failure } from './properties.js';
import { modeOf } from './run-input.js';

/**
 * Runs the fuzzer over several front ends, a few processes at a time: each front end's main pass, then the
 * shrinking of every failure class it found. A process that stops beating (an input that never ends) is
 * killed; one that dies (out of memory, a V8 abort) is let go; either way the input it was on becomes a
 * failure class of its own, and the front end carries on from the next input.
 */

export interface RunnerOptions {
  frontEnds: readonly FrontEndName[];
  seed: number;
  runsPerFrontEnd: number;
  /** The longest a front end's main pass may run; its runs otherwise. */
  timeLimitMs?: number;
  settings: JobSettings;
  /** Jobs running at once, each in a process of its own. */
  processes: number;
  /** An input running longer than this is stopped and reported. */
  hangTimeoutMs: number;
  /** The heap a job's process may use; an input that needs more ends it, and is reported. */
  processMemoryMb: number;
  onProgress?(stats: FrontEndStats): void;
}

export interface FrontEndReport {
  stats: FrontEndStats;
  classes: ShrunkClass[];
}

/** A job's end: what it said, or why its process died or was stopped, and on which input. */
interface JobEnd {
  messages: JobMessage[];
  died?: { failure: Failure; runId: number };
}

export async function runFuzz(options: RunnerOptions): Promise<FrontEndReport[]> {
  const slots = new Semaphore(options.processes);
  return Promise.all(options.frontEnds.map((frontEnd) => fuzzOne(frontEnd, options, slots)));
}

async function fuzzOne(frontEnd: FrontEndName, options: RunnerOptions, slots: Semaphore): Promise<FrontEndReport> {
  let stats = emptyStats(frontEnd);
  const classes: FailureClass[] = [];
  const died: ShrunkClass[] = [];
  // The budget counts the time spent on inputs: not the wait for a free process, nor the watchdog's wait on a stuck input.
  let spentMs = 0;
  let firstRun = 0;
  while (firstRun < options.runsPerFrontEnd) {
    const left = options.timeLimitMs === undefined ? undefined : options.timeLimitMs - spentMs;
    if (left !== undefined && left <= 0) break;
    const job: Job = { kind: 'fuzz', frontEnd, seed: options.seed, firstRun, runs: options.runsPerFrontEnd - firstRun, ...(left === undefined ? {} : { timeLimitMs: left }) };
    const before = stats;
    const end = await slots.run(async () => {
      const jobStarted = Date.now();
      const ended = await runJob(job, options, (progress) => options.onProgress?.(merge(before, progress)));
      spentMs += Date.now() - jobStarted - (ended.died?.failure.property === 'slow' ? options.hangTimeoutMs : 0);
      return ended;
    });
    const fuzzed = end.messages.find((message) => message.type === 'fuzzed');
    if (fuzzed !== undefined) {
      stats = merge(stats, fuzzed.stats);
      addClasses(classes, fuzzed.classes);
      break;
    }
    // The process was stopped or died: keep the figures and classes it sent, report the input it was on, go on after it.
    const progress = end.messages.filter((message) => message.type === 'progress').at(-1);
    if (progress !== undefined) {
      stats = merge(stats, progress.stats);
      addClasses(classes, progress.classes);
    }
    if (end.died === undefined) break;
    stats.runs += 1;
    stats.rejected += 1;
    stats.failingInputs[end.died.failure.property] += 1;
    const found = unshrunk({ frontEnd, seed: options.seed, runId: end.died.runId, mode: modeOf(end.died.runId), failure: end.died.failure, count: 1 }, options);
    // Told apart by size, one class each: a stuck process costs the watchdog's whole wait, so there are few.
    found.failure = { ...found.failure, signature: found.failure.signature.replace('an input', `an input of ${sizeOf(found.counterexample)}`) };
    const known = died.find((other) => classOf(other.failure) === classOf(found.failure));
    if (known === undefined) died.push(found);
    else known.count += 1;
    firstRun = end.died.runId + 1;
  }
  return { stats, classes: [...died, ...(await shrinkAll(classes, options, slots))] };
}

/** Classes found by the jobs of one front end, one each: counts add up, the first input stays. */
function addClasses(classes: FailureClass[], found: readonly FailureClass[]): void {
  for (const other of found) {
    const known = classes.find((candidate) => classOf(candidate.failure) === classOf(other.failure));
    if (known === undefined) classes.push({ ...other });
    else known.count += other.count;
  }
}

/** Shrinks each class in turn; a class whose shrinking hangs is reported as first found. */
async function shrinkAll(classes: readonly FailureClass[], options: RunnerOptions, slots: Semaphore): Promise<ShrunkClass[]> {
  const shrunk: ShrunkClass[] = [];
  let rest = [...classes];
  while (rest.length > 0) {
    const end = await slots.run(() => runJob({ kind: 'shrink', classes: rest }, options));
    for (const message of end.messages) if (message.type === 'shrunk') shrunk.push(message.shrunk);
    const reached = end.messages.filter((message) => message.type === 'shrinking').at(-1)?.index ?? -1;
    const finished = end.messages.some((message) => message.type === 'shrunk' && message.index === reached);
    if (finished && reached === rest.length - 1) break;
    const stuck = rest[Math.max(reached, 0)];
    if (stuck !== undefined) shrunk.push(unshrunk(stuck, options));
    rest = rest.slice(Math.max(reached, 0) + 1);
  }
  return shrunk;
}

/** A class as first found, its input regenerated from the seed and the run's number. */
function unshrunk(found: FailureClass, options: RunnerOptions): ShrunkClass {
  const [input] = fc.sample(inputsOf(found.frontEnd, options.settings.limits), { seed: found.seed, path: String(found.runId), numRuns: 1 });
  return { ...found, path: String(found.runId), counterexample: input as FuzzInput, reproduced: false };
}

function runJob(job: Job, options: RunnerOptions, onProgress?: (stats: FrontEndStats) => void): Promise<JobEnd> {
  const heartbeatFile = join(tmpdir(), `fullapi-fuzz-heartbeat-${process.pid}-${nextJob++}`);
  const child = fork(fileURLToPath(new URL('./fuzz-job.js', import.meta.url)), [], {
    serialization: 'advanced',
    execArgv: [`--max-old-space-size=${options.processMemoryMb}`],
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  const request: JobRequest = { job, settings: options.settings, heartbeatFile };
  child.send(request);
  const messages: JobMessage[] = [];
  let stderr = '';
  let died: JobEnd['died'];
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    // The tail is enough to tell why a process died.
    stderr = (stderr + chunk).slice(-20_000);
  });
  child.on('message', (message: JobMessage) => {
    messages.push(message);
    if (message.type === 'progress') onProgress?.(message.stats);
  });
  return new Promise((resolve, reject) => {
    let lastBeats = -1;
    let lastBeatAt = Date.now();
    const watchdog = setInterval(() => {
      const state = readHeartbeat(heartbeatFile);
      if (state === undefined || state.beats !== lastBeats || state.phase === PHASE.checkingPhp) {
        lastBeats = state?.beats ?? -1;
        lastBeatAt = Date.now();
      } else if (Date.now() - lastBeatAt > options.hangTimeoutMs && died === undefined) {
        died = {
          runId: state.runId,
          failure: { property: 'slow', signature: `an input never finished: no answer in ${options.hangTimeoutMs / 1000} s, its process was stopped`, detail: 'stopped by the watchdog' },
        };
        child.kill('SIGKILL');
      }
    }, 200);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearInterval(watchdog);
      const state = readHeartbeat(heartbeatFile);
      rmSync(heartbeatFile, { force: true });
      // A process that was stopped or died could not remove its own folders.
      for (const message of messages) if (message.type === 'started') rmSync(message.workspace, { recursive: true, force: true });
      const finished = messages.some((message) => message.type === 'fuzzed') || (job.kind === 'shrink' && messages.filter((message) => message.type === 'shrunk').length === job.classes.length);
      if (died === undefined && !finished) {
        if (state === undefined || state.beats === 0) {
          // It died before its first input: the fuzzer is broken, not fullapi.
          reject(new Error(`a fuzzing process ended with ${signal ?? code} before any input:\n${stderr}`));
          return;
        }
        died = { runId: state.runId, failure: crashFailure(code, signal, stderr) };
      }
      resolve(died === undefined ? { messages } : { messages, died });
    });
  });
}

let nextJob = 0;

/** Why a process died on an input, from its exit and the end of its standard error (V8's fatal errors say why). */
function crashFailure(code: number | null, signal: string | null, stderr: string): Failure {
  const fatal = /FATAL ERROR: (.*)/.exec(stderr)?.[1] ?? /^(\w*Error: .*)$/m.exec(stderr)?.[1] ?? `exit ${signal ?? code}`;
  return { property: 'exception', signature: `the process died: ${normalizeMessage(fatal)}`, detail: stderr.trim().split('\n').slice(-12).join('\n') };
}

export function merge(a: FrontEndStats, b: FrontEndStats): FrontEndStats {
  const slowest = b.slowestMs > a.slowestMs ? b : a;
  return {
    frontEnd: a.frontEnd,
    runs: a.runs + b.runs,
    accepted: a.accepted + b.accepted,
    rejected: a.rejected + b.rejected,
    failingInputs: Object.fromEntries(PROPERTY_IDS.map((id) => [id, a.failingInputs[id] + b.failingInputs[id]])) as FrontEndStats['failingInputs'],
    slowestMs: slowest.slowestMs,
    slowestRunId: slowest.slowestRunId,
    peakHeapBytes: Math.max(a.peakHeapBytes, b.peakHeapBytes),
    phpFiles: a.phpFiles + b.phpFiles,
  };
}

/** At most `size` jobs at once. */
class Semaphore {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.free === 0) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.free -= 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next === undefined) this.free += 1;
      else next();
    }
  }
}
