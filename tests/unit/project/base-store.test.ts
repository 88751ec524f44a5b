import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FileChange } from '../../../src/plan/file-change.js';
import { nodeFs } from '../../../src/project/fs/project-fs.js';
import { applyChanges } from '../../../src/project/write/apply-changes.js';
import { MAX_PACKS, packsToCompact, PACKS_AFTER_COMPACTION } from '../../../src/project/write/base-compaction.js';
import { packId } from '../../../src/project/write/base-pack.js';
import { BASE_INDEX_PATH, openBaseStore, packPath, plainCopyPath } from '../../../src/project/write/base-store.js';
import { findLeftovers, recoveredView } from '../../../src/project/write/leftovers.js';
import { contentHash } from '../../../src/project/write/manifest.js';
import { basesOf, packsIn, packTextOf, storeFiles, storeFilesOf } from '../../support/base-store.js';
import { temporaryTree } from './tree.js';

const hashed = (contents: Record<string, string>) => new Map(Object.entries(contents).map(([path, content]) => [path, { content, hash: contentHash(content) }]));
const hashes = (contents: Record<string, string>) => new Map(Object.entries(contents).map(([path, content]) => [path, contentHash(content)]));
const actions = (changes: readonly FileChange[]) => changes.map((change) => [change.path, change.action]);
const packs = (root: string) => packsIn(storeFilesOf(root));

/**
 * One run's writes of the store, applied: `copies` are the generations it stores, `recorded` every path's
 * generation as the manifest records it after the run (the copies' included), `forgotten` the paths it forgets.
 */
function storeRun(root: string, copies: Record<string, string>, recorded: Record<string, string>, forgotten: string[] = []): FileChange[] {
  const changes = openBaseStore(root, nodeFs).changes(hashed(copies), hashes({ ...recorded, ...copies }), forgotten);
  assert.equal(applyChanges(root, changes), []);
  return changes;
}

const entity = (name: string, generation = 1): Record<string, string> =>
  Object.fromEntries(['Model', 'Controller', 'Service'].map((kind) => [`app/${kind}/${name}.php`, `<?php // ${name} ${kind}, generation ${generation}\n${'x'.repeat(200)}\n`]));

test('a run stores its copies as one pack and the index, and a run with nothing new writes nothing', () => {
  const root = temporaryTree();
  const first = { ...entity('Post'), ...entity('Tag') };
  const changes = storeRun(root, first, {});
  assert.equal(actions(changes), [[packPath(packId(packTextOf(hashed(first)))), 'created'], [BASE_INDEX_PATH, 'created']]);
  assert.equal(storeFilesOf(root), new Map(Object.entries(storeFiles(first))), 'the pack and index of those bases, byte for byte');
  assert.equal(basesOf(root), new Map(Object.entries(first)));
  assert.equal(openBaseStore(root, nodeFs).changes(new Map(), hashes(first), []), []);
  assert.equal(openBaseStore(root, nodeFs).changes(hashed(entity('Post')), hashes(first), []), [], 'copies the store holds as they are');
});

test("a run's new bases supersede the old ones; a pack left with no live base is deleted in the same write", () => {
  const root = temporaryTree();
  storeRun(root, { ...entity('Post'), ...entity('Tag') }, {});
  const [big] = packs(root);
  storeRun(root, entity('Post', 2), entity('Tag'));
  assert.equal(packs(root).length, 2);
  assert.ok(packs(root).includes(big ?? ''), "the first pack keeps Tag's bases");
  assert.equal(basesOf(root), new Map(Object.entries({ ...entity('Post', 2), ...entity('Tag') })));
  const [small] = packs(root).filter((id) => id !== big);
  const third = storeRun(root, entity('Post', 3), entity('Tag'));
  assert.ok(actions(third).some(([path, action]) => path === packPath(small ?? '') && action === 'deleted'), 'the pack of generation 2 holds nothing live');
  assert.equal(packs(root).length, 2);
  assert.equal(basesOf(root), new Map(Object.entries({ ...entity('Post', 3), ...entity('Tag') })));
});

