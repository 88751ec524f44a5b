import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cac } from 'cac';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import { apiSchemaJson } from '../frontends/schema/index.js';
import { runMake, type MakeInput, type MakeOutcome } from '../pipeline/make.js';
import { inputForFile } from '../pipeline/source.js';
import { runPublishConfig } from '../pipeline/publish-config.js';
import { runValidate } from '../pipeline/validate.js';
import { findPackageRoot, nodeFs, renderDiff, type FileChange } from '../project/index.js';
import { diagramCommand, parseCommand } from './diagram-commands.js';
import { githubAnnotation } from './github-annotations.js';
import { humanChanges, humanDiagnostic, humanDiagnostics, jsonReport, palette } from './report.js';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): string;
  cwd: string;
  colors: boolean;
  now(): Date;
  /**
   * Calls `stop` on Ctrl-C (SIGINT) or SIGTERM, and returns what removes that handler. `watch`, which runs
   * until then, needs it; the other commands end on their own.
   */
  onInterrupt?(stop: () => void): () => void;
}

/** Flags every writing command takes. */
interface OutputFlags {
  force?: boolean;
  dryRun?: boolean;
  diff?: boolean;
  json?: boolean;
  project?: string;
}

interface MakeFlags extends OutputFlags {
  fields?: string | number;
  softDeletes?: boolean;
  only?: string;
  schema?: string;
  mermaid?: string;
}

interface ValidateFlags {
  json?: boolean;
  format?: string;
}

const STDIN_ARGUMENT = '<stdin>';

/**
 * Exit codes: 0 success (warnings allowed), 1 an error in the input or the project, 2 a misuse of the command
 * line, 70 (EX_SOFTWARE) a bug in fullapi: an exception no stage turned into a diagnostic.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const cli = cac('fullapi');
  let exitCode = 0;
  // What the running command reads, for the report of a bug met while reading it.
  let input = 'the command line';
  const writing = <T extends ReturnType<typeof cli.command>>(command: T): T =>
    command
      .option('--force', 'Rewrite files edited by hand')
      .option('--dry-run', 'Write nothing; report what each file would become')
      .option('--diff', 'With --dry-run, print a diff of every file that would change')
      .option('--json', 'Print one JSON document on stdout and nothing else')
      .option('--project <dir>', 'The Laravel project (default: the current directory)') as T;

  writing(
    cli
      .command('make [entity]', 'Generate the API of one entity into a Laravel project')
      .alias('make:fullapi')
      .option('--fields <fields>', 'Comma-separated name:type pairs, e.g. "title:string,status:enum(draft,published)"')
      .option('--soft-deletes', 'Soft deletes: trait, column, restore and force-delete routes')
      .option('--only <artifacts>', 'Rewrite only these artifacts, e.g. Model,Migration')
      .option('--schema <file>', 'Without an entity name: the schema file (- reads standard input); default api-schema.yaml|yml|json, then class_data.json')
      .option('--mermaid <file>', 'Without an entity name: a Mermaid erDiagram or classDiagram (.mmd, or the first mermaid fence of a .md file)'),
  ).action((entity: string | undefined, flags: MakeFlags) => {
    input = makeInputName(entity, flags);
    exitCode = make(entity, flags, io);
  });
  cli
    .command('validate [...files]', 'Check schema files and diagrams without a Laravel project (default: api-schema.yaml|yml|json, class_data.json here)')
    .option('--json', 'Print one JSON document on stdout and nothing else')
    .option('--format <format>', 'github: print GitHub Actions annotations')
    .action((files: string[], flags: ValidateFlags) => {
      input = files.length === 0 ? "the project's schema file" : files.map(fileArgument).join(', ');
      exitCode = validate(files, flags, io);
    });
  cli
    .command('parse [...files]', 'What the grammar sees in Mermaid diagrams, before any Laravel mapping')
    .option('--json', 'Print a JSON array, one object per file')
    .action((files: string[], flags: { json?: boolean }) => {
      input = files.map(fileArgument).join(', ');
      exitCode = parseCommand(files.map(fileArgument), flags, io);
    });
  cli
    .command('diagram', 'Draw a schema file (or a classDiagram) as a Mermaid erDiagram, on stdout')
    .option('--from <file>', 'The schema file or diagram to draw (- reads standard input)')
    .action((flags: { from?: string }) => {
      input = flags.from === undefined ? "the project's schema file" : fileArgument(String(flags.from));
      exitCode = diagramCommand({ ...(flags.from === undefined ? {} : { from: fileArgument(String(flags.from)) }) }, io);
    });
  cli
    .command('schema', 'The JSON Schema of api-schema files, for editors')
    .option('--print', 'Print it on stdout')
    .action((flags: { print?: boolean }) => {
      if (flags.print !== true) {
        io.stderr('fullapi schema: add --print to print the JSON Schema.\n');
        exitCode = 2;
        return;
      }
      io.stdout(`${JSON.stringify(apiSchemaJson(), null, 2)}\n`);
    });
  writing(cli.command('publish <what>', 'Publish a file to customise: config (config/api-generator.php, page sizes)')).action(
    (what: string, flags: OutputFlags) => {
      exitCode = publish(what, flags, io);
    },
  );
  cli
    .command('watch <file>', 'Generate from a schema file or diagram, then again on every save, until Ctrl-C')
    .option('--force', 'Rewrite files edited by hand')
    .option('--project <dir>', 'The Laravel project (default: the current directory)')
    .action(async (file: string, flags: { force?: boolean; project?: string }) => {
      // Loaded on demand: the file watcher is of no use to the other commands, which then start faster.
      input = fileArgument(file);
      const { watch } = await import('./watch-command.js');
      exitCode = await watch(fileArgument(file), flags, io);
    });
  cli.help();
  cli.version(packageVersion());

  try {
    // cac's parser drops a lone `-`, the usual name of standard input: carry it through as a token of its own.
    cli.parse(['node', 'fullapi', ...argv.map((arg) => (arg === '-' ? STDIN_ARGUMENT : arg))], { run: false });
    if (cli.matchedCommand === undefined) {
      if (cli.options['help'] === true || cli.options['version'] === true) return 0;
      const command = cli.args[0];
      io.stderr(command === undefined ? 'Usage: fullapi make <Entity> --fields=...  (fullapi --help)\n' : `Unknown command "${command}". Run fullapi --help.\n`);
      return 2;
    }
    await cli.runMatchedCommand();
  } catch (cause) {
    if (cause instanceof Error && cause.name === 'CACError') {
      io.stderr(`${cause.message}. Run fullapi --help.\n`);
      return 2;
    }
    return reportInternalError(cause, input, argv.includes('--json'), io);
  }
  return exitCode;
}

const EXIT_INTERNAL_ERROR = 70;

/** A bug: said as one, with what to send in a report; the pipelines write nothing before their last step. */
function reportInternalError(cause: unknown, input: string, json: boolean, io: CliIo): number {
  const reason = cause instanceof Error ? cause.message : String(cause);
  const diagnostic = error(
    'internal_error',
    `fullapi failed on ${input}: ${reason}. This is a bug in fullapi; nothing was written. Please report it with that input and this message.`,
  );
  if (json) io.stdout(`${JSON.stringify(jsonReport(false, [], [diagnostic]), null, 2)}\n`);
  const stack = cause instanceof Error && cause.stack !== undefined ? `\n${cause.stack}` : '';
  io.stderr(`${humanDiagnostic(diagnostic, new Map(), palette(io.colors)).join('\n')}${stack}\n`);
  return EXIT_INTERNAL_ERROR;
}

