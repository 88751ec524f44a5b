import type { MakeOutcome } from '../pipeline/make.js';
import { runPublishConfig } from '../pipeline/publish-config.js';
import { outputProblems, projectRoot, report, type OutputFlags } from './command-output.js';
import type { CliIo } from './main.js';

const PUBLISHABLE = 'config';

/** `fullapi publish <what>`: config is the one thing published so far. */
export function publish(what: string, flags: OutputFlags, io: CliIo): number {
  if (what !== PUBLISHABLE) {
    // A misused command line, like an unknown command: exit 2.
    io.stderr(`fullapi publish: "${what}" cannot be published; the one thing to publish is ${PUBLISHABLE} (config/api-generator.php). Run fullapi publish --help.\n`);
    return 2;
  }
  const usage = outputProblems(flags);
  const outcome: MakeOutcome =
    usage.length > 0
      ? { ok: false, changes: [], diagnostics: usage }
      : runPublishConfig({ projectRoot: projectRoot(flags, io), force: flags.force === true, dryRun: flags.dryRun === true });
  return report(outcome, flags, new Map(), io);
}