test('the bases of forgotten paths go; a store left empty goes whole', () => {
  const root = temporaryTree();
  storeRun(root, { ...entity('Post'), ...entity('Tag'), ...entity('Author') }, {});
  const remaining = { ...entity('Post'), ...entity('Author') };
  const forgetTag = openBaseStore(root, nodeFs).changes(new Map(), hashes(remaining), Object.keys(entity('Tag')));
  assert.equal(actions(forgetTag), [[BASE_INDEX_PATH, 'updated']], 'the pack stays, its Tag bases dead');
  assert.equal(applyChanges(root, forgetTag), []);
  assert.equal(basesOf(root), new Map(Object.entries(remaining)));
  const forgetAuthor = storeRun(root, {}, entity('Post'), Object.keys(entity('Author')));
  assert.equal(actions(forgetAuthor).map(([, action]) => action), ['created', 'updated', 'deleted'], "dead bytes above the live ones: Post's bases are packed anew");
  assert.equal(basesOf(root), new Map(Object.entries(entity('Post'))));
  storeRun(root, {}, {}, Object.keys(entity('Post')));
  assert.equal(readdirSync(join(root, '.fullapi/base')), []);
});

test('a base is read from the pack the index names, checked against the hash the manifest records', () => {
  const root = temporaryTree();
  storeRun(root, entity('Post'), {});
  const [path = '', content = ''] = Object.entries(entity('Post'))[0] ?? [];
  assert.is(openBaseStore(root, nodeFs).base(path, contentHash(content)), content);
  assert.is(openBaseStore(root, nodeFs).base(path, contentHash('an edited file')), undefined);
  assert.is(openBaseStore(root, nodeFs).base('app/Model/Other.php', contentHash(content)), undefined);
});

test('a store is read once per run: the index once, and only the pack that holds a base wanted', () => {
  const root = temporaryTree();
  storeRun(root, entity('Post'), {});
  storeRun(root, entity('Tag'), entity('Post'));
  const [postModel = '', content = ''] = Object.entries(entity('Post'))[0] ?? [];
  const read: string[] = [];
  const counting = { ...nodeFs, readFile: (path: string) => (read.push(path), nodeFs.readFile(path)), readBytes: (path: string) => (read.push(path), nodeFs.readBytes(path)) };
  const store = openBaseStore(root, counting);
  for (const path of Object.keys(entity('Post'))) assert.is(store.base(path, contentHash(entity('Post')[path] ?? '')), entity('Post')[path]);
  assert.is(store.base(postModel, contentHash(content)), content);
  assert.equal(read.map((path) => path.slice(root.length + 1)).sort(), [BASE_INDEX_PATH, packPath(packId(packTextOf(hashed(entity('Post')))))].sort());
});

test('a corrupt pack, or one whose base has bytes of another hash, is no base, and no reason for a run to fail', () => {
  const root = temporaryTree();
  storeRun(root, entity('Post'), {});
  const [id = ''] = packs(root);
  const [path = '', content = ''] = Object.entries(entity('Post'))[0] ?? [];
  const file = join(root, packPath(id));
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, text.replaceAll('generation 1', 'generation X'));
  assert.is(openBaseStore(root, nodeFs).base(path, contentHash(content)), undefined, 'bytes of another hash');
  writeFileSync(file, text.slice(0, -1));
  assert.is(openBaseStore(root, nodeFs).base(path, contentHash(content)), undefined, 'truncated');
  writeFileSync(join(root, BASE_INDEX_PATH), '{ not json');
  assert.is(openBaseStore(root, nodeFs).base(path, contentHash(content)), undefined, 'no index');
  storeRun(root, entity('Post', 2), {});
  assert.equal(basesOf(root), new Map(Object.entries(entity('Post', 2))), 'the next run writes a new index, and deletes the pack it does not name');
});

