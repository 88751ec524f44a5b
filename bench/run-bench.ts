/**
 * `npm run bench`: for the 50-entity sample (bench/sample-project.ts), written as an erDiagram and as an
 * api-schema.yaml, each in a fresh temp copy of examples/laravel-12, prints
 *
 * - parse + compile: front end and passes, no emit (the first time, then the median of 20);
 * - full generation: the first `make`, and a `make` that finds nothing to change;
 * - watch latency: `fullapi watch` runs as a child process, the way a user runs it; each of 20 edits (after
 *   5 to warm up) adds a field to one entity, and the latency runs from the write of the input file to
 *   the moment the project holds the run's files (the entity's model has the new field and the manifest,
 *   which the writer writes last, has changed), observed on disk; median and p95, the files each edit
 *   rewrote, and the processor time the watch process spent per edit;
 * - peak RSS, of this process and of the watch process.
 *
 * Figures only: nothing here asserts on time. Other work on the machine moves them, so the load average
 * is printed with them.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, watch, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkModel } from '../src/passes/check.js';
import { nameEntity } from '../src/passes/naming.js';
import { runMake, type MakeRequest } from '../src/pipeline/make.js';
import { inputForFile, loadSource } from '../src/pipeline/source.js';
import { findPackageRoot, nodeFs } from '../src/project/index.js';
import { ENTITY_COUNT, leafEntities, SAMPLE_INPUTS, type SampleInput } from './sample-project.js';

const PARSE_REPETITIONS = 20;
/** Edits before the measured ones, while the watch process's JIT warms up; their figures are printed apart. */
const WARM_UP_EDITS = 5;
const EDITS = 20;
/** Between edits, so that each save is a burst of its own and not folded into the one before. */
const PAUSE_BETWEEN_EDITS_MS = 150;

const compiled = import.meta.url.endsWith('.js');
/** Found by walking up, since the compiled bench may sit in any output folder. */
const repository = findPackageRoot(nodeFs, dirname(fileURLToPath(import.meta.url)));
const binary = fileURLToPath(new URL(`../src/cli/bin.${compiled ? 'js' : 'ts'}`, import.meta.url));
const nodeArguments = compiled ? [binary] : ['--import', import.meta.resolve('tsx'), binary];

