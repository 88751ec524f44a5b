import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { CommandOutcome } from '../../pipeline/outcome.js';
import { WRITING_ACTIONS, type FileChange } from '../../plan/file-change.js';
import { renderDiff } from '../../plan/render-diff.js';
import type { CliIo } from '../io.js';
import { humanChanges, humanDiagnostics, jsonReport, palette } from './report.js';
import type { OptionValues } from '../../ir/options.js';

/** Flags every writing command takes. */
export type OutputFlags = OptionValues<'force' | 'dryRun' | 'diff' | 'json' | 'project'>;

/** EX_SOFTWARE: a bug in fullapi, an exception no stage turned into a diagnostic. */
export const EXIT_INTERNAL_ERROR = 70;

/** The exit code of an outcome: a diagnostic of fullapi's own bug is not the input's fault. */
export function exitCodeOf(ok: boolean, diagnostics: readonly Diagnostic[]): number {
  if (ok) return 0;
  return diagnostics.some((diagnostic) => diagnostic.code === 'internal_error') ? EXIT_INTERNAL_ERROR : 1;
}

export function projectRoot(flags: OutputFlags, io: CliIo): string {
  return resolve(io.cwd, flags.project ?? '.');
}

/**
 * The project a server (`fullapi mcp`, `fullapi lsp`) serves, which must be a folder: else what to exit with, the
 * reason said on stderr, since standard output is the protocol's.
 */
export function servedProject(command: string, flags: { project?: string }, io: CliIo): { root: string } | { exitCode: number } {
  if (flags.project === '') {
    io.stderr(`fullapi ${command}: --project needs a value.\n`);
    return { exitCode: 2 };
  }
  const root = projectRoot(flags, io);
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    io.stderr(`fullapi ${command}: ${root} is not a folder; give the Laravel project with --project.\n`);
    return { exitCode: 1 };
  }
  return { root };
}

/** The database of `--from-database` and `introspect`: the project's, through its .env, or `--database-url`'s. */
export function databaseRequest(flags: { project?: string; databaseUrl?: string }, io: CliIo): { projectRoot: string; databaseUrl?: string } {
  const root = projectRoot(flags, io);
  return flags.databaseUrl === undefined ? { projectRoot: root } : { projectRoot: root, databaseUrl: flags.databaseUrl };
}

/** The items of a list option (`--tables products,tags`), blanks dropped. */
export function listItems(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export function outputProblems(flags: OutputFlags): Diagnostic[] {
  const problems: Diagnostic[] = [];
  if (flags.diff === true && flags.dryRun !== true) problems.push(error('invalid_option', '--diff only applies to --dry-run', { flag: '--diff' }));
  if (flags.project === '') problems.push(error('invalid_option', '--project needs a value', { flag: '--project' }));
  return problems;
}

/** Prints the outcome (human or `--json`) and gives the exit code. */
export function report(given: CommandOutcome, flags: OutputFlags, sources: ReadonlyMap<string, string>, io: CliIo): number {
  const { typedFlags } = io;
  const outcome = typedFlags === undefined || typedFlags.size === 0 ? given : { ...given, diagnostics: given.diagnostics.map((diagnostic) => asTyped(diagnostic, typedFlags)) };
  if (flags.json === true) {
    io.stdout(`${JSON.stringify(jsonReport(outcome.ok, outcome.changes, outcome.diagnostics), null, 2)}\n`);
    return exitCodeOf(outcome.ok, outcome.diagnostics);
  }
  const colors = palette(io.colors);
  const out: string[] = humanChanges(outcome.changes, colors);
  if (flags.dryRun === true && flags.diff === true) out.push(...outcome.changes.filter((change) => WRITING_ACTIONS.includes(change.action)).map((change) => renderDiff(change)));
  if (outcome.ok) out.push(summary(outcome.changes, flags.dryRun === true));
  if (out.length > 0) io.stdout(`${out.join('\n')}\n`);
  const problems = humanDiagnostics(outcome.diagnostics, sources, colors);
  // A failed write says itself what became of the project (all undone, or what is left to check by hand).
  const writeFailed = outcome.diagnostics.some((diagnostic) => diagnostic.code === 'write_failed');
  if (!outcome.ok && !writeFailed) problems.push(colors.red('Nothing was written.'));
  if (problems.length > 0) io.stderr(`${problems.join('\n')}\n`);
  return exitCodeOf(outcome.ok, outcome.diagnostics);
}

/** A diagnostic about a flag typed in another spelling, saying it as typed (where and in its message). */
function asTyped(diagnostic: Diagnostic, typedFlags: ReadonlyMap<string, string>): Diagnostic {
  const flag = diagnostic.span?.flag;
  const typed = flag === undefined ? undefined : typedFlags.get(flag);
  if (flag === undefined || typed === undefined) return diagnostic;
  return { ...diagnostic, message: diagnostic.message.split(flag).join(typed), span: { ...diagnostic.span, flag: typed } };
}

function summary(changes: readonly FileChange[], dryRun: boolean): string {
  const counts = new Map<string, number>();
  for (const change of changes) counts.set(change.action, (counts.get(change.action) ?? 0) + 1);
  const parts = [...counts].map(([action, count]) => `${count} ${action}`);
  return `${dryRun ? 'Dry run, nothing written: ' : ''}${parts.length === 0 ? 'nothing to do' : parts.join(', ')}.`;
}
