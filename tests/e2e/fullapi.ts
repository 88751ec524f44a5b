import { join } from 'node:path';
import { describeResult, runCommand } from './processes.js';
import type { EntityUnderTest } from './scenario.js';

/** Runs the bundled CLI (`dist/cli/fullapi.mjs`, as a user runs it) and reads its `--json` report. */

export interface FileReport {
  path: string;
  action: 'created' | 'updated' | 'merged' | 'conflicted' | 'unchanged' | 'kept' | 'deleted';
}

export interface DiagnosticReport {
  code: string;
  message: string;
  path?: string;
  /** Where in the user's input (a warning about a diagram's line has one). */
  source?: { file?: string; line?: number; column?: number };
}

export interface MakeReport {
  ok: boolean;
  files: FileReport[];
  warnings: DiagnosticReport[];
  errors: DiagnosticReport[];
}

const CLI_TIMEOUT_MS = 60_000;

export function makeArguments(entity: EntityUnderTest, app: string): string[] {
  const args = ['make', entity.entity, ...(entity.fromRecord ? [] : [`--fields=${entity.fields}`]), '--project', app, '--json'];
  return [
    ...args,
    ...(entity.softDeletes ? ['--soft-deletes'] : []),
    ...(entity.pest === true ? ['--pest'] : []),
    ...(entity.auth === true ? ['--auth'] : []),
    ...(entity.queryBuilder === true ? ['--query-builder'] : []),
    ...(entity.simplePagination === true ? ['--simple-pagination'] : []),
  ];
}

/** `fullapi make ...`; throws unless it succeeds (exit 0, `ok: true`). */
export async function runMake(repo: string, entity: EntityUnderTest, app: string): Promise<MakeReport> {
  return runCli(repo, makeArguments(entity, app), app);
}

/** A bare `fullapi make`: every entity of the project's api-schema.yaml (or, without one, of class_data.json) at once. */
export async function runMakeFromSchema(repo: string, app: string): Promise<MakeReport> {
  return runCli(repo, ['make', '--project', app, '--json'], app);
}

/** `fullapi make --mermaid=<file>`: every entity of a diagram at the project's root. */
export async function runMakeFromDiagram(repo: string, app: string, file: string): Promise<MakeReport> {
  return runCli(repo, ['make', `--mermaid=${file}`, '--project', app, '--json'], app);
}

/** `fullapi make --openapi=<file>`: every entity of an OpenAPI document at the project's root. */
export async function runMakeFromOpenApi(repo: string, app: string, file: string): Promise<MakeReport> {
  return runCli(repo, ['make', `--openapi=${file}`, '--project', app, '--json'], app);
}

/** `fullapi make --from-database`: every table of the project's database, with migrations that recreate them or none. */
export async function runMakeFromDatabase(repo: string, app: string, withMigrations: boolean): Promise<MakeReport> {
  return runCli(repo, ['make', '--from-database', ...(withMigrations ? ['--with-migrations'] : []), '--project', app, '--json'], app);
}

/** `fullapi make <Entity> --add-fields=...`: fields added to an entity generated before. */
export async function runMakeAddingFields(repo: string, entity: string, fields: string, app: string): Promise<MakeReport> {
  return runCli(repo, ['make', entity, `--add-fields=${fields}`, '--project', app, '--json'], app);
}

/** `fullapi clean-routes` on the application. */
export async function runCleanRoutes(repo: string, app: string): Promise<MakeReport> {
  return runCli(repo, ['clean-routes', '--project', app, '--json'], app);
}

async function runCli(repo: string, args: string[], app: string): Promise<MakeReport> {
  const { status, report, describe } = await runCliReport(repo, args, app);
  if (status !== 0 || !report.ok) throw new Error(describe);
  return report;
}

/** Any fullapi command with --json, successful or not: its exit status and its report. */
export async function runCliReport(repo: string, args: string[], app: string): Promise<{ status: number | null; report: MakeReport; describe: string }> {
  const result = await runCommand(process.execPath, [join(repo, 'dist', 'cli', 'fullapi.mjs'), ...args], { cwd: app, timeoutMs: CLI_TIMEOUT_MS });
  const describe = describeResult(`fullapi ${args.join(' ')}`, result);
  try {
    return { status: result.status, report: JSON.parse(result.stdout) as MakeReport, describe };
  } catch {
    throw new Error(`${describe}\n(the output is not the --json report)`);
  }
}

/** The PHP files the runs wrote or edited, in order, and a later run did not delete: the files Pint must find nothing to fix in. */
export function phpFilesTouched(reports: readonly MakeReport[]): string[] {
  const last = new Map(reports.flatMap((report) => report.files.map((file): [string, FileReport['action']] => [file.path, file.action])));
  return [...last].filter(([path, action]) => action !== 'deleted' && path.endsWith('.php')).map(([path]) => path).sort();
}
