import { STUB_NAMES, type StubName } from '../../emit/artifact-table.js';
import type { CommandOutcome } from '../../pipeline/outcome.js';
import { runPublishConfig } from '../../pipeline/publish/publish-config.js';
import { runPublishStubs } from '../../pipeline/publish/publish-stubs.js';
import { outputProblems, projectRoot, report, type OutputFlags } from '../output/command-output.js';
import type { CliIo } from '../io.js';

const PUBLISHABLE = ['config', 'stubs'] as const;

/** `fullapi publish config` and `fullapi publish stubs [name...]`. */
export function publish(what: string, names: readonly string[], flags: OutputFlags, io: CliIo): number {
  // A misused command line, like an unknown command: exit 2.
  if (what !== 'config' && what !== 'stubs') {
    io.stderr(`fullapi publish: "${what}" cannot be published; what can be is ${PUBLISHABLE.join(' or ')}. Run fullapi publish --help.\n`);
    return 2;
  }
  if (what === 'config' && names.length > 0) {
    io.stderr(`fullapi publish config takes no name (given: ${names.join(' ')}). Run fullapi publish --help.\n`);
    return 2;
  }
  const unknown = names.filter((name) => !isStubName(name));
  if (unknown.length > 0) {
    io.stderr(`fullapi publish stubs: no stub is named ${unknown.map((name) => `"${name}"`).join(', ')}; the stubs are ${STUB_NAMES.join(', ')}.\n`);
    return 2;
  }
  const usage = outputProblems(flags);
  const request = { projectRoot: projectRoot(flags, io), force: flags.force === true, dryRun: flags.dryRun === true };
  const outcome: CommandOutcome =
    usage.length > 0
      ? { ok: false, changes: [], diagnostics: usage }
      : what === 'config'
        ? runPublishConfig(request)
        : runPublishStubs({ ...request, names: names.length === 0 ? STUB_NAMES : [...new Set(names.filter(isStubName))] });
  return report(outcome, flags, new Map(), io);
}

function isStubName(name: string): name is StubName {
  return (STUB_NAMES as readonly string[]).includes(name);
}
