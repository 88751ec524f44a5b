/**
 * `npm run fuzz`: every front end fuzzed with hostile and broken input for a few minutes, from a random
 * seed (printed, so that a run can be replayed), a process per core; then a table of the figures and
 * every failure class with its shrunk counterexample.
 *
 *   npm run fuzz -- [--seed N] [--minutes M] [--runs N] [--front-end NAME[,NAME]] [--processes N] [--known-defects]
 *   npm run fuzz -- --front-end NAME --seed N --replay PATH     one input, as the report names it
 *
 * Figures only: the exit code is 1 when a property failed, so a CI job may run it, but nothing here
 * asserts on time.
 */
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { formatClasses, formatTable } from './fuzz-report.js';
import { runFuzz } from './fuzz-runner.js';
import { FRONT_ENDS, inputsOf, isFrontEnd, type FrontEndName } from './front-ends.js';
import { describeInput, type FuzzInput } from './inputs/fuzz-input.js';
import { FULL_LIMITS } from './inputs/limits.js';
import { KNOWN_DEFECT_EXCLUSIONS, limitsWithoutKnownDefects } from './known-defects.js';
import { checkPhpFiles } from './php-check.js';
import { classOf } from './properties.js';
import { modeOf, runInput } from './run-input.js';
import { createWorkspace, disposeWorkspace } from './workspace.js';

/**
 * An input taking more processor time than this (and 20 µs a character) is a `slow` failure; one that gives
 * no answer in HANG_TIMEOUT_MS of wall time (generous: the machine may be shared) is stopped.
 */
const SLOW_INPUT_MS = 2_000;
const HANG_TIMEOUT_MS = 30_000;
const PROCESS_MEMORY_MB = 2_048;
const PHP_BATCH_SIZE = 2_000;
const SHRINK_TIME_LIMIT_MS = 60_000;

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    minutes: { type: 'string', default: '5' },
    runs: { type: 'string', default: '1000000' },
    'front-end': { type: 'string' },
    processes: { type: 'string' },
    'known-defects': { type: 'boolean', default: false },
    replay: { type: 'string' },
  },
});

const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
const frontEnds: FrontEndName[] = values['front-end'] === undefined ? [...FRONT_ENDS] : values['front-end'].split(',').filter(isFrontEnd);
const limits = values['known-defects'] ? limitsWithoutKnownDefects() : FULL_LIMITS;

if (values.replay !== undefined) await replay(values.replay);
else await fuzz();

async function fuzz(): Promise<void> {
  const processes = Number(values.processes ?? Math.max(1, availableParallelism()));
  const minutes = Number(values.minutes);
  // Front ends run `processes` at a time; each gets its share of the minutes.
  const timeLimitMs = (minutes * 60_000) / Math.ceil(frontEnds.length / processes);
  console.log(`fullapi fuzz: seed ${seed}, ${frontEnds.join(', ')}, ${processes} processes, ${minutes} min (${Math.round(timeLimitMs / 1000)} s per front end)`);
  if (values['known-defects']) console.log(`known defects excluded: ${KNOWN_DEFECT_EXCLUSIONS.map((exclusion) => exclusion.defect).join('; ')}`);
  const started = Date.now();
  let lastPrinted = 0;
  const reports = await runFuzz({
    frontEnds,
    seed,
    runsPerFrontEnd: Number(values.runs),
    timeLimitMs,
    settings: { limits, slowInputMs: SLOW_INPUT_MS, phpBatchSize: PHP_BATCH_SIZE, shrinkTimeLimitMs: SHRINK_TIME_LIMIT_MS },
    processes,
    hangTimeoutMs: HANG_TIMEOUT_MS,
    processMemoryMb: PROCESS_MEMORY_MB,
    onProgress: (stats) => {
      if (Date.now() - lastPrinted < 10_000) return;
      lastPrinted = Date.now();
      console.log(`  ${Math.round((Date.now() - started) / 1000)} s: ${stats.frontEnd} ${stats.runs} inputs, ${stats.accepted} accepted`);
    },
  });
  console.log(`\n${formatTable(reports)}\n`);
  console.log(`${Math.round((Date.now() - started) / 1000)} s in all; peak RSS of the process ${Math.round(process.resourceUsage().maxRSS / 1024)} MB; seed ${seed}\n`);
  console.log(formatClasses(reports));
  process.exitCode = reports.some((report) => report.classes.length > 0) ? 1 : 0;
}

/** Runs one input, as the path of a report names it, and prints what fails. */
async function replay(path: string): Promise<void> {
  const [frontEnd] = frontEnds;
  if (frontEnds.length !== 1 || frontEnd === undefined || values.seed === undefined) throw new Error('--replay needs one --front-end and the --seed');
  const [input] = fc.sample(inputsOf(frontEnd, limits), { seed, path, numRuns: 1 }) as FuzzInput[];
  if (input === undefined) throw new Error(`no input at path ${path}`);
  const mode = modeOf(Number(path.split(':')[0]));
  const workspace = createWorkspace();
  try {
    const result = await runInput(input, mode, workspace);
    const php = await checkPhpFiles(join(tmpdir(), `fullapi-fuzz-replay-${process.pid}`), result.php);
    console.log(`${describeInput(input, 100_000)}\n\n${mode}: ${result.accepted ? 'accepted' : 'rejected'} in ${Math.round(result.cpuMs)} ms of processor time, ${result.php.length} PHP files`);
    for (const failure of [...result.failures, ...php]) console.log(`\n${classOf(failure)}\n${failure.detail}`);
  } finally {
    disposeWorkspace(workspace);
  }
}
