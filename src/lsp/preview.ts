import { error, sortDiagnostics } from '../diagnostics/diagnostic.js';
import { givenText } from '../pipeline/input/given-text.js';
import { inputForFile } from '../pipeline/input/input.js';
import { placedDiagnostic, plannedFiles, type PlacedDiagnostic, type PlannedFile } from '../pipeline/make/planned-files.js';
import { runMakeCommand } from '../pipeline/make/run-make.js';
import type { CommandOutcome } from '../pipeline/outcome.js';
import type { ProjectFs } from '../project/fs/project-fs.js';
import type { Analysis } from './analysis.js';

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
 * pipeline at the project root under the document's name (given-text.ts), and nothing is written.
 */
export async function previewMake(analysis: Analysis, context: PreviewContext): Promise<CommandOutcome> {
  if (analysis.kind === 'record') {
    return { ok: false, changes: [], diagnostics: [error('invalid_option', `the preview reads a schema file or a diagram; ${analysis.name} is the record make keeps`, { flag: 'uri' })] };
  }
  const served = givenText(context.root, analysis.name, analysis.text, context.fs);
  const outcome = await runMakeCommand(
    {
      input: inputForFile(served.name),
      frontEnds: {},
      force: false,
      fresh: false,
      allowDataLoss: false,
      dryRun: true,
      projectRoot: context.root,
      cwd: context.root,
      readStdin: () => '',
      now: context.now(),
    },
    served.fs,
  );
  return { ...outcome, diagnostics: sortDiagnostics(outcome.diagnostics) };
}

export function previewAnswer(outcome: CommandOutcome): Preview {
  return { ok: outcome.ok, files: plannedFiles(outcome.changes), diagnostics: outcome.diagnostics.map(placedDiagnostic) };
}
