import type { ArtifactName, FilePatch, GeneratedFile } from '../../../src/plan/file-plan.js';
import { readProject, type ProjectSnapshot } from '../../../src/project/read/read-project.js';
import { nodeFs, type ProjectFs } from '../../../src/project/fs/project-fs.js';
import { fixturePackageRoot } from './laravel-fixture.js';

export function generated(path: string, content: string, artifact: ArtifactName = 'Model'): GeneratedFile {
  return { kind: 'file', path, artifact, content };
}

/** A patch that appends a line unless it is there already (real patches are idempotent too), creating the file when missing. */
export function appendLine(path: string, line: string): FilePatch {
  return {
    kind: 'patch',
    path,
    artifact: null,
    describe: `append ${line}`,
    apply: (existing) => ({
      ok: true,
      content: existing?.split('\n').includes(line) ? existing : `${existing ?? ''}${line}\n`,
    }),
  };
}

/** Reads a project that must be readable; a test about resolving has no use for a failed read. */
export function snapshotOf(root: string, fs: ProjectFs = nodeFs): ProjectSnapshot {
  const { snapshot, diagnostics } = readProject(root, fs, { packageRoot: fixturePackageRoot() });
  if (snapshot === undefined) throw new Error(`fixture project unreadable: ${JSON.stringify(diagnostics)}`);
  return snapshot;
}
