import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, watch, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { nameEntity } from '../src/passes/naming.js';
import type { SampleInput, SampleProject } from './sample-project.js';

/** Edits before the measured ones, while the watch process's JIT warms up; their figures are printed apart. */
const WARM_UP_EDITS = 5;
const EDITS = 20;
/** Between edits, so that each save is a burst of its own and not folded into the one before. */
const PAUSE_BETWEEN_EDITS_MS = 150;

export interface WatchFigures {
  /** From the write of the input file to the moment the project holds the run's files, one per measured edit. */
  latencies: number[];
  /** Processor time of the watch process per measured edit, where /proc tells. */
  cpuPerEdit: number | undefined;
  peakRss: string;
}

/**
 * `fullapi watch` runs as a child process, the way a user runs it, in `project` (which holds the sample's
 * files already generated); each edit adds a field to one leaf entity, and the latency runs from the write
 * of the input file to the moment the project holds the run's files (the entity's model has the new field
 * and the manifest, which the writer writes last, has changed), observed on disk. Each edit's line says
 * what it rewrote: the entity's files and the records, and nothing else, or it says so.
 */
export async function measureWatch(sample: SampleProject, input: SampleInput, project: string, nodeArguments: readonly string[]): Promise<WatchFigures> {
  const inputPath = join(project, input.fileName);
  const extraFields = new Map<string, number>();
  const watcher = startWatcher(project, input.fileName, nodeArguments);
  try {
    await waitFor(() => watcher.summaries().length >= 1, 'the watch to start', 30000);
    const latencies: number[] = [];
    const leaves = sample.leafEntities;
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
      const latency = performance.now() - written;
      if (edit >= 0) latencies.push(latency);

      // The run that wrote the edit, which reports updated files; not a run that found nothing to do.
      const reportOfEdit = (): string | undefined => watcher.summaries().slice(runsBefore).find((summary) => summary.includes(' updated'));
      await waitFor(() => reportOfEdit() !== undefined, `the report of edit ${edit + 1}`, 10000);
      const rewritten = changedPaths(before, fileStamps(project)).filter((path) => path !== input.fileName);
      const records = rewritten.filter(isRecord);
      const own = rewritten.filter((path) => isFileOf(path, entity));
      const foreign = rewritten.filter((path) => !records.includes(path) && !own.includes(path));
      const verdict = [`${own.length} of ${entity}`, ...records, ...(foreign.length === 0 ? [] : [`AND OTHERS: ${foreign.join(', ')}`])].join(', ');
      const label = edit < 0 ? `warm-up ${edit + WARM_UP_EDITS + 1}` : `edit ${String(edit + 1).padStart(2)}`;
      console.log(`  ${label.padEnd(9)}  ${entity.padEnd(10)} ${latency.toFixed(1).padStart(7)} ms  (run ${durationOf(reportOfEdit() ?? '')} ms)  rewrote ${rewritten.length} files: ${verdict}`);
      await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_EDITS_MS));
    }
    const cpuAfter = watcher.cpuMilliseconds();
    const cpuPerEdit = cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / EDITS;
    return { latencies, cpuPerEdit, peakRss: watcher.peakRss() };
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

function startWatcher(project: string, fileName: string, nodeArguments: readonly string[]): Watcher {
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
      return kilobytes === undefined ? 'unknown (no /proc)' : `${(Number(kilobytes) / 1024).toFixed(0)} MB`;
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

function durationOf(summary: string): string {
  return /\((\d+) ms\)/.exec(summary)?.[1] ?? '?';
}

/** What every run that changes an entity rewrites besides its files: the records, and the store of bases (its index and the run's pack). */
const RECORDS = ['class_data.json', '.fullapi/manifest.json', '.fullapi/base/index.json'];

function isRecord(path: string): boolean {
  return RECORDS.includes(path) || /^\.fullapi\/base\/[0-9a-f]+\.pack$/.test(path);
}

/** The entity's own files: named after its class, or its table's migration. */
function isFileOf(path: string, entity: string): boolean {
  const { className, table } = nameEntity(entity);
  const name = path.split('/').at(-1) ?? '';
  return new RegExp(`^(Store|Update)?${className}(DTO|Controller|Factory|Seeder|Service|Request|Resource|Policy|ControllerTest|ServiceTest)?\\.php$`).test(name) || name.endsWith(`_create_${table}_table.php`);
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
