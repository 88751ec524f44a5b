import { getHeapStatistics } from 'node:v8';
import { join } from 'node:path';
import fc from 'fast-check';
import { inputsOf, type FrontEndName } from './front-ends.js';
import type { FuzzInput } from './inputs/fuzz-input.js';
import type { GeneratorLimits } from './inputs/limits.js';
import { PHASE, type Heartbeat } from './fuzz-protocol.js';
import { checkPhpFiles, PhpBatch } from './php-check.js';
import { classOf, PROPERTY_IDS, type Failure, type PropertyId } from './properties.js';
import { modeOf, runInput, type InputResult, type RunMode } from './run-input.js';
import type { Workspace } from './workspace.js';

/**
 * One front end fuzzed for a number of runs from a seed: every input run through the pipelines, its
 * properties checked, its PHP batched; then every distinct failure class replayed from its seed and path
 * and shrunk by fast-check to a minimal counterexample.
 */

export interface SessionOptions {
  frontEnd: FrontEndName;
  seed: number;
  /** The first run's number (a resumed session starts after the input it stopped at). */
  firstRun: number;
  runs: number;
  limits: GeneratorLimits;
  workspace: Workspace;
  /** Files per `php` process; the whole session's in one when absent. */
  phpBatchSize?: number;
  /** An input taking more processor time than this (and 20 µs a character) fails `slow`; none when absent (tests never assert on time). */
  slowInputMs?: number;
  /** Stop generating after this long (the run's budget); after `runs` otherwise. */
  timeLimitMs?: number;
  /** Beaten before each input, for the runner's watchdog (fuzz-protocol.ts). */
  heartbeat?: Heartbeat;
  /** Called every so many runs with the figures and the failure classes so far. */
  onProgress?(progress: SessionResult): void;
}

export interface FrontEndStats {
  frontEnd: FrontEndName;
  runs: number;
  accepted: number;
  rejected: number;
  /** Inputs failing each property. */
  failingInputs: Record<PropertyId, number>;
  /** Processor time of the slowest input, and its run. */
  slowestMs: number;
  slowestRunId: number;
  /** The most heap seen in use after an input. */
  peakHeapBytes: number;
  phpFiles: number;
}

/** The first input of a failure class, and how many inputs fell in it. */
export interface FailureClass {
  frontEnd: FrontEndName;
  seed: number;
  runId: number;
  mode: RunMode;
  failure: Failure;
  count: number;
}

export interface ShrunkClass extends FailureClass {
  /** fast-check's path of the shrunk counterexample (replay with the seed). */
  path: string;
  counterexample: FuzzInput;
  /** False when the failure did not come back on replay (a timing, say): the counterexample is the original. */
  reproduced: boolean;
}

export function emptyStats(frontEnd: FrontEndName): FrontEndStats {
  return {
    frontEnd,
    runs: 0,
    accepted: 0,
    rejected: 0,
    failingInputs: Object.fromEntries(PROPERTY_IDS.map((id) => [id, 0])) as Record<PropertyId, number>,
    slowestMs: 0,
    slowestRunId: -1,
    peakHeapBytes: 0,
    phpFiles: 0,
  };
}

const PROGRESS_EVERY = 25;

export interface SessionResult {
  stats: FrontEndStats;
  classes: FailureClass[];
}

/** The main pass: runs, checks, and the PHP of the accepted inputs; no shrinking. */
export async function fuzzFrontEnd(options: SessionOptions): Promise<SessionResult> {
  const { frontEnd, seed, workspace } = options;
  const stats = emptyStats(frontEnd);
  const classes = new Map<string, FailureClass>();
  const failingRuns = new Map<PropertyId, Set<number>>(PROPERTY_IDS.map((id) => [id, new Set()]));
  const note = (failure: Failure, runIds: readonly number[]) => {
    const firstRun = Math.min(...runIds);
    const key = classOf(failure);
    const known = classes.get(key);
    if (known === undefined) classes.set(key, { frontEnd, seed, runId: firstRun, mode: modeOf(firstRun), failure, count: runIds.length });
    else {
      known.count += runIds.length;
      if (firstRun < known.runId) Object.assign(known, { runId: firstRun, mode: modeOf(firstRun), failure });
    }
    runIds.forEach((runId) => failingRuns.get(failure.property)?.add(runId));
  };

  const phpFolder = (index: number) => join(workspace.base, `php-${frontEnd}-${options.firstRun}-${index}`);
  // A batch's findings are noted as soon as php is done, so that progress (which outlives a process that
  // dies on a later input) carries them.
  const pendingChecks: Promise<void>[] = [];
  const checkBatch = (finished: PhpBatch) => finished.check().then((findings) => findings.forEach((finding) => note(finding.failure, finding.runIds)));
  const progress = (): SessionResult => ({ stats: withFailingInputs(stats, failingRuns), classes: [...classes.values()] });
  let batch = new PhpBatch(phpFolder(0));
  let runId = options.firstRun - 1;
  const property = fc.asyncProperty(inputsOf(frontEnd, options.limits), async (input) => {
    runId += 1;
    options.heartbeat?.beat(runId);
    const result = await runInput(input, modeOf(runId), workspace);
    record(stats, result, runId, options.slowInputMs, input).forEach((failure) => note(failure, [runId]));
    for (const php of result.php) batch.add(php, runId);
    if (options.phpBatchSize !== undefined && batch.size >= options.phpBatchSize) {
      pendingChecks.push(checkBatch(batch));
      batch = new PhpBatch(phpFolder(pendingChecks.length));
    }
    if (stats.runs % PROGRESS_EVERY === 0) options.onProgress?.(progress());
    return true;
  });
  await fc.check(property, {
    seed,
    numRuns: options.runs,
    ...(options.firstRun > 0 ? { path: String(options.firstRun) } : {}),
    ...(options.timeLimitMs === undefined ? {} : { interruptAfterTimeLimit: options.timeLimitMs }),
  });
  pendingChecks.push(checkBatch(batch));
  options.heartbeat?.phase(PHASE.checkingPhp);
  await Promise.all(pendingChecks);
  options.heartbeat?.phase(PHASE.running);
  const final = progress();
  options.onProgress?.(final);
  return final;
}