function makeInputName(entity: string | undefined, flags: MakeFlags): string {
  if (entity !== undefined) return flags.fields === undefined ? `the entity ${entity}` : `the entity ${entity} and its --fields`;
  const file = flags.mermaid ?? flags.schema;
  if (file === undefined) return "the project's schema file";
  return fileArgument(String(file)) === '-' ? 'standard input' : fileArgument(String(file));
}

/** The exit code of an outcome: a diagnostic of fullapi's own bug is not the input's fault. */
function exitCodeOf(ok: boolean, diagnostics: readonly Diagnostic[]): number {
  if (ok) return 0;
  return diagnostics.some((diagnostic) => diagnostic.code === 'internal_error') ? EXIT_INTERNAL_ERROR : 1;
}

function make(entity: string | undefined, flags: MakeFlags, io: CliIo): number {
  const fields = flags.fields === undefined ? undefined : String(flags.fields);
  const only = flags.only === undefined ? undefined : String(flags.only);
  const usage = [...inputProblems(entity, flags), ...outputProblems(flags)];
  if (only === '') usage.push(error('invalid_option', '--only needs a value', { flag: '--only' }));
  const input: MakeInput =
    entity !== undefined
      ? { kind: 'fields', entity, ...(fields === undefined ? {} : { fields }), softDeletes: flags.softDeletes === true }
      : flags.mermaid !== undefined
        ? { kind: 'diagram', path: fileArgument(String(flags.mermaid)), flag: '--mermaid' }
        : flags.schema !== undefined
          ? inputForFile(fileArgument(String(flags.schema)), '--schema')
          : { kind: 'schema' };
  const outcome: MakeOutcome =
    usage.length > 0
      ? { ok: false, changes: [], diagnostics: usage }
      : runMake({
          input,
          ...(only === undefined ? {} : { only }),
          force: flags.force === true,
          dryRun: flags.dryRun === true,
          projectRoot: projectRoot(flags, io),
          cwd: io.cwd,
          readStdin: io.readStdin,
          now: io.now(),
        });
  const texts = new Map([...(outcome.texts ?? []), ['--only', only ?? '']]);
  return report(outcome, flags, texts, io);
}

