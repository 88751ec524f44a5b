import { resolve } from 'node:path';
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { askDatabaseMigrations } from '../../pipeline/make/database-migrations.js';
import { prepareMake, prepareNextRun, runMake } from '../../pipeline/make/make.js';
import { type CommandOutcome } from '../../pipeline/outcome.js';
import { newMakeMemory } from '../../pipeline/make/make-memory.js';
import { readForMake } from '../../pipeline/make/settled-make.js';
import { loadFrontEnds } from '../../pipeline/input/front-ends.js';
import { inputForFile, type OpenApiInput } from '../../pipeline/input/input.js';
import type { MakeRequest } from '../../pipeline/make/make-request.js';
import { readCommandFile, readOpenApiInput } from '../../pipeline/openapi-input.js';
import { startWatch, type WatchReport } from '../../pipeline/watch/watch.js';
import { youngGenerationCollector } from '../young-generation.js';
import { RemovedEntities } from '../../pipeline/watch/watch-removed-entities.js';
import { nodeFs } from '../../project/fs/project-fs.js';
import { WRITING_ACTIONS, type FileAction } from '../../plan/file-change.js';
import { watchProject } from '../../project/watch/watch-project.js';
import { watchFile } from '../../project/watch/watch-file.js';
import { watchFiles, type WatchedFiles } from '../../project/watch/watch-files.js';
import type { CliIo } from '../io.js';
import { humanChanges, humanDiagnostic, humanDiagnostics, palette, type Palette } from '../output/report.js';
import type { OptionValues } from '../../ir/options.js';

export type WatchFlags = OptionValues<'force' | 'project'>;

/** The summary's order: what changed on disk first, then what was left as it was. */
const SUMMARY_ORDER: readonly FileAction[] = ['created', 'updated', 'merged', 'conflicted', 'deleted', 'kept', 'unchanged'];

/**
 * `fullapi watch <file>`: generates from the file, then again on every save, until Ctrl-C. Each run
 * prints the files it wrote and a timed summary; a failed run prints its errors as `make` does and
 * leaves the project as the last good run wrote it. `file` is as typed, `-` for standard input.
 */
export async function watch(file: string, flags: WatchFlags, io: CliIo): Promise<number> {
  const colors = palette(io.colors);
  const usage = usageProblems(file, flags, io);
  const onInterrupt = io.onInterrupt;
  if (usage.length > 0 || onInterrupt === undefined) {
    io.stderr(`${usage.flatMap((diagnostic) => humanDiagnostic(diagnostic, new Map([['<file>', file]]), colors)).join('\n')}\n`);
    return 2;
  }
  const path = resolve(io.cwd, file);
  if (!nodeFs.exists(path)) {
    io.stderr(`${humanDiagnostic(error('unreadable_schema_file', `${file} does not exist`, { flag: '<file>' }), new Map(), colors).join('\n')}\n`);
    return 1;
  }

  io.stdout(`Watching ${file}; Ctrl-C stops.\n`);
  const interrupted = new Promise<void>((stop) => {
    const removeHandler = onInterrupt(() => {
      removeHandler();
      stop();
    });
  });
  // One of each for the whole session: a run reads again only the files the project's watcher says changed
  // since the runs before it, and emits again only the artifacts whose entity changed.
  // cac reads `--project 2026` as a number.
  const projectRoot = resolve(io.cwd, flags.project ?? '.');
  const memory = newMakeMemory();
  const projectWatcher = watchProject(projectRoot, memory.files);
  const warned = new RepeatedWarnings();
  const removed = new RemovedEntities();
  const deleteCommand = (entities: readonly string[]) => ['fullapi delete', ...entities, ...(flags.project === undefined ? [] : ['--project', flags.project])].join(' ');
  const document = await openApiDocument(file, projectRoot, io);
  // The record of entities, which each run compares its entities with, may appear with the session's first run.
  const frontEnds = await loadFrontEnds([document?.first.kind ?? inputForFile(file).kind, 'record']);
  const collectYoungGeneration = youngGenerationCollector();
  const session = await startWatch({
    file: document?.files ?? watchFile(path),
    timers: { setTimeout: (callback, milliseconds) => setTimeout(callback, milliseconds), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout), now: () => performance.now() },
    request: () => ({
      input: document?.first ?? inputForFile(file),
      frontEnds,
      force: flags.force === true,
      dryRun: false,
      projectRoot,
      cwd: io.cwd,
      readStdin: io.readStdin,
      now: io.now(),
      memory,
    }),
    // The database is asked before each run: a migrate between two saves decides the next one's migrations.
    make: async (given) => {
      const request = document === undefined ? given : { ...given, input: await document.read() };
      const reading = readForMake(request);
      if (reading.settled !== undefined) return reading.settled;
      const databaseMigrations = await askDatabaseMigrations(request, reading);
      return runMake({ ...request, ...(databaseMigrations === undefined ? {} : { databaseMigrations }) }, undefined, reading);
    },
    // A document is read asynchronously, with its files, by the run itself.
    ...(document === undefined ? { prepare: (request: MakeRequest) => prepareMake(request) } : {}),
    prepareNext: (request, outcome) => {
      try {
        prepareNextRun(request, outcome);
      } finally {
        collectYoungGeneration();
      }
    },
    report: (report) => {
      printReport(report, file, io, colors, warned);
      if (report.kind === 'run') printRemoved(removed.removedBy(report.outcome), file, deleteCommand, io, colors);
    },
  });
  await interrupted;
  await session.stop();
  projectWatcher.close();
  io.stdout(`Stopped watching ${file}.\n`);
  return 0;
}

/**
 * The file watched, when it is an OpenAPI document: read as the session starts (its first run takes that read),
 * then by each run, which watches the files its `$ref`s name from then on.
 */