function withFailingInputs(stats: FrontEndStats, failingRuns: ReadonlyMap<PropertyId, ReadonlySet<number>>): FrontEndStats {
  return { ...stats, failingInputs: Object.fromEntries(PROPERTY_IDS.map((id) => [id, failingRuns.get(id)?.size ?? 0])) as Record<PropertyId, number> };
}

/** Adds one run to the figures; returns its failures, `slow` included. */
function record(stats: FrontEndStats, result: InputResult, runId: number, slowInputMs: number | undefined, input: FuzzInput): Failure[] {
  stats.runs += 1;
  if (result.accepted) stats.accepted += 1;
  else stats.rejected += 1;
  stats.phpFiles += result.php.length;
  if (result.cpuMs > stats.slowestMs) Object.assign(stats, { slowestMs: result.cpuMs, slowestRunId: runId });
  stats.peakHeapBytes = Math.max(stats.peakHeapBytes, getHeapStatistics().used_heap_size);
  const failures = [...result.failures];
  failures.push(...slowFailures(input, result.cpuMs, slowInputMs));
  return failures;
}

/** An input's size, the way slow inputs are told apart: a small text that takes long (an alias bomb) is not a huge word. */
export function sizeOf(input: FuzzInput): string {
  const length = input.kind === 'fields' ? input.entity.length + input.fields.length : input.text.length;
  return length < 1000 ? 'under 1,000 characters' : length < 100_000 ? '1,000 to 100,000 characters' : 'over 100,000 characters';
}

/** The time an input may take: a base, and 20 µs a character, so that only worse than linear time fails. */
function allowedMs(input: FuzzInput, baseMs: number): number {
  const length = input.kind === 'fields' ? input.entity.length + input.fields.length : input.text.length;
  return baseMs + length / 50;
}

function slowFailures(input: FuzzInput, ms: number, baseMs: number | undefined): Failure[] {
  if (baseMs === undefined || ms <= allowedMs(input, baseMs)) return [];
  return [{ property: 'slow', signature: `an input of ${sizeOf(input)} over ${baseMs} ms + 20 µs a character`, detail: `${Math.round(ms)} ms of processor time` }];
}

export interface ShrinkOptions {
  limits: GeneratorLimits;
  workspace: Workspace;
  slowInputMs?: number;
  /** The most time spent shrinking one class. */
  timeLimitMs: number;
  heartbeat?: Heartbeat;
}

/** The failure of this class the input still shows, if any: run as the original ran, with its PHP alone if the class is PHP's. */
async function sameFailure(input: FuzzInput, found: FailureClass, options: ShrinkOptions, phpDir: string): Promise<Failure | undefined> {
  const key = classOf(found.failure);
  options.heartbeat?.beat(found.runId);
  const result = await runInput(input, found.mode, options.workspace);
  const failures = [...result.failures];
  failures.push(...slowFailures(input, result.cpuMs, options.slowInputMs));
  if (found.failure.property === 'php' || found.failure.property === 'injection') {
    options.heartbeat?.phase(PHASE.checkingPhp);
    failures.push(...(await checkPhpFiles(phpDir, result.php)));
    options.heartbeat?.phase(PHASE.running);
  }
  return failures.find((failure) => classOf(failure) === key);
}

/** Replays a class's first input from its seed and path and lets fast-check shrink it. */
export async function shrinkClass(found: FailureClass, options: ShrinkOptions): Promise<ShrunkClass> {
  const inputs = inputsOf(found.frontEnd, options.limits);
  const phpDir = join(options.workspace.base, `shrink-${found.frontEnd}-${found.runId}`);
  const details = await fc.check(
    fc.asyncProperty(inputs, async (input) => (await sameFailure(input, found, options, phpDir)) === undefined),
    { seed: found.seed, path: String(found.runId), numRuns: 1, interruptAfterTimeLimit: options.timeLimitMs },
  );
  if (details.failed && details.counterexample !== null && details.counterexamplePath !== null) {
    const [counterexample] = details.counterexample;
    // The particulars of the shrunk input, which is what the report shows.
    const failure = (await sameFailure(counterexample, found, options, phpDir)) ?? found.failure;
    return { ...found, failure, path: details.counterexamplePath, counterexample, reproduced: true };
  }
  const [original] = fc.sample(inputs, { seed: found.seed, path: String(found.runId), numRuns: 1 });
  return { ...found, path: String(found.runId), counterexample: original as FuzzInput, reproduced: false };
}