test('compaction bounds the packs: a run that would leave more than 16 compacts the smallest, down to 8', () => {
  const root = temporaryTree();
  const all: Record<string, string> = {};
  for (let n = 0; n < 40; n++) {
    const added = entity(`E${n}`);
    storeRun(root, added, all);
    Object.assign(all, added);
    assert.ok(packs(root).length <= MAX_PACKS, `${packs(root).length} packs after run ${n}`);
  }
  assert.equal(basesOf(root), new Map(Object.entries(all)), 'no base lost');
  const counts: number[] = [];
  const again: Record<string, string> = { ...all };
  for (let n = 0; n < MAX_PACKS + 1; n++) {
    storeRun(root, entity(`F${n}`), again);
    Object.assign(again, entity(`F${n}`));
    counts.push(packs(root).length);
  }
  assert.ok(counts.includes(PACKS_AFTER_COMPACTION), counts.join(', '));
});

test('a watch-sized run in a large store writes one small pack and the index, never rewriting the large pack', () => {
  const root = temporaryTree();
  const large: Record<string, string> = {};
  for (let n = 0; n < 200; n++) Object.assign(large, entity(`E${n}`));
  storeRun(root, large, {});
  const [big = ''] = packs(root);
  const current = { ...large };
  for (let save = 0; save < 3 * MAX_PACKS; save++) {
    const edited = entity(`E${save % 5}`, save + 2);
    const changes = storeRun(root, edited, current);
    Object.assign(current, edited);
    assert.ok(!changes.some((change) => change.path === packPath(big)), `save ${save} touched the large pack`);
    const written = changes.filter((change) => change.action !== 'deleted');
    assert.ok(written.length <= 2, `save ${save} wrote ${written.map((change) => change.path).join(', ')}`);
    assert.ok(written.every((change) => change.path === BASE_INDEX_PATH || Buffer.byteLength(change.after ?? '') < 50_000), `save ${save} wrote a large pack`);
  }
  assert.ok(packs(root).includes(big));
  assert.equal(basesOf(root), new Map(Object.entries(current)));
});

test('compaction, as a rule: the smallest packs for their number, the most dead ones for their dead bytes, a large live one last', () => {
  const small = (n: number) => ({ id: `s${String(n).padStart(2, '0')}`, size: 1_000 + n, live: 1_000 + n });
  assert.equal(packsToCompact([small(1), small(2)], 500), new Set());
  const many = [{ id: 'big', size: 1_000_000, live: 990_000 }, ...Array.from({ length: MAX_PACKS }, (_, n) => small(n))];
  const compacted = packsToCompact(many, 500);
  assert.not.ok(compacted.has('big'));
  assert.is(many.length - compacted.size + 1, PACKS_AFTER_COMPACTION);
  assert.ok([...compacted].every((id) => Number(id.slice(1)) < MAX_PACKS - PACKS_AFTER_COMPACTION + 2), [...compacted].join(', '));
  const dead = packsToCompact([{ id: 'big', size: 1_000_000, live: 600_000 }, { id: 'wasted', size: 900_000, live: 10_000 }, { id: 'fresh', size: 5_000, live: 5_000 }], 0);
  assert.equal(dead, new Set(['wasted']), 'the dead bytes go with the pack that wastes the most');
  assert.equal(packsToCompact([{ id: 'big', size: 1_000_000, live: 400_000 }], 100), new Set(['big']), 'a pack mostly dead is compacted, large or not');
});

