import { error, hasErrors, sortDiagnostics, warning } from '../../diagnostics/diagnostic.js';
import { emitterStubs, type StubName } from '../../emit/artifact-table.js';
import type { FilePatch } from '../../plan/file-plan.js';
import { PUBLISHED_STUBS_DIR, readBuiltInStubs } from '../../project/read/stubs.js';
import { findPackageRoot } from '../../project/fs/package-root.js';
import { resolvePlan } from '../../project/resolve/resolve-plan.js';
import { readProject } from '../../project/read/read-project.js';
import { nodeFs, type ProjectFs } from '../../project/fs/project-fs.js';
import { leftoverWarnings } from '../../project/write/leftovers.js';
import { applyChanges } from '../../project/write/apply-changes.js';
import type { CommandOutcome } from '../outcome.js';

export interface PublishStubsRequest {
  projectRoot: string;
  /** Known stub names (the caller checked them); none publishes every stub. */
  names: readonly StubName[];
  force: boolean;
  dryRun: boolean;
}

/**
 * `fullapi publish stubs`: copies the built-in stubs to `stubs/vendor/fullapi/`, where they replace ours. A copy
 * already there is the user's and is kept, unless forced; all the copies are written together or none is.
 */
export function runPublishStubs(request: PublishStubsRequest, fs: ProjectFs = nodeFs): CommandOutcome {
  const project = readProject(request.projectRoot, fs);
  if (project.snapshot === undefined) return { ok: false, changes: [], diagnostics: sortDiagnostics(project.diagnostics) };
  const { snapshot } = project;
  const packageRoot = findPackageRoot(fs);
  const builtIn =
    packageRoot === undefined
      ? { diagnostics: [error('internal_error', "Cannot find fullapi's own package.json, so its stubs are missing; reinstall fullapi.")] }
      : readBuiltInStubs(packageRoot, fs);
  const checked = builtIn.stubs === undefined ? undefined : emitterStubs(builtIn.stubs);
  const diagnostics = [...project.diagnostics, ...builtIn.diagnostics, ...(checked?.diagnostics ?? [])];
  if (checked?.stubs === undefined) return { ok: false, changes: [], diagnostics: sortDiagnostics(diagnostics) };
  const stubs = checked.stubs;
  const copies = request.names.map((name) => publishedStub(name, stubs[name], request.force));
  const resolved = resolvePlan(copies, snapshot, { force: request.force }, fs);
  diagnostics.push(...resolved.diagnostics);
  if (hasErrors(diagnostics)) return { ok: false, changes: [], diagnostics: sortDiagnostics(diagnostics) };
  for (const change of resolved.changes) {
    if (change.action !== 'unchanged' || change.before === undefined || request.force) continue;
    const name = request.names.find((stub) => publishedStubPath(stub) === change.path);
    if (name !== undefined && change.before !== stubs[name]) {
      diagnostics.push(warning('modified_file_kept', `${change.path} exists and was kept; run with --force to replace it with fullapi's ${name}.stub.`, change.path));
    }
  }
  // A dry run leaves an interrupted run's leftovers alone, and says what a run would do with them.
  if (request.dryRun) diagnostics.push(...leftoverWarnings(snapshot.leftovers, true));
  else diagnostics.push(...applyChanges(snapshot.root, resolved.changes, fs, snapshot.leftovers));
  // A write that failed was undone: listing the planned files would say they were written.
  if (hasErrors(diagnostics)) return { ok: false, changes: [], diagnostics: sortDiagnostics(diagnostics) };
  return { ok: true, changes: resolved.changes, diagnostics: sortDiagnostics(diagnostics) };
}

export function publishedStubPath(name: StubName): string {
  return `${PUBLISHED_STUBS_DIR}/${name}.stub`;
}

/** A copy of the built-in stub; the user's copy, once there, is theirs. */
function publishedStub(name: StubName, builtIn: string, force: boolean): FilePatch {
  return {
    kind: 'patch',
    path: publishedStubPath(name),
    artifact: null,
    describe: `publish ${name}.stub`,
    apply: (existing) => ({ ok: true, content: existing !== undefined && !force ? existing : builtIn }),
  };
}
