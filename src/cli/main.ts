import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cac } from 'cac';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import { runMake, type MakeOutcome } from '../pipeline/make.js';
import { runPublishConfig } from '../pipeline/publish-config.js';
import { findPackageRoot, nodeFs, renderDiff, type FileChange } from '../project/index.js';
import { humanChanges, humanDiagnostic, jsonReport, palette } from './report.js';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  cwd: string;
  colors: boolean;
  now(): Date;
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
}

/** Exit codes: 0 success (warnings allowed), 1 an error in the input or the project, 2 a misuse of the command line. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const cli = cac('fullapi');
  let exitCode = 0;
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
      .option('--only <artifacts>', 'Rewrite only these artifacts, e.g. Model,Migration'),
  ).action((entity: string | undefined, flags: MakeFlags) => {
    exitCode = make(entity, flags, io);
  });
  writing(cli.command('publish <what>', 'Publish a file to customise: config (config/api-generator.php, page sizes)')).action(
    (what: string, flags: OutputFlags) => {
      exitCode = publish(what, flags, io);
    },
  );
  cli.help();
  cli.version(packageVersion());

  try {
    cli.parse(['node', 'fullapi', ...argv], { run: false });
    if (cli.matchedCommand === undefined) {
      if (cli.options['help'] === true || cli.options['version'] === true) return 0;
      const command = cli.args[0];
      io.stderr(command === undefined ? 'Usage: fullapi make <Entity> --fields=...  (fullapi --help)\n' : `Unknown command "${command}". Run fullapi --help.\n`);
      return 2;
    }
    await cli.runMatchedCommand();
  } catch (cause) {
    io.stderr(`${(cause as Error).message}. Run fullapi --help.\n`);
    return 2;
  }
  return exitCode;
}

function make(entity: string | undefined, flags: MakeFlags, io: CliIo): number {
  const fields = flags.fields === undefined ? undefined : String(flags.fields);
  const only = flags.only === undefined ? undefined : String(flags.only);
  const usage = [...entityProblems(entity), ...outputProblems(flags)];
  if (only === '') usage.push(error('invalid_option', '--only needs a value', { flag: '--only' }));
  const outcome: MakeOutcome =
    usage.length > 0
      ? { ok: false, changes: [], diagnostics: usage }
      : runMake({
          entity: entity ?? '',
          ...(fields === undefined ? {} : { fields }),
          ...(only === undefined ? {} : { only }),
          softDeletes: flags.softDeletes === true,
          force: flags.force === true,
          dryRun: flags.dryRun === true,
          projectRoot: projectRoot(flags, io),
          now: io.now(),
        });
  const sources = new Map([
    ['--fields', fields ?? ''],
    ['--only', only ?? ''],
    ['<entity>', entity ?? ''],
  ]);
  return report(outcome, flags, sources, io);
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

function projectRoot(flags: OutputFlags, io: CliIo): string {
  return resolve(io.cwd, flags.project ?? '.');
}

/** Prints the outcome (human or `--json`) and gives the exit code. */
function report(outcome: MakeOutcome, flags: OutputFlags, sources: ReadonlyMap<string, string>, io: CliIo): number {
  if (flags.json === true) {
    io.stdout(`${JSON.stringify(jsonReport(outcome.ok, outcome.changes, outcome.diagnostics), null, 2)}\n`);
    return outcome.ok ? 0 : 1;
  }
  const colors = palette(io.colors);
  const out: string[] = humanChanges(outcome.changes, colors);
  if (flags.dryRun === true && flags.diff === true) out.push(...outcome.changes.filter(changesContent).map((change) => renderDiff(change)));
  if (outcome.ok) out.push(summary(outcome.changes, flags.dryRun === true));
  if (out.length > 0) io.stdout(`${out.join('\n')}\n`);
  const problems = outcome.diagnostics.flatMap((diagnostic) => humanDiagnostic(diagnostic, sources, colors));
  if (!outcome.ok) problems.push(colors.red('Nothing was written.'));
  if (problems.length > 0) io.stderr(`${problems.join('\n')}\n`);
  return outcome.ok ? 0 : 1;
}

function entityProblems(entity: string | undefined): Diagnostic[] {
  if (entity !== undefined && entity !== '') return [];
  return [error('invalid_entity_name', 'give the entity name, e.g. fullapi make Post --fields="title:string"', { flag: '<entity>' })];
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
