import type { CommandOutcome } from '../../pipeline/outcome.js';
import { runCleanRoutes } from '../../pipeline/clean-routes.js';
import { outputProblems, projectRoot, report, type OutputFlags } from '../output/command-output.js';
import type { CliIo } from '../io.js';

/** `fullapi clean-routes`: the route statements of controllers without a file, removed (or listed, with --dry-run). */
export function cleanRoutes(flags: OutputFlags, io: CliIo): number {
  const usage = outputProblems(flags);
  const outcome: CommandOutcome =
    usage.length > 0 ? { ok: false, changes: [], diagnostics: usage } : runCleanRoutes({ projectRoot: projectRoot(flags, io), dryRun: flags.dryRun === true });
  return report(outcome, flags, new Map(), io);
}
