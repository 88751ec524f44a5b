import { basename, dirname, relative } from 'node:path';
import { sortDiagnostics } from '../diagnostics/diagnostic.js';
import { givenText } from '../pipeline/input/given-text.js';
import { inputForFile, type MakeInput } from '../pipeline/input/input.js';
import type { MakeMemory } from '../pipeline/make/make-memory.js';
import { placedDiagnostic, plannedFiles, type PlacedDiagnostic, type PlannedFile } from '../pipeline/make/planned-files.js';
import { runMakeCommand } from '../pipeline/make/run-make.js';
import type { CommandOutcome } from '../pipeline/outcome.js';
import type { ProjectFs } from '../project/fs/project-fs.js';
import { documentPath, type Analysis } from './analysis.js';

/** The answer of `fullapi/preview`: the plan of `make` on the open document, as the MCP make tool answers it. */
export interface Preview {
  ok: boolean;
  files: PlannedFile[];
  diagnostics: PlacedDiagnostic[];
}

export interface PreviewContext {
  /** The Laravel project the plan is made for. */
  root: string;
  fs: ProjectFs;
  now(): Date;
}

/**
 * `make --dry-run` of the document's text as the editor holds it, saved or not: the text is served to the
 * pipeline at the project root under the document's name (given-text.ts), and nothing is written. The record,
 * class_data.json, is planned as `make --schema class_data.json` plans it: every entity it records, regenerated.
 */
export async function previewMake(analysis: Analysis, context: PreviewContext, memory?: MakeMemory): Promise<CommandOutcome> {
  const { input, fs, named } = await previewInput(analysis, context);
  const outcome = await runMakeCommand(
    {
      input,
      frontEnds: {},
      force: false,
      fresh: false,
      allowDataLoss: false,
      dryRun: true,
      projectRoot: context.root,
      cwd: context.root,
      readStdin: () => '',
      now: context.now(),
      ...(memory === undefined ? {} : { memory }),
    },
    fs,
  );
  const diagnostics = outcome.diagnostics.map((diagnostic) => (diagnostic.span?.file === named ? { ...diagnostic, span: { ...diagnostic.span, file: analysis.name } } : diagnostic));
  return { ...outcome, diagnostics: sortDiagnostics(diagnostics) };
}

/**
 * The input `make` reads the document as, and the project's files with the editor's text in the document's
 * place. A schema file or a diagram is served at the project root under its name, as a text an MCP client
 * gives is; an OpenAPI document where it is, since its `$ref`s are relative to it. `named` is the name the run's
 * diagnostics give the document.
 */
async function previewInput(analysis: Analysis, context: PreviewContext): Promise<{ input: MakeInput; fs: ProjectFs; named: string }> {
  if (analysis.kind !== 'openapi') {
    const served = givenText(context.root, analysis.name, analysis.text, context.fs);
    return { input: inputForFile(served.name), fs: served.fs, named: served.name };
  }
  const path = documentPath(analysis.uri);
  const served = givenText(dirname(path), basename(path), analysis.text, context.fs);
  const { readOpenApiInput } = await import('../pipeline/openapi-input.js');
  const input = await readOpenApiInput({ path, cwd: context.root, projectRoot: context.root, readStdin: () => '' }, served.fs);
  return { input, fs: served.fs, named: relative(context.root, path) };
}

export function previewAnswer(outcome: CommandOutcome): Preview {
  return { ok: outcome.ok, files: plannedFiles(outcome.changes), diagnostics: outcome.diagnostics.map(placedDiagnostic) };
}
