import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../src/cli/main.js';
import { hasErrors } from '../../src/diagnostics/diagnostic.js';
import { runMake } from '../../src/pipeline/make/make.js';
import { inputForFile, type MakeInput } from '../../src/pipeline/input/input.js';
import { type CommandOutcome } from '../../src/pipeline/outcome.js';
import { EVERY_FRONT_END } from '../../src/pipeline/input/every-front-end.js';
import { runParse } from '../../src/pipeline/parse.js';
import { runValidate } from '../../src/pipeline/validate.js';
import { nodeFs } from '../../src/project/fs/project-fs.js';
import { type FileChange } from '../../src/plan/file-change.js';
import type { FuzzInput } from './inputs/fuzz-input.js';
import { exceptionFailure, normalizeMessage, pathFailures, positionFailures, treeDifferences, type Failure } from './properties.js';
import { dryRunFs, hashTree, resetWritable, type Workspace } from './workspace.js';

/**
 * Runs one input through the real pipelines and checks, right away, every property that needs no PHP.
 * The PHP of an accepted input is handed back for the batch check (php-check.ts).
 */

/**
 * How an input is run. Most runs are dry `runMake`s (fast, and also `runValidate` and `runParse`); a
 * sample writes for real, through `runMake` or the command line, so that "nothing is written on error"
 * is checked on real files; another sample goes through `main()` for its exit codes.
 */
export type RunMode = 'dry' | 'write' | 'cli' | 'cli-write';

/** The mode follows from the run's number alone, so a replay runs an input the way it first ran. */
export function modeOf(runId: number): RunMode {
  if (runId % 40 === 7) return 'write';
  if (runId % 40 === 27) return 'cli-write';
  if (runId % 20 === 2) return 'cli';
  return 'dry';
}

export interface GeneratedPhp {
  path: string;
  content: string;
}

export interface InputResult {
  accepted: boolean;
  failures: Failure[];
  /** The PHP files an accepted input generates or edits. */
  php: GeneratedPhp[];
  /**
   * Processor time the run took, in this process. Not wall time: on a machine shared with other work, an
   * input waits for the processor, and that is not its slowness.
   */
  cpuMs: number;
}

export const FIXED_NOW = new Date('2026-01-02T03:04:05Z');

export async function runInput(input: FuzzInput, mode: RunMode, workspace: Workspace): Promise<InputResult> {
  const started = process.cpuUsage();
  const outcome =
    mode === 'dry' || ((mode === 'cli' || mode === 'cli-write') && !expressibleAsArguments(input)) ? dryRun(input, workspace)
    : mode === 'write' ? writeRun(input, workspace)
    : await cliRun(input, mode, workspace);
  // A dry runMake cannot write (its file system refuses); main() writes through Node's, so its project is checked.
  const changed = mode === 'cli' ? treeDifferences(workspace.pristineTree, hashTree(workspace.pristine)) : [];
  if (changed.length > 0) {
    outcome.failures.push({ property: 'unwritten', signature: `${mode}: a dry run changed the project`, detail: changed.slice(0, 10).join(', ') });
  }
  const spent = process.cpuUsage(started);
  return { ...outcome, cpuMs: (spent.user + spent.system) / 1000 };
}

type Outcome = Omit<InputResult, 'cpuMs'>;

/** An entity name starting with `-` reads as an option on any command line: such an input is run dry instead. */
function expressibleAsArguments(input: FuzzInput): boolean {
  return input.kind === 'file' || !input.entity.startsWith('-');
}

/**
 * An input file sits at the project root. A diagram is named with `--mermaid`; a schema file with
 * `--schema`, or (every other text, by its length) found by a bare `make`, as users mostly run it.
 */
function inputFile(input: Extract<FuzzInput, { kind: 'file' }>): { makeInput: MakeInput; isDiagram: boolean } {
  const isDiagram = /\.(?:mmd|md)$/.test(input.fileName);
  const makeInput: MakeInput =
    isDiagram ? { kind: 'diagram', path: input.fileName, flag: '--mermaid' }
    : input.text.length % 2 === 0 ? { kind: 'schema' }
    : { kind: 'schema', path: input.fileName, flag: '--schema' };
  return { isDiagram, makeInput };
}

