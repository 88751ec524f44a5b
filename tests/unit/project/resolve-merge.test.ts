import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PlanEntry } from '../../../src/plan/file-plan.js';
import { BASE_INDEX_PATH, plainCopyPath } from '../../../src/project/write/base-store.js';
import { finishResolution, resolvePlan, writerOrder, type Resolution } from '../../../src/project/resolve/resolve-plan.js';
import { applyChanges } from '../../../src/project/write/apply-changes.js';
import { basesOf, storeFiles } from '../../support/base-store.js';
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

/** A project fullapi wrote V1 into, with its base in the store (`null`: none), and the file on disk as given. */
function projectWith(onDisk: string, base: string | null = V1): string {
  return laravelProject({
    [NOTES]: onDisk,
    [MANIFEST_PATH]: manifestWith({ [NOTES]: contentHash(V1) }),
    ...(base === null ? {} : storeFiles({ [NOTES]: base })),
  });
}

/** The path of the one pack of a store holding `bases`. */
const packHolding = (bases: Record<string, string>): string => Object.keys(storeFiles(bases)).find((path) => path.endsWith('.pack')) ?? '';

/** The bases the store holds once the resolution is written. */
function basesAfter(root: string, resolution: Resolution): Map<string, string> {
  assert.equal(applyChanges(root, writerOrder(resolution)), []);
  return basesOf(root);
}

/** Resolved as `make` does, with the mode given (`null`: none, as `publish` does). */
function resolve(root: string, plan: PlanEntry[], merge: MergeMode | null = 'keep', force = false) {
  return resolvePlan(plan, snapshotOf(root), { force, ...(merge === null ? {} : { merge }) }, nodeFs);
}

const actions = (changes: readonly FileChange[]) => changes.map((change) => [change.path, change.action]);
const recordedIn = (changes: readonly FileChange[]) => JSON.parse(changes.find((c) => c.path === MANIFEST_PATH)?.after ?? '{}').files;

test('a file written gets its base in a pack, which no report lists; a file unchanged needs none', () => {
  const root = laravelProject();
  const created = resolve(root, [generated(NOTES, V1)]);
  assert.equal(actions(created.changes), [[NOTES, 'created'], [MANIFEST_PATH, 'created']]);
  assert.equal(actions(created.bases), [[packHolding({ [NOTES]: V1 }), 'created'], [BASE_INDEX_PATH, 'created']]);
  assert.equal(created.bases.map((change) => change.source), ['base', 'base']);
  assert.equal(basesAfter(root, created), new Map([[NOTES, V1]]));
  assert.equal(resolve(projectWith(V1), [generated(NOTES, V1)]).bases, []);
  const older = projectWith(V1);
  const updated = resolve(older, [generated(NOTES, V2)]);
  assert.equal(actions(updated.bases), [
    [packHolding({ [NOTES]: V2 }), 'created'],
    [BASE_INDEX_PATH, 'updated'],
    [packHolding({ [NOTES]: V1 }), 'deleted'],
  ]);
  assert.equal(basesAfter(older, updated), new Map([[NOTES, V2]]));
});

test('a hand edit merges with the new generation: merged, and the manifest and base take the new generation', () => {
  const edited = lines('one (mine)', 'two', 'three', 'four', 'five');
  const { changes, diagnostics, bases } = resolve(projectWith(edited), [generated(NOTES, V2)]);
  assert.equal(diagnostics, []);
  assert.equal(actions(changes), [[NOTES, 'merged'], [MANIFEST_PATH, 'updated']]);
  assert.is(changes[0]?.after, lines('one (mine)', 'two', 'three', 'four', 'five', 'six'));
  assert.equal(recordedIn(changes), { [NOTES]: contentHash(V2) });
  assert.equal(actions(bases), [[packHolding({ [NOTES]: V2 }), 'created'], [BASE_INDEX_PATH, 'updated'], [packHolding({ [NOTES]: V1 }), 'deleted']]);
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
  assert.equal(actions(bases), [[packHolding({ [NOTES]: V2 }), 'created'], [BASE_INDEX_PATH, 'updated'], [packHolding({ [NOTES]: V1 }), 'deleted']]);
});

test('a base that is not what the manifest records is not used: the hand edit is kept as before', () => {
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
  assert.equal(actions(forced.bases), [[packHolding({ [NOTES]: V2 }), 'created'], [BASE_INDEX_PATH, 'updated'], [packHolding({ [NOTES]: V1 }), 'deleted']]);
});

test('a plan writing into the store of bases is refused as a bug', () => {
  for (const path of [plainCopyPath(NOTES), BASE_INDEX_PATH, packHolding({ [NOTES]: V1 })]) {
    const { diagnostics } = resolve(laravelProject(), [generated(path, V1)]);
    assert.equal(diagnostics.map((d) => d.code), ['internal_error'], path);
  }
});

test('a deletion drops the base, of a kept file too: the manifest forgets both', () => {
  const root = projectWith(lines('mine'));
  const snapshot = snapshotOf(root);
  const kept = resolveDeletions([NOTES], snapshot, false, nodeFs);
  assert.equal(actions(kept.changes), [[NOTES, 'kept']]);
  const finished = finishResolution(snapshot, kept, { force: false }, nodeFs);
  assert.equal(actions(finished.bases), [[BASE_INDEX_PATH, 'deleted'], [packHolding({ [NOTES]: V1 }), 'deleted']]);
  assert.equal(basesAfter(root, finished), new Map());
  const legacy = laravelProject({ [plainCopyPath(NOTES)]: V1, [MANIFEST_PATH]: manifestWith({ [NOTES]: contentHash(V1) }) });
  const legacySnapshot = snapshotOf(legacy);
  const forgotten = finishResolution(legacySnapshot, resolveDeletions([NOTES], legacySnapshot, false, nodeFs), { force: false }, nodeFs);
  assert.equal(actions(forgotten.bases), [[plainCopyPath(NOTES), 'deleted']]);
});

test.run();