function validate(files: readonly string[], flags: ValidateFlags, io: CliIo): number {
  if (flags.format !== undefined && flags.format !== 'github') {
    io.stderr(`fullapi validate: unknown --format "${flags.format}"; the one format is github.\n`);
    return 2;
  }
  const outcome = runValidate({ files: files.map(fileArgument), cwd: io.cwd, readStdin: io.readStdin });
  const exitCode = outcome.ok ? 0 : 1;
  if (flags.json === true) {
    io.stdout(`${JSON.stringify(jsonReport(outcome.ok, [], outcome.diagnostics), null, 2)}\n`);
  } else if (flags.format === 'github') {
    if (outcome.diagnostics.length > 0) io.stdout(`${outcome.diagnostics.map(githubAnnotation).join('\n')}\n`);
  } else {
    const colors = palette(io.colors);
    const problems = humanDiagnostics(outcome.diagnostics, outcome.texts, colors);
    if (problems.length > 0) io.stderr(`${problems.join('\n')}\n`);
    const valid = outcome.files.filter((file) => file.ok).map(({ path, entityCount }) => `${path ?? 'The schema'} is valid: ${entityCount} ${entityCount === 1 ? 'entity' : 'entities'}.\n`);
    if (valid.length > 0) io.stdout(valid.join(''));
  }
  return exitCode;
}

function publish(what: string, flags: OutputFlags, io: CliIo): number {
  const usage = outputProblems(flags);
  if (what !== 'config') usage.push(error('invalid_option', `fullapi publish ${what}: only "config" can be published`, { flag: '<what>' }));
  const outcome: MakeOutcome =
    usage.length > 0
      ? { ok: false, changes: [], diagnostics: usage }
      : runPublishConfig({ projectRoot: projectRoot(flags, io), force: flags.force === true, dryRun: flags.dryRun === true });
  return report(outcome, flags, new Map([['<what>', what]]), io);
}

/** A file argument as the pipelines take it: `-` for standard input. */
function fileArgument(argument: string): string {
  return argument === STDIN_ARGUMENT ? '-' : argument;
}

function projectRoot(flags: OutputFlags, io: CliIo): string {
  return resolve(io.cwd, flags.project ?? '.');
}

/** Prints the outcome (human or `--json`) and gives the exit code. */
function report(outcome: MakeOutcome, flags: OutputFlags, sources: ReadonlyMap<string, string>, io: CliIo): number {
  if (flags.json === true) {
    io.stdout(`${JSON.stringify(jsonReport(outcome.ok, outcome.changes, outcome.diagnostics), null, 2)}\n`);
    return exitCodeOf(outcome.ok, outcome.diagnostics);
  }
  const colors = palette(io.colors);
  const out: string[] = humanChanges(outcome.changes, colors);
  if (flags.dryRun === true && flags.diff === true) out.push(...outcome.changes.filter(changesContent).map((change) => renderDiff(change)));
  if (outcome.ok) out.push(summary(outcome.changes, flags.dryRun === true));
  if (out.length > 0) io.stdout(`${out.join('\n')}\n`);
  const problems = humanDiagnostics(outcome.diagnostics, sources, colors);
  if (!outcome.ok) problems.push(colors.red('Nothing was written.'));
  if (problems.length > 0) io.stderr(`${problems.join('\n')}\n`);
  return exitCodeOf(outcome.ok, outcome.diagnostics);
}

/** One entity on the command line, or entities from a schema file: the flags of one do not apply to the other. */
function inputProblems(entity: string | undefined, flags: MakeFlags): Diagnostic[] {
  if (entity === '') return [error('invalid_entity_name', 'the entity name is empty', { flag: '<entity>' })];
  for (const flag of ['--schema', '--mermaid'] as const) {
    if (entity !== undefined && flags[flag === '--schema' ? 'schema' : 'mermaid'] !== undefined) {
      return [error('invalid_option', `${flag} reads entities from a file: give either an entity name or ${flag}`, { flag })];
    }
  }
  if (flags.schema !== undefined && flags.mermaid !== undefined) {
    return [error('invalid_option', '--schema and --mermaid both name the file to read: give one', { flag: '--mermaid' })];
  }
  if (entity !== undefined) return [];
  return (['--fields', '--soft-deletes'] as const)
    .filter((flag) => (flag === '--fields' ? flags.fields !== undefined : flags.softDeletes === true))
    .map((flag) => error('invalid_option', `${flag} describes the entity named on the command line: give the entity name`, { flag }));
}

function outputProblems(flags: OutputFlags): Diagnostic[] {
  const problems: Diagnostic[] = [];
  if (flags.diff === true && flags.dryRun !== true) problems.push(error('invalid_option', '--diff only applies to --dry-run', { flag: '--diff' }));
  if (flags.project === '') problems.push(error('invalid_option', '--project needs a value', { flag: '--project' }));
  return problems;
}

function changesContent(change: FileChange): boolean {
  return change.action === 'created' || change.action === 'updated' || change.action === 'deleted';
}

function summary(changes: readonly FileChange[], dryRun: boolean): string {
  const counts = new Map<string, number>();
  for (const change of changes) counts.set(change.action, (counts.get(change.action) ?? 0) + 1);
  const parts = [...counts].map(([action, count]) => `${count} ${action}`);
  return `${dryRun ? 'Dry run, nothing written: ' : ''}${parts.length === 0 ? 'nothing to do' : parts.join(', ')}.`;
}

function packageVersion(): string {
  const packageRoot = findPackageRoot(nodeFs);
  if (packageRoot === undefined) return 'unknown';
  return (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version;
}