function makeInputOf(input: FuzzInput): MakeInput {
  return input.kind === 'fields' ? { kind: 'fields', entity: input.entity, fields: input.fields, softDeletes: input.softDeletes } : inputFile(input).makeInput;
}

/** A dry `runMake` on the pristine project, the input file held in memory; then validate and parse of the same file. */
function dryRun(input: FuzzInput, workspace: Workspace): Outcome {
  const root = workspace.pristine;
  const writes: string[] = [];
  const fs = dryRunFs(workspace.reads, input.kind === 'file' ? { path: join(root, input.fileName), text: input.text } : undefined, writes);
  const failures: Failure[] = [];
  let accepted = false;
  let php: GeneratedPhp[] = [];
  try {
    const outcome = runMake({ input: makeInputOf(input), frontEnds: EVERY_FRONT_END, force: false, dryRun: true, projectRoot: root, cwd: root, readStdin: () => '', now: FIXED_NOW }, fs);
    failures.push(...outcomeFailures(outcome, root, 'make'));
    accepted = outcome.ok;
    if (outcome.ok) php = generatedPhp(outcome.changes);
  } catch (cause) {
    failures.push(exceptionFailure(cause, 'make'));
  }
  if (writes.length > 0) failures.push({ property: 'unwritten', signature: 'dry make: a dry run wrote', detail: writes.slice(0, 5).join(', ') });
  if (input.kind === 'file') {
    try {
      const validated = runValidate({ inputs: [inputForFile(input.fileName)], cwd: root, readStdin: () => '' }, EVERY_FRONT_END, fs);
      failures.push(...positionFailures(validated.diagnostics, validated.texts, 'validate'));
    } catch (cause) {
      failures.push(exceptionFailure(cause, 'validate'));
    }
    if (inputFile(input).isDiagram) {
      try {
        const parsed = runParse({ files: [input.fileName], cwd: root, readStdin: () => '' }, fs);
        failures.push(...positionFailures(parsed.diagnostics, parsed.texts, 'parse'));
      } catch (cause) {
        failures.push(exceptionFailure(cause, 'parse'));
      }
    }
  }
  return { accepted, failures, php };
}

/** A real `runMake` into the writable project; on an error, the project must be byte for byte as before. */
function writeRun(input: FuzzInput, workspace: Workspace): Outcome {
  const root = workspace.writable;
  if (input.kind === 'file') writeFileSync(join(root, input.fileName), input.text);
  const before = hashTree(root);
  const failures: Failure[] = [];
  let accepted = false;
  let php: GeneratedPhp[] = [];
  try {
    const outcome = runMake({ input: makeInputOf(input), frontEnds: EVERY_FRONT_END, force: false, dryRun: false, projectRoot: root, cwd: root, readStdin: () => '', now: FIXED_NOW }, nodeFs);
    failures.push(...outcomeFailures(outcome, root, 'write make'));
    accepted = outcome.ok;
    if (outcome.ok) php = generatedPhp(outcome.changes);
    else failures.push(...writtenOnError(before, root, 'write make', firstErrorCode(outcome)));
  } catch (cause) {
    failures.push(exceptionFailure(cause, 'write make'));
    failures.push(...writtenOnError(before, root, 'write make', 'an exception'));
  }
  resetWritable(workspace);
  return { accepted, failures, php };
}

/**
 * `main()` as the CLI runs it: a dry run with or without `--json` on the pristine project (the input file
 * in a folder of its own), or a real run with `--json` in the writable project (the input file at its root).
 */
