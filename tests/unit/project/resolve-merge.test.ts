import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PlanEntry } from '../../../src/plan/file-plan.js';
import { basePath } from '../../../src/project/write/base-copies.js';
import { resolvePlan } from '../../../src/project/resolve/resolve-plan.js';
import { type FileChange } from '../../../src/plan/file-change.js';
import { contentHash, MANIFEST_PATH, serializeManifest } from '../../../src/project/write/manifest.js';
import type { MergeMode } from '../../../src/project/resolve/merge-conflicts.js';
import { nodeFs } from '../../../src/project/fs/project-fs.js';
import { resolveDeletions } from '../../../src/project/resolve/resolve-deletions.js';
import { laravelProject } from './laravel-fixture.js';
import { generated, snapshotOf } from './plan-fixture.js';

const NOTES = 'app/notes.txt';
const lines = (...text: string[]) => `${text.join('\n')}\n`;
const V1 = lines('one', 'two', 'three', 'four', 'five');
const V2 = lines('one', 'two', 'three', 'four', 'five', 'six');

const manifestWith = (files: Record<string, string>) => serializeManifest({ files: new Map(Object.entries(files)) });

/** A project fullapi wrote V1 into, with its base copy (`null`: none), and the file on disk as given. */
function projectWith(onDisk: string, base: string | null = V1): string {
  return laravelProject({
    [NOTES]: onDisk,
    [MANIFEST_PATH]: manifestWith({ [NOTES]: contentHash(V1) }),
    ...(base === null ? {} : { [basePath(NOTES)]: base }),
  });
}

/** Resolved as `make` does, with the mode given (`null`: none, as `publish` does). */
function resolve(root: string, plan: PlanEntry[], merge: MergeMode | null = 'keep', force = false) {
  return resolvePlan(plan, snapshotOf(root), { force, ...(merge === null ? {} : { merge }) }, nodeFs);
}

const actions = (changes: readonly FileChange[]) => changes.map((change) => [change.path, change.action]);
const recordedIn = (changes: readonly FileChange[]) => JSON.parse(changes.find((c) => c.path === MANIFEST_PATH)?.after ?? '{}').files;

test('a file written gets its base copy, which no report lists; a file unchanged needs none', () => {
  const created = resolve(laravelProject(), [generated(NOTES, V1)]);
  assert.equal(actions(created.changes), [[NOTES, 'created'], [MANIFEST_PATH, 'created']]);
  assert.equal(created.bases, [{ path: basePath(NOTES), action: 'created', after: V1, source: 'base' }]);
  assert.equal(resolve(projectWith(V1), [generated(NOTES, V1)]).bases, []);
  const updated = resolve(projectWith(V1), [generated(NOTES, V2)]);
  assert.equal(actions(updated.bases), [[basePath(NOTES), 'updated']]);
  assert.is(updated.bases[0]?.after, V2);
});

test('a hand edit merges with the new generation: merged, and the manifest and base take the new generation', () => {
  const edited = lines('one (mine)', 'two', 'three', 'four', 'five');
  const { changes, diagnostics, bases } = resolve(projectWith(edited), [generated(NOTES, V2)]);
  assert.equal(diagnostics, []);
  assert.equal(actions(changes), [[NOTES, 'merged'], [MANIFEST_PATH, 'updated']]);
  assert.is(changes[0]?.after, lines('one (mine)', 'two', 'three', 'four', 'five', 'six'));
  assert.equal(recordedIn(changes), { [NOTES]: contentHash(V2) });
  assert.equal(bases.map((change) => [change.path, change.action, change.after]), [[basePath(NOTES), 'updated', V2]]);
});

test('a hand edit whose generation is the base has nothing to merge: kept with modified_file_kept, base untouched', () => {
  const edited = lines('one (mine)', 'two', 'three', 'four', 'five');
  const { changes, diagnostics, bases } = resolve(projectWith(edited), [generated(NOTES, V1)]);
  assert.equal(actions(changes), [[NOTES, 'kept'], [MANIFEST_PATH, 'unchanged']]);
  assert.equal(diagnostics.map((d) => d.code), ['modified_file_kept']);
  assert.equal(bases, []);
});

