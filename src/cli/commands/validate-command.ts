import { loadFrontEnds } from '../../pipeline/input/front-ends.js';
import { runValidate, validatedInputs } from '../../pipeline/validate.js';
import { githubAnnotation } from '../output/github-annotations.js';
import { fileArgument } from '../arguments.js';
import type { CliIo } from '../io.js';
import { humanDiagnostics, jsonReport, palette } from '../output/report.js';
import type { OptionValues } from '../../ir/options.js';

export type ValidateFlags = OptionValues<'json' | 'format' | 'openapi'>;

/** `fullapi validate [...files] [--openapi <file>]`: `files` as the pipelines take them, `-` for standard input. */
export async function validate(files: readonly string[], flags: ValidateFlags, io: CliIo): Promise<number> {
  const inputs = await validatedInputs({ files, openapi: flags.openapi === undefined ? [] : [fileArgument(flags.openapi)], cwd: io.cwd, readStdin: io.readStdin });
  const frontEnds = await loadFrontEnds(inputs.length === 0 ? ['schema'] : inputs.map((input) => input.kind));
  const outcome = runValidate({ inputs, cwd: io.cwd, readStdin: io.readStdin }, frontEnds);
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
