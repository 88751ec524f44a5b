import { planDelete } from '../../pipeline/delete/delete.js';
import type { CommandOutcome } from '../../pipeline/outcome.js';
import { outputProblems, projectRoot, report, type OutputFlags } from '../output/command-output.js';
import type { CliIo } from '../io.js';
import { humanChanges, palette } from '../output/report.js';

/**
 * `fullapi delete [Entity...]`: what fullapi generated for the entities, removed. On a terminal the files are
 * listed and a question asked first, unless `--force`; `--dry-run` lists them only.
 */
export async function deleteEntities(entities: readonly string[], flags: OutputFlags, io: CliIo): Promise<number> {
  const usage = outputProblems(flags);
  if (usage.length > 0) return report({ ok: false, changes: [], diagnostics: usage }, flags, new Map(), io);
  const planned = planDelete({ projectRoot: projectRoot(flags, io), entities, force: flags.force === true, dryRun: flags.dryRun === true, now: io.now() });
  const texts = planned.outcome.texts ?? new Map<string, string>();
  if (planned.write === undefined) return report(planned.outcome, flags, texts, io);
  const asking = io.ask !== undefined && flags.force !== true && flags.json !== true;
  if (asking && !(await confirmed(planned.outcome, io))) {
    io.stdout('Nothing was removed.\n');
    return 0;
  }
  return report(planned.write(), flags, texts, io);
}

/** Lists the plan and asks; only a yes (y, yes, any case) goes on. Nothing to delete asks nothing. */
async function confirmed(outcome: CommandOutcome, io: CliIo): Promise<boolean> {
  const deleted = outcome.changes.filter((change) => change.action === 'deleted').length;
  const changing = outcome.changes.filter((change) => change.action !== 'unchanged');
  if (deleted === 0 || io.ask === undefined) return true;
  io.stdout(`${humanChanges(changing, palette(io.colors)).join('\n')}\n`);
  const answer = await io.ask(`Remove these ${deleted} file${deleted === 1 ? '' : 's'}? [y/N] `);
  return /^\s*y(es)?\s*$/i.test(answer);
}
