import { join } from 'node:path';
import { describeResult, runCommand } from './processes.js';
import type { EntityUnderTest } from './scenarios.js';

/** Runs the bundled CLI (`dist/cli/fullapi.mjs`, as a user runs it) and reads its `--json` report. */

export interface FileReport {
  path: string;
  action: 'created' | 'updated' | 'unchanged' | 'kept' | 'deleted';
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
  return entity.softDeletes ? [...args, '--soft-deletes'] : args;
}

/** `fullapi make ...`; throws unless it succeeds (exit 0, `ok: true`). */
export async function runMake(repo: string, entity: EntityUnderTest, app: string): Promise<MakeReport> {
  return runCli(repo, makeArguments(entity, app), app);
}

/** A bare `fullapi make`: every entity of the project's api-schema.yaml at once. */
export async function runMakeFromSchema(repo: string, app: string): Promise<MakeReport> {
  return runCli(repo, ['make', '--project', app, '--json'], app);
}

/** `fullapi make --mermaid=<file>`: every entity of a diagram at the project's root. */
export async function runMakeFromDiagram(repo: string, app: string, file: string): Promise<MakeReport> {
  return runCli(repo, ['make', `--mermaid=${file}`, '--project', app, '--json'], app);
}

/** `fullapi clean-routes` on the application. */
export async function runCleanRoutes(repo: string, app: string): Promise<MakeReport> {
  return runCli(repo, ['clean-routes', '--project', app, '--json'], app);
}

async function runCli(repo: string, args: string[], app: string): Promise<MakeReport> {
  const result = await runCommand(process.execPath, [join(repo, 'dist', 'cli', 'fullapi.mjs'), ...args], { cwd: app, timeoutMs: CLI_TIMEOUT_MS });
  const command = `fullapi ${args.join(' ')}`;
  let report: MakeReport;
  try {
    report = JSON.parse(result.stdout) as MakeReport;
  } catch {
    throw new Error(`${describeResult(command, result)}\n(the output is not the --json report)`);
  }
  if (result.status !== 0 || !report.ok) throw new Error(describeResult(command, result));
  return report;
}

/** The PHP files a run wrote or edited: the files Pint must find nothing to fix in. */
export function phpFilesTouched(reports: readonly MakeReport[]): string[] {
  const paths = reports.flatMap((report) => report.files.filter((file) => file.action !== 'deleted').map((file) => file.path));
  return [...new Set(paths.filter((path) => path.endsWith('.php')))].sort();
}