async function cliRun(input: FuzzInput, mode: 'cli' | 'cli-write', workspace: Workspace): Promise<Outcome> {
  const writing = mode === 'cli-write';
  const root = writing ? workspace.writable : workspace.pristine;
  const json = writing || (input.kind === 'file' ? input.text.length : input.entity.length) % 2 === 0;
  let argv: string[];
  if (input.kind === 'fields') {
    argv = ['make', input.entity, `--fields=${input.fields}`, ...(input.softDeletes ? ['--soft-deletes'] : [])];
  } else {
    const path = join(writing ? root : workspace.inputs, input.fileName);
    writeFileSync(path, input.text);
    argv = ['make', `${inputFile(input).isDiagram ? '--mermaid' : '--schema'}=${path}`];
  }
  argv.push(`--project=${root}`, ...(writing ? [] : ['--dry-run']), ...(json ? ['--json'] : []));
  const before = hashTree(root);
  let stdout = '';
  let stderr = '';
  const failures: Failure[] = [];
  /** Absent when main() threw. */
  let exitCode: number | undefined;
  try {
    exitCode = await main(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), readStdin: () => '', cwd: root, colors: false, now: () => FIXED_NOW });
  } catch (cause) {
    failures.push(exceptionFailure(cause, mode));
  }
  if (exitCode !== undefined && exitCode !== 0 && exitCode !== 1) {
    failures.push({ property: 'exception', signature: `${mode}: exit code ${exitCode}: ${normalizeMessage(stderr.split('\n')[0] ?? '')}`, detail: stderr.slice(0, 600) });
  }
  let php: GeneratedPhp[] = [];
  if (json && (exitCode === 0 || exitCode === 1)) {
    const report = parseReport(stdout);
    if (report === undefined) {
      failures.push({ property: 'exception', signature: `${mode}: --json printed no JSON document`, detail: stdout.slice(0, 300) });
    } else {
      failures.push(...pathFailures(report.files.map((file) => file.path), root, mode));
      if (writing && exitCode === 0) php = writtenPhp(root, report.files);
    }
  }
  if (writing && exitCode !== 0) failures.push(...writtenOnError(before, root, 'cli-write', `exit ${exitCode ?? 'by an exception'}`));
  if (writing) resetWritable(workspace);
  return { accepted: exitCode === 0, failures, php };
}

function parseReport(stdout: string): { files: { path: string; action: string }[] } | undefined {
  try {
    const report = JSON.parse(stdout) as { files?: unknown };
    return Array.isArray(report.files) ? (report as { files: { path: string; action: string }[] }) : undefined;
  } catch {
    return undefined;
  }
}

function outcomeFailures(outcome: CommandOutcome, root: string, during: string): Failure[] {
  const failures = [...positionFailures(outcome.diagnostics, outcome.texts, during), ...pathFailures(outcome.changes.map((change) => change.path), root, during)];
  if (outcome.ok === hasErrors(outcome.diagnostics)) {
    failures.push({ property: 'exception', signature: `${during}: ok=${outcome.ok} disagrees with its diagnostics`, detail: outcome.diagnostics.map((d) => d.code).join(', ') });
  }
  return failures;
}

/** The files a run that failed (with `error`) left changed. */
function writtenOnError(before: ReadonlyMap<string, string>, root: string, during: string, error: string): Failure[] {
  const changed = treeDifferences(before, hashTree(root));
  return changed.length === 0 ? [] : [{ property: 'unwritten', signature: `${during}: files changed on error`, detail: `after ${error}: ${changed.slice(0, 10).join(', ')}` }];
}

function firstErrorCode(outcome: CommandOutcome): string {
  return outcome.diagnostics.find((diagnostic) => diagnostic.severity === 'error')?.code ?? 'no error';
}

function generatedPhp(changes: readonly FileChange[]): GeneratedPhp[] {
  return changes
    .filter((change) => change.path.endsWith('.php') && change.after !== undefined && change.action !== 'unchanged')
    .map((change) => ({ path: change.path, content: change.after as string }));
}

/** The PHP files a real run reports written, read back from the disk (paths outside the project are reported, not read). */
function writtenPhp(root: string, files: readonly { path: string; action: string }[]): GeneratedPhp[] {
  return files
    .filter((file) => file.path.endsWith('.php') && (file.action === 'created' || file.action === 'updated'))
    .filter((file) => pathFailures([file.path], root, '').length === 0 && existsSync(join(root, file.path)))
    .map((file) => ({ path: file.path, content: readFileSync(join(root, file.path), 'utf8') }));
}
