import { PHP_GENERATOR_STUBS_DIR, PUBLISHED_STUBS_DIR } from '../../project/read/stubs.js';
import { runValidateStubs } from '../../pipeline/validate-stubs/validate-stubs.js';
import { projectRoot } from '../output/command-output.js';
import { githubAnnotation } from '../output/github-annotations.js';
import type { CliIo } from '../io.js';
import { humanDiagnostics, jsonReport, palette } from '../output/report.js';
import type { OptionValues } from '../../ir/options.js';

export type ValidateStubsFlags = OptionValues<'json' | 'format' | 'project'>;

/** `fullapi validate-stubs`: exit 1 when any published stub is wrong or out of date. */
export function validateStubs(flags: ValidateStubsFlags, io: CliIo): number {
  const outcome = runValidateStubs(projectRoot(flags, io));
  if (flags.json === true) {
    io.stdout(`${JSON.stringify({ ...jsonReport(outcome.ok, [], outcome.diagnostics), stubs: outcome.checked }, null, 2)}\n`);
  } else if (flags.format === 'github') {
    if (outcome.diagnostics.length > 0) io.stdout(`${outcome.diagnostics.map(githubAnnotation).join('\n')}\n`);
  } else {
    const problems = humanDiagnostics(outcome.diagnostics, outcome.texts, palette(io.colors));
    if (problems.length > 0) io.stderr(`${problems.join('\n')}\n`);
    else if (outcome.checked.length === 0) io.stdout(`No stub is published in ${PUBLISHED_STUBS_DIR}/ or ${PHP_GENERATOR_STUBS_DIR}/: fullapi uses its own.\n`);
    else io.stdout(`${outcome.checked.length} published ${outcome.checked.length === 1 ? 'stub is' : 'stubs are'} up to date: ${outcome.checked.join(', ')}.\n`);
  }
  return outcome.ok ? 0 : 1;
}
