// `npm test`'s runner: every compiled uvu test file (dist/tests/**/*.test.js) in a Node process of its own,
// several at a time, the longest known first, so that the slowest files do not end the run alone.
//
//   node scripts/run-tests.mjs [pattern ...] [--jobs=N] [--shuffle[=SEED]] [--test=PATTERN] [--save-times]
//
// A pattern is a regular expression over the path under dist/tests/ (`unit/emit`, `golden`): the files that
// match any run; none, every file. --jobs: how many at a time (os.availableParallelism() by default).
// --shuffle: the files, and the tests inside each file, in an order drawn from SEED (printed, random when
// not given), which proves no test leans on another having run first. --test: only the tests whose name
// matches, in each file run. --save-times: record this run's time of each file in tests/test-times.json,
// the order of later runs. Each file's verdict and time is printed when it ends, the failures' output in
// full; the exit code is 1 when any file failed.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { seededRandom, shuffled } from './test-order/seeded-order.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const testsDir = join(root, 'dist', 'tests');
const timesFile = join(root, 'tests', 'test-times.json');
const orderHooks = join(root, 'scripts', 'test-order', 'register.mjs');
/** A file still running after this is killed and failed: a hung test must not hang the run (or CI). */
const FILE_TIMEOUT_MS = 15 * 60_000;

const { values: options, positionals: patterns } = parseArgs({
  allowPositionals: true,
  options: {
    jobs: { type: 'string' },
    shuffle: { type: 'string' },
    test: { type: 'string' },
    'save-times': { type: 'boolean' },
  },
  // `--shuffle` alone takes no value: parseArgs would read the next argument as its seed.
  args: process.argv.slice(2).map((argument) => (argument === '--shuffle' ? '--shuffle=' : argument)),
});

function testFiles() {
  if (!existsSync(testsDir)) throw new Error(`${relative(root, testsDir)} is missing: compile first (npm run compile)`);
  return readdirSync(testsDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.js'))
    .map((entry) => relative(testsDir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

function knownTimes() {
  return existsSync(timesFile) ? JSON.parse(readFileSync(timesFile, 'utf8')) : {};
}

/** Longest known first; a file with no known time first of all, as it may be the longest. */
function longestFirst(files, times) {
  const known = (file) => times[file] ?? Number.POSITIVE_INFINITY;
  return [...files].sort((a, b) => known(b) - known(a) || a.localeCompare(b));
}

function summaryOf(output) {
  const count = (label) => Number(new RegExp(`^\\s*${label}:\\s+(\\d+)`, 'm').exec(output)?.[1] ?? Number.NaN);
  return { tests: count('Total'), testsPassed: count('Passed') };
}

function runFile(file, env) {
  const started = Date.now();
  const args = env.FULLAPI_TEST_SEED === undefined && env.FULLAPI_TEST_NAME === undefined ? [] : ['--import', orderHooks];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...args, join(testsDir, file)], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\nkilled after ${FILE_TIMEOUT_MS / 60_000} minutes`;
      child.kill('SIGKILL');
    }, FILE_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const summary = summaryOf(output);
      // A file that never reached uvu's summary (a crash while loading, a missing test.run()) proved nothing.
      const passed = code === 0 && summary.testsPassed === summary.tests;
      resolve({ file, passed, output, code: code ?? signal, seconds: (Date.now() - started) / 1000, ...summary });
    });
  });
}

function printResult(result) {
  const tests = Number.isNaN(result.tests) ? 'no uvu summary' : `${result.testsPassed}/${result.tests} tests`;
  console.log(`${result.passed ? 'ok  ' : 'FAIL'} ${result.seconds.toFixed(1).padStart(6)}s  ${result.file}  (${tests})`);
  if (!result.passed) console.log(`${result.output.trimEnd().replace(/^/gm, '     | ')}\n     | exit: ${result.code}`);
}

async function runAll(files, jobs, envOf) {
  const queue = [...files];
  const results = [];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const result = await runFile(file, envOf(file));
      printResult(result);
      results.push(result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, files.length) }, worker));
  return results;
}

function saveTimes(results) {
  const times = { ...knownTimes() };
  for (const result of results) times[result.file] = Number(result.seconds.toFixed(1));
  const sorted = Object.fromEntries(Object.entries(times).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(timesFile, `${JSON.stringify(sorted, null, 2)}\n`);
}

async function main() {
  const started = Date.now();
  const all = testFiles();
  const matchers = patterns.map((pattern) => new RegExp(pattern));
  const selected = matchers.length === 0 ? all : all.filter((file) => matchers.some((matcher) => matcher.test(file)));
  if (selected.length === 0) throw new Error(`no test file matches ${patterns.join(' ')}`);
  const jobs = options.jobs === undefined ? availableParallelism() : Number(options.jobs);
  if (!Number.isInteger(jobs) || jobs < 1) throw new Error(`--jobs wants a whole number above 0, not ${options.jobs}`);
  const seed = options.shuffle === undefined ? undefined : options.shuffle === '' ? Math.floor(Math.random() * 2 ** 31) : Number(options.shuffle);
  if (seed !== undefined && !Number.isInteger(seed)) throw new Error(`--shuffle wants a whole number as its seed, not ${options.shuffle}`);
  const order = seed === undefined ? longestFirst(selected, knownTimes()) : shuffled(selected, seededRandom(seed));
  const how = seed === undefined ? 'longest known first' : `shuffled, files and the tests in each, with --shuffle=${seed}`;
  console.log(`${order.length} test files, ${jobs} at a time, ${how}`);
  const envOf = (file) => ({
    ...process.env,
    ...(seed === undefined ? {} : { FULLAPI_TEST_SEED: String(seed), FULLAPI_TEST_FILE: file }),
    ...(options.test === undefined ? {} : { FULLAPI_TEST_NAME: options.test }),
  });
  const results = await runAll(order, jobs, envOf);
  if (options['save-times']) saveTimes(results);
  const failed = results.filter((result) => !result.passed);
  const tests = results.reduce((sum, result) => sum + (Number.isNaN(result.tests) ? 0 : result.tests), 0);
  const fileSeconds = results.reduce((sum, result) => sum + result.seconds, 0);
  const wall = (Date.now() - started) / 1000;
  console.log(`\n${results.length} files, ${tests} tests: ${results.length - failed.length} files passed, ${failed.length} failed`);
  console.log(`${wall.toFixed(1)}s wall, ${fileSeconds.toFixed(1)}s of file time (${(fileSeconds / wall).toFixed(2)}x), ${jobs} at a time`);
  for (const result of failed) console.log(`FAIL ${result.file}`);
  if (seed !== undefined) console.log(`order: --shuffle=${seed}`);
  return failed.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (cause) => {
    console.error(cause.message);
    process.exit(1);
  },
);