test('plain copies of the fullapi before packs are still bases; a run that writes the store packs those still live and deletes the rest', () => {
  const post = entity('Post');
  const tag = entity('Tag');
  const [postModel = '', postContent = ''] = Object.entries(post)[0] ?? [];
  const [tagModel = '', tagContent = ''] = Object.entries(tag)[0] ?? [];
  const plain = (contents: Record<string, string>) => Object.fromEntries(Object.entries(contents).map(([path, content]) => [plainCopyPath(path), content]));
  const root = temporaryTree({ ...plain(post), ...plain(tag), [plainCopyPath('app/Stale.php')]: 'a copy of another generation' });
  assert.is(openBaseStore(root, nodeFs).base(postModel, contentHash(postContent)), postContent);
  assert.equal(openBaseStore(root, nodeFs).changes(new Map(), hashes({ ...post, ...tag }), []), [], 'a run with nothing to store leaves them');

  const changes = storeRun(root, entity('Post', 2), { ...tag, 'app/Stale.php': 'the generation recorded' }, []);
  assert.equal(
    actions(changes.filter((change) => change.path.includes('/app/'))),
    [...Object.keys(post), 'app/Stale.php', ...Object.keys(tag)].sort().map((path) => [plainCopyPath(path), 'deleted']),
  );
  assert.equal(basesOf(root), new Map(Object.entries({ ...entity('Post', 2), ...tag })), "Tag's plain copies are in the run's pack; the stale copy is no base");
  assert.is(openBaseStore(root, nodeFs).base(tagModel, contentHash(tagContent)), tagContent);
  assert.ok(existsSync(join(root, '.fullapi/base/app/Model')), 'folders of plain copies are left, empty');
  assert.equal(readdirSync(join(root, '.fullapi/base/app/Model')), []);
});

test("a forgotten path's plain copy goes even when the run stores nothing", () => {
  const post = entity('Post');
  const root = temporaryTree(Object.fromEntries(Object.entries(post).map(([path, content]) => [plainCopyPath(path), content])));
  const [forgotten = '', ...kept] = Object.keys(post);
  storeRun(root, {}, Object.fromEntries(kept.map((path) => [path, post[path] ?? ''])), [forgotten]);
  assert.not.ok(existsSync(join(root, plainCopyPath(forgotten))));
  assert.equal(basesOf(root), new Map(kept.map((path) => [path, post[path] ?? ''])));
});

test('an interrupted run: a temp pack is a leftover like any temp file, and a pack no index names is deleted by the next run', () => {
  const root = temporaryTree();
  storeRun(root, entity('Post'), {});
  const orphan = packTextOf(hashed(entity('Orphan')));
  const temp = `.fullapi/base/.${packId(orphan)}.pack.fullapi-tmp`;
  writeFileSync(join(root, temp), orphan);
  writeFileSync(join(root, packPath(packId(orphan))), orphan);
  const leftovers = findLeftovers(root, nodeFs);
  assert.equal(leftovers.map((leftover) => [leftover.path, leftover.restore]), [[temp, false]]);
  const fs = recoveredView(root, nodeFs, leftovers);
  const changes = openBaseStore(root, fs).changes(hashed(entity('Tag')), hashes({ ...entity('Post'), ...entity('Tag') }), []);
  assert.ok(actions(changes).some(([path, action]) => path === packPath(packId(orphan)) && action === 'deleted'));
  assert.equal(applyChanges(root, changes, nodeFs, leftovers).map((diagnostic) => diagnostic.code), ['leftover_removed']);
  assert.not.ok(existsSync(join(root, temp)));
  assert.equal(basesOf(root), new Map(Object.entries({ ...entity('Post'), ...entity('Tag') })));
  assert.equal(packs(root).length, 2);
});

test('a pack a killed run left under the name the run would write is not written again: the index names it', () => {
  const root = temporaryTree();
  const text = packTextOf(hashed(entity('Post')));
  mkdirSync(dirname(join(root, packPath(packId(text)))), { recursive: true });
  writeFileSync(join(root, packPath(packId(text))), text);
  const changes = storeRun(root, entity('Post'), {});
  assert.equal(actions(changes), [[BASE_INDEX_PATH, 'created']]);
  assert.equal(basesOf(root), new Map(Object.entries(entity('Post'))));
});

test.run();
