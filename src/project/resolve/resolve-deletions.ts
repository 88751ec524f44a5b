import { warning, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { openBaseStore } from '../write/base-store.js';
import type { FileChange } from '../../plan/file-change.js';
import { recoveredView } from '../write/leftovers.js';
import { contentHash } from '../write/manifest.js';
import { readProjectText } from '../fs/project-file.js';
import { nodeFs, type ProjectFs } from '../fs/project-fs.js';
import type { ProjectSnapshot } from '../read/read-project.js';
import type { ResolvedFiles } from './resolve-plan.js';

/**
 * The deletion of files fullapi generated, against the disk: a file still as the manifest recorded it is
 * `deleted`; one edited by hand, or that fullapi never recorded, is `kept` with `modified_file_kept`, unless
 * `force`. A file already gone needs nothing. Either way the manifest forgets the path, and with it its base
 * goes (`finishResolution` drops from the store what the manifest no longer records): a kept file is the
 * user's from now on. Reads only; `finishResolution` adds the manifest and the store's writes, `applyChanges`
 * deletes, all or nothing.
 */
export function resolveDeletions(paths: readonly string[], snapshot: ProjectSnapshot, force: boolean, baseFs: ProjectFs = nodeFs): ResolvedFiles {
  const fs = recoveredView(snapshot.root, baseFs, snapshot.leftovers);
  const changes: FileChange[] = [];
  const diagnostics: Diagnostic[] = [];
  const recorded = new Map(snapshot.manifest.files);
  for (const path of [...new Set(paths)].sort()) {
    const current = readProjectText(snapshot.root, path, fs);
    const recordedHash = recorded.get(path);
    recorded.delete(path);
    if (current.status === 'failed') {
      diagnostics.push(current.diagnostic);
      continue;
    }
    if (current.status === 'missing') continue;
    const before = current.text;
    if (force || contentHash(before) === recordedHash) {
      changes.push({ path, action: 'deleted', before, source: 'generated' });
      continue;
    }
    const reason = recordedHash === undefined ? 'was not written by fullapi' : 'was edited by hand since fullapi generated it';
    changes.push({ path, action: 'kept', before, source: 'generated' });
    diagnostics.push(warning('modified_file_kept', `${path} ${reason}, so it was kept; run with --force to delete it.`, path));
  }
  return { changes, diagnostics, recorded, copies: new Map(), store: openBaseStore(snapshot.root, fs) };
}