async function main(): Promise<void> {
  console.log(`fullapi bench: ${ENTITY_COUNT} entities, Node ${process.version}, ${compiled ? 'compiled' : 'tsx'}, ${availableParallelism()} cores, ${load()}\n`);
  for (const input of SAMPLE_INPUTS) {
    const project = copyExample();
    try {
      await benchInput(input, project);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }
  console.log(`peak RSS of this process: ${megabytes(process.resourceUsage().maxRSS * 1024)}; ${load()}`);
}

async function benchInput(input: SampleInput, project: string): Promise<void> {
  console.log(`== ${input.fileName} ==`);
  const inputPath = join(project, input.fileName);
  const extraFields = new Map<string, number>();
  writeFileSync(inputPath, input.text(extraFields));
  const request = (): MakeRequest => ({
    input: inputForFile(input.fileName),
    force: false,
    dryRun: false,
    projectRoot: project,
    cwd: project,
    readStdin: () => '',
    now: new Date(),
  });

  const parseTimes: number[] = [];
  for (let repetition = 0; repetition < PARSE_REPETITIONS; repetition++) {
    const started = performance.now();
    const source = loadSource(request().input, request());
    const checked = source.model === undefined ? undefined : checkModel(source.model);
    parseTimes.push(performance.now() - started);
    if (checked?.model === undefined) {
      const problems = [...source.diagnostics, ...(checked?.diagnostics ?? [])].slice(0, 3).map((problem) => `${problem.code}: ${problem.message}`);
      console.log(`skipped: ${input.fileName} does not compile (${problems.join('; ')})\n`);
      return;
    }
  }
  console.log(`parse + compile:     first ${ms(parseTimes[0])}, median ${ms(median(parseTimes))}`);

  let started = performance.now();
  const first = runMake(request());
  const firstTime = performance.now() - started;
  if (!first.ok) throw new Error(`the first make failed: ${JSON.stringify(first.diagnostics.slice(0, 3))}`);
  started = performance.now();
  const again = runMake(request());
  const againTime = performance.now() - started;
  console.log(`full generation:     ${ms(firstTime)} (${first.changes.length} files); again, nothing to change: ${ms(againTime)} (${again.changes.filter((change) => change.action === 'unchanged').length} unchanged)`);

  const watcher = startWatcher(project, input.fileName);
  try {
    await waitFor(() => watcher.summaries().length >= 1, 'the watch to start', 30000);
    const latencies: number[] = [];
    const warmUp: number[] = [];
    const runTimes: number[] = [];
    const leaves = leafEntities();
    let cpuBefore: number | undefined;
    for (let edit = -WARM_UP_EDITS; edit < EDITS; edit++) {
      if (edit === 0) cpuBefore = watcher.cpuMilliseconds();
      const entity = leaves[(edit + leaves.length) % leaves.length] ?? '';
      const field = (extraFields.get(entity) ?? 0) + 1;
      extraFields.set(entity, field);
      const before = fileStamps(project);
      const runsBefore = watcher.summaries().length;
      const model = join(project, 'app/Models', `${entity}.php`);
      const manifest = join(project, '.fullapi/manifest.json');
      const manifestBefore = before.get('.fullapi/manifest.json');

      const reached = whenWritten(join(project, '.fullapi'), () => stamp(manifest) !== manifestBefore && readFileSync(model, 'utf8').includes(`extra_${field}`), `edit ${edit + 1} to reach the disk`);
      const written = performance.now();
      writeFileSync(inputPath, input.text(extraFields));
      await reached;
      (edit < 0 ? warmUp : latencies).push(performance.now() - written);

      // The run that wrote the edit, which reports updated files; not a run that found nothing to do.
      const reportOfEdit = (): string | undefined => watcher.summaries().slice(runsBefore).find((summary) => summary.includes(' updated'));
      await waitFor(() => reportOfEdit() !== undefined, `the report of edit ${edit + 1}`, 10000);
      const rewritten = changedPaths(before, fileStamps(project)).filter((path) => path !== input.fileName);
      const records = rewritten.filter((path) => RECORDS.includes(path));
      const own = rewritten.filter((path) => isFileOf(path, entity));
      const foreign = rewritten.filter((path) => !records.includes(path) && !own.includes(path));
      const verdict = [`${own.length} of ${entity}`, ...records, ...(foreign.length === 0 ? [] : [`AND OTHERS: ${foreign.join(', ')}`])].join(', ');
      const run = durationOf(reportOfEdit() ?? '');
      if (edit >= 0) runTimes.push(run);
      const label = edit < 0 ? `warm-up ${edit + WARM_UP_EDITS + 1}` : `edit ${String(edit + 1).padStart(2)}`;
      console.log(`  ${label.padEnd(9)}  ${entity.padEnd(10)} ${ms((edit < 0 ? warmUp : latencies).at(-1)).padStart(9)}  (run ${ms(run)})  rewrote ${rewritten.length} files: ${verdict}`);
      await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_EDITS_MS));
    }
    const cpuAfter = watcher.cpuMilliseconds();
    const runsOfNothing = watcher.summaries().slice(1).filter((summary) => !summary.includes(' updated')).length;
    console.log(`watch latency:       median ${ms(median(latencies))}, p95 ${ms(percentile(latencies, 95))}, min ${ms(Math.min(...latencies))}, max ${ms(Math.max(...latencies))} over ${EDITS} edits`);
    console.log(`  warm-up edits:     ${warmUp.map((latency) => ms(latency)).join(', ')}`);
    console.log(`  of which make:     median ${ms(median(runTimes))}, p95 ${ms(percentile(runTimes, 95))} (as the watch reports its runs)`);
    const cpu = cpuBefore === undefined || cpuAfter === undefined ? 'unknown (no /proc)' : `${ms((cpuAfter - cpuBefore) / EDITS)} per edit`;
    console.log(`  processor time of the watch: ${cpu} (user + system, all its threads, the garbage collector's included)`);
    console.log(`runs that changed nothing: ${runsOfNothing}`);
    console.log(`peak RSS of watch:   ${watcher.peakRss()}\n`);
  } finally {
    await watcher.stop();
  }
}

interface Watcher {
  /** The summary line of each run the watch has reported so far. */
  summaries(): string[];
  peakRss(): string;
  /** User and system time the watch process has used so far, where /proc tells. */
  cpuMilliseconds(): number | undefined;
  stop(): Promise<void>;
}

