import { hasErrors, sortDiagnostics, warning } from '../../diagnostics/diagnostic.js';
import { pageSizeConfigSource, publishPageSizeConfig } from '../../emit/laravel/artifacts/page-size-config.js';
import { emitterStubs } from '../../emit/artifact-table.js';
import { PAGE_SIZE_CONFIG_FILE } from '../../plan/project-files.js';
import { resolvePlan } from '../../project/resolve/resolve-plan.js';
import { readProject } from '../../project/read/read-project.js';
import { type ProjectFs } from '../../project/fs/project-fs.js';
import { DEFAULT_MAX_PER_PAGE, DEFAULT_PER_PAGE } from '../../project/read/page-size-config.js';
import { leftoverWarnings } from '../../project/write/leftovers.js';
import { applyChanges } from '../../project/write/apply-changes.js';
import type { CommandOutcome } from '../outcome.js';

export interface PublishConfigRequest {
  projectRoot: string;
  force: boolean;
  dryRun: boolean;
}

/**
 * `fullapi publish config`: writes `config/api-generator.php` with the page sizes in force (the defaults,
 * or the values of an existing copy, which `--force` resets to the defaults), as `config.stub` lays it out.
 */
export function runPublishConfig(request: PublishConfigRequest, fs?: ProjectFs): CommandOutcome {
  const project = readProject(request.projectRoot, fs);
  if (project.snapshot === undefined) return { ok: false, changes: [], diagnostics: sortDiagnostics(project.diagnostics) };
  const { snapshot } = project;
  const perPage = request.force ? DEFAULT_PER_PAGE : snapshot.facts.perPage;
  const maxPerPage = request.force ? DEFAULT_MAX_PER_PAGE : snapshot.facts.maxPerPage;
  const stubs = emitterStubs(snapshot.stubs);
  if (stubs.stubs === undefined) return { ok: false, changes: [], diagnostics: sortDiagnostics([...project.diagnostics, ...stubs.diagnostics]) };
  // A published config.stub that does not render is the user's to fix: nothing is written.
  const source = pageSizeConfigSource(perPage, maxPerPage, { stubs: stubs.stubs });
  if (!source.ok) return { ok: false, changes: [], diagnostics: sortDiagnostics([...project.diagnostics, source.diagnostic]) };
  const resolved = resolvePlan([publishPageSizeConfig(source.text, request.force)], snapshot, { force: request.force }, fs);
  const diagnostics = [...project.diagnostics, ...resolved.diagnostics];
  if (hasErrors(diagnostics)) return { ok: false, changes: [], diagnostics: sortDiagnostics(diagnostics) };
  const kept = resolved.changes.find((change) => change.path === PAGE_SIZE_CONFIG_FILE && change.action === 'unchanged' && !request.force);
  if (kept !== undefined && kept.before !== undefined) {
    diagnostics.push(warning('modified_file_kept', `${PAGE_SIZE_CONFIG_FILE} exists and was kept; run with --force to replace it with the defaults.`, PAGE_SIZE_CONFIG_FILE));
  }
  // A dry run leaves an interrupted run's leftovers alone, and says what a run would do with them.
  if (request.dryRun) diagnostics.push(...leftoverWarnings(snapshot.leftovers, true));
  else diagnostics.push(...applyChanges(snapshot.root, resolved.changes, fs, snapshot.leftovers));
  // A write that failed was undone: listing the planned file would say it was written.
  if (hasErrors(diagnostics)) return { ok: false, changes: [], diagnostics: sortDiagnostics(diagnostics) };
  return { ok: true, changes: resolved.changes, diagnostics: sortDiagnostics(diagnostics) };
}