async function openApiDocument(file: string, projectRoot: string, io: CliIo): Promise<{ first: OpenApiInput; files: WatchedFiles; read(): Promise<OpenApiInput> } | undefined> {
  const request = { path: file, cwd: io.cwd, projectRoot, readStdin: io.readStdin };
  const first = await readCommandFile(request);
  if (first.kind !== 'openapi') return undefined;
  const filesOf = (input: OpenApiInput): string[] => [...input.texts.keys()].map((shown) => resolve(io.cwd, shown));
  const files = watchFiles(resolve(io.cwd, file), filesOf(first));
  let unread: OpenApiInput | undefined = first;
  return {
    first,
    files,
    async read() {
      const input = unread ?? (await readOpenApiInput(request));
      unread = undefined;
      await files.follow(filesOf(input));
      return input;
    },
  };
}

function usageProblems(file: string, flags: WatchFlags, io: CliIo): Diagnostic[] {
  const problems: Diagnostic[] = [];
  if (file === '-') problems.push(error('invalid_option', 'watch needs a file to watch, not standard input', { flag: '<file>' }));
  if (flags.project === '') problems.push(error('invalid_option', '--project needs a value', { flag: '--project' }));
  if (io.onInterrupt === undefined) problems.push(error('invalid_option', 'watch runs until Ctrl-C, and this caller cannot send one', { flag: '<file>' }));
  return problems;
}

/**
 * A diagram's ignored styling would be warned of again on every save. Each warning is printed once, and
 * again only after a run without it; it is told by its code, its message and the text of the line it points
 * at, so a warning that an edit above it moved to another line is the same warning.
 */
class RepeatedWarnings {
  private printed = new Set<string>();

  /** The diagnostics of a run to print: every error, and the warnings the run before did not print. */
  toPrint(outcome: CommandOutcome): Diagnostic[] {
    const keyed = outcome.diagnostics.map((diagnostic) => ({ diagnostic, key: warningKey(diagnostic, outcome.texts) }));
    const fresh = keyed.filter(({ key }) => key === undefined || !this.printed.has(key)).map(({ diagnostic }) => diagnostic);
    this.printed = new Set(keyed.flatMap(({ key }) => (key === undefined ? [] : [key])));
    return fresh;
  }
}

function warningKey(diagnostic: Diagnostic, texts: ReadonlyMap<string, string> | undefined): string | undefined {
  if (diagnostic.severity !== 'warning') return undefined;
  const { span } = diagnostic;
  const text = span?.file === undefined ? undefined : texts?.get(span.file);
  const line = span?.line === undefined ? '' : (text?.split('\n')[span.line - 1] ?? '');
  return JSON.stringify([diagnostic.code, diagnostic.message, diagnostic.path ?? '', line]);
}

function printReport(report: WatchReport, file: string, io: CliIo, colors: Palette, warned: RepeatedWarnings): void {
  const time = clockTime(io.now());
  if (report.kind === 'missing') {
    io.stderr(`${time} ${colors.yellow(`${file} is missing`)}; watching for it to come back.\n`);
  } else if (report.kind === 'watcher_failed') {
    io.stderr(`${time} ${colors.yellow(`The file watcher reported a problem: ${report.message}`)}\n`);
  } else {
    printRun(report.outcome, warned.toPrint(report.outcome), report.milliseconds, time, io, colors);
  }
}

/** Said once per entity taken out of the file: its files stay until the user deletes them. */
function printRemoved(entities: readonly string[], file: string, deleteCommand: (entities: readonly string[]) => string, io: CliIo, colors: Palette): void {
  if (entities.length === 0) return;
  const names = entities.length === 1 ? `${entities[0]} is` : `${entities.slice(0, -1).join(', ')} and ${entities.at(-1)} are`;
  const them = entities.length === 1 ? 'its' : 'their';
  io.stderr(`${clockTime(io.now())} ${colors.yellow(`${names} no longer in ${file}; ${them} files stay.`)} To remove ${entities.length === 1 ? 'it' : 'them'}: ${deleteCommand(entities)}\n`);
}

/** As `make` prints an outcome, without the hundreds of unchanged files, and with the time of day and the run's duration. */
function printRun(outcome: CommandOutcome, diagnostics: readonly Diagnostic[], milliseconds: number, time: string, io: CliIo, colors: Palette): void {
  const duration = `(${Math.round(milliseconds)} ms)`;
  const problems = humanDiagnostics(diagnostics, outcome.texts ?? new Map(), colors);
  if (!outcome.ok) {
    const errors = outcome.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
    problems.push(`${time} ${colors.red(`${errors} ${errors === 1 ? 'error' : 'errors'}, nothing was written`)} ${duration}; the files of the last good run stay.`);
    io.stderr(`${problems.join('\n')}\n`);
    return;
  }
  const written = humanChanges(outcome.changes.filter((change) => WRITING_ACTIONS.includes(change.action)), colors);
  io.stdout(`${[...written, `${time} ${summary(outcome)} ${duration}`].join('\n')}\n`);
  if (problems.length > 0) io.stderr(`${problems.join('\n')}\n`);
}

function summary(outcome: CommandOutcome): string {
  const counts = SUMMARY_ORDER.map((action) => [action, outcome.changes.filter((change) => change.action === action).length] as const);
  const parts = counts.filter(([, count]) => count > 0).map(([action, count]) => `${count} ${action}`);
  return parts.length === 0 ? 'nothing to do' : parts.join(', ');
}

/** `HH:MM:SS` in local time: when the user last saved, as their clock shows it. */
function clockTime(now: Date): string {
  return [now.getHours(), now.getMinutes(), now.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
}