function startWatcher(project: string, fileName: string): Watcher {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [...nodeArguments, 'watch', fileName], { cwd: project });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const summaries = (): string[] => `${stdout}\n${stderr}`.match(/^\d\d:\d\d:\d\d .*\(\d+ ms\).*$/gm) ?? [];
  return {
    summaries,
    peakRss: () => {
      const kilobytes = /^VmHWM:\s+(\d+) kB$/m.exec(procFile(child.pid, 'status'))?.[1];
      return kilobytes === undefined ? 'unknown (no /proc)' : megabytes(Number(kilobytes) * 1024);
    },
    cpuMilliseconds: () => {
      // Fields 14 and 15 of /proc/<pid>/stat, after the parenthesised command name; Linux counts them in
      // USER_HZ, 100 per second.
      const stat = procFile(child.pid, 'stat');
      const [utime, stime] = stat.slice(stat.lastIndexOf(')') + 2).split(' ').slice(11, 13).map(Number);
      return utime === undefined || stime === undefined || Number.isNaN(utime + stime) ? undefined : (utime + stime) * 10;
    },
    async stop() {
      child.kill('SIGINT');
      const code = await exited;
      if (code !== 0 || stderr !== '') console.log(`the watch ended with code ${code}${stderr === '' ? '' : `, and printed:\n${stderr}`}`);
    },
  };
}

function procFile(pid: number | undefined, name: string): string {
  const path = `/proc/${pid}/${name}`;
  return pid !== undefined && existsSync(path) ? readFileSync(path, 'utf8') : '';
}

function durationOf(summary: string): number {
  return Number(/\((\d+) ms\)/.exec(summary)?.[1] ?? Number.NaN);
}

/** What every run that changes an entity rewrites besides its files. */
const RECORDS = ['class_data.json', '.fullapi/manifest.json'];

/** The entity's own files: named after its class, or its table's migration. */
function isFileOf(path: string, entity: string): boolean {
  const { className, table } = nameEntity(entity);
  const name = path.split('/').at(-1) ?? '';
  return new RegExp(`^(Store|Update)?${className}(DTO|Controller|Factory|Seeder|Service|Request|Resource|Policy|ControllerTest|ServiceTest)?\\.php$`).test(name) || name.endsWith(`_create_${table}_table.php`);
}

function copyExample(): string {
  if (repository === undefined) throw new Error("fullapi's package.json is not above the bench");
  const project = mkdtempSync(join(tmpdir(), 'fullapi-bench-'));
  cpSync(join(repository, 'examples', 'laravel-12'), project, { recursive: true });
  return project;
}

function stamp(path: string): string | undefined {
  try {
    const stats = statSync(path);
    return `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
  } catch {
    return undefined;
  }
}

function fileStamps(root: string): Map<string, string | undefined> {
  const stamps = new Map<string, string | undefined>();
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    stamps.set(relative(root, path).split('\\').join('/'), stamp(path));
  }
  return stamps;
}

function changedPaths(before: Map<string, string | undefined>, after: Map<string, string | undefined>): string[] {
  return [...after].filter(([path, value]) => before.get(path) !== value).map(([path]) => path).sort();
}

/**
 * Resolves as soon as `condition` holds, looking each time something changes in `directory` (the writer
 * renames the manifest into it last), so that waiting takes no processor time from the watch being timed.
 */
async function whenWritten(directory: string, condition: () => boolean, what: string): Promise<void> {
  const watcher = watch(directory);
  try {
    await new Promise<void>((resolve, reject) => {
      const check = (): void => {
        if (condition()) resolve();
      };
      watcher.on('change', check);
      // In case an event is lost.
      const poll = setInterval(check, 50);
      const timeout = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), 10000);
      watcher.on('close', () => {
        clearInterval(poll);
        clearTimeout(timeout);
      });
    });
  } finally {
    watcher.close();
  }
}

async function waitFor(condition: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile. */
function percentile(values: readonly number[], rank: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function ms(value: number | undefined): string {
  return `${(value ?? Number.NaN).toFixed(1)} ms`;
}

/** Other work on the machine moves every figure here: the load average says how much there was. */
function load(): string {
  return `load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

await main();