test('a conflict keeps the file, its hash and base, with merge_conflict naming the line and both sides', () => {
  const edited = lines('one', 'two', 'three', 'four', 'five (mine)');
  const { changes, diagnostics, bases } = resolve(projectWith(edited), [generated(NOTES, V2)]);
  assert.equal(actions(changes), [[NOTES, 'kept'], [MANIFEST_PATH, 'unchanged']]);
  assert.is(changes[0]?.after, V2, 'what --force would write');
  assert.equal(diagnostics.map((d) => [d.severity, d.code, d.path]), [['warning', 'merge_conflict', NOTES]]);
  assert.match(diagnostics[0]?.message ?? '', 'line 5: yours "five (mine)", fullapi "five" (+1 line)');
  assert.match(diagnostics[0]?.hint ?? '', '--merge=markers');
  assert.equal(recordedIn(changes), { [NOTES]: contentHash(V1) });
  assert.equal(bases, []);
});

test('--merge=markers writes the conflict with markers: conflicted, and the manifest and base take the new generation', () => {
  const edited = lines('one', 'two', 'three', 'four', 'five (mine)');
  const { changes, diagnostics, bases } = resolve(projectWith(edited), [generated(NOTES, V2)], 'markers');
  assert.equal(actions(changes), [[NOTES, 'conflicted'], [MANIFEST_PATH, 'updated']]);
  assert.is(changes[0]?.after, lines('one', 'two', 'three', 'four', '<<<<<<< yours', 'five (mine)', '=======', 'five', 'six', '>>>>>>> fullapi'));
  assert.equal(diagnostics.map((d) => d.code), ['merge_conflict']);
  assert.match(diagnostics[0]?.message ?? '', 'line 5:');
  assert.match(diagnostics[0]?.message ?? '', 'written with conflict markers');
  assert.equal(recordedIn(changes), { [NOTES]: contentHash(V2) });
  assert.equal(actions(bases), [[basePath(NOTES), 'updated']]);
});

test('a base copy that is not what the manifest records is not used: the hand edit is kept as before', () => {
  const edited = lines('one (mine)', 'two', 'three', 'four', 'five');
  for (const base of [null, lines('an', 'older', 'copy')]) {
    const { changes, diagnostics, bases } = resolve(projectWith(edited, base), [generated(NOTES, V2)]);
    assert.equal(actions(changes), [[NOTES, 'kept'], [MANIFEST_PATH, 'unchanged']]);
    assert.equal(diagnostics.map((d) => d.code), ['modified_file_kept']);
    assert.equal(bases, []);
  }
});

test('without a merge mode (publish), nothing merges and no base is written; --force rewrites whatever the mode', () => {
  const edited = lines('one (mine)', 'two', 'three', 'four', 'five');
  const unmerged = resolve(projectWith(edited), [generated(NOTES, V2)], null);
  assert.equal(actions(unmerged.changes), [[NOTES, 'kept'], [MANIFEST_PATH, 'unchanged']]);
  assert.equal(resolve(laravelProject(), [generated(NOTES, V1)], null).bases, []);
  const forced = resolve(projectWith(edited), [generated(NOTES, V2)], 'keep', true);
  assert.equal(actions(forced.changes), [[NOTES, 'updated'], [MANIFEST_PATH, 'updated']]);
  assert.equal(actions(forced.bases), [[basePath(NOTES), 'updated']]);
});

test('a plan writing into the base folder is refused as a bug', () => {
  const { diagnostics } = resolve(laravelProject(), [generated(basePath(NOTES), V1)]);
  assert.equal(diagnostics.map((d) => d.code), ['internal_error']);
});

test('a deletion deletes the base copy, of a kept file too: the manifest forgets both', () => {
  const root = projectWith(lines('mine'));
  const kept = resolveDeletions([NOTES], snapshotOf(root), false, nodeFs);
  assert.equal(actions(kept.changes), [[NOTES, 'kept']]);
  assert.equal(actions(kept.bases), [[basePath(NOTES), 'deleted']]);
  const gone = laravelProject({ [basePath(NOTES)]: V1, [MANIFEST_PATH]: manifestWith({ [NOTES]: contentHash(V1) }) });
  assert.equal(actions(resolveDeletions([NOTES], snapshotOf(gone), false, nodeFs).bases), [[basePath(NOTES), 'deleted']]);
});

test.run();
