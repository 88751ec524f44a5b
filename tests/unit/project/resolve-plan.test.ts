import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { error, warning } from '../../../src/diagnostics/diagnostic.js';
import type { PlanEntry } from '../../../src/plan/file-plan.js';
import { contentHash, MANIFEST_PATH, serializeManifest } from '../../../src/project/write/manifest.js';
import { resolvePlan } from '../../../src/project/resolve/resolve-plan.js';
import { type FileChange } from '../../../src/plan/file-change.js';
import { nodeFs } from '../../../src/project/fs/project-fs.js';
import { laravelProject } from './laravel-fixture.js';
import { appendLine, generated, snapshotOf } from './plan-fixture.js';

const MODEL = 'app/Models/Post.php';
const manifestWith = (files: Record<string, string>) => serializeManifest({ files: new Map(Object.entries(files)) });

function resolve(root: string, plan: PlanEntry[], force = false) {
  return resolvePlan(plan, snapshotOf(root), { force }, nodeFs);
}

const actions = (changes: FileChange[]) => changes.map((change) => [change.path, change.action]);
const recordedIn = (changes: FileChange[]) => JSON.parse(changes.find((c) => c.path === MANIFEST_PATH)?.after ?? '{}').files;

test('a file not on disk is created and recorded', () => {
  const { changes, diagnostics } = resolve(laravelProject(), [generated(MODEL, 'v1')]);
  assert.equal(diagnostics, []);
  assert.equal(actions(changes), [[MODEL, 'created'], [MANIFEST_PATH, 'created']]);
  assert.equal(changes[0], { path: MODEL, action: 'created', after: 'v1', source: 'generated' });
  assert.equal(recordedIn(changes), { [MODEL]: contentHash('v1') });
});

test('a file on disk with the same content is unchanged, and so is the manifest', () => {
  const root = laravelProject({ [MODEL]: 'v1', [MANIFEST_PATH]: manifestWith({ [MODEL]: contentHash('v1') }) });
  const { changes, diagnostics } = resolve(root, [generated(MODEL, 'v1')]);
  assert.equal(diagnostics, []);
  assert.equal(actions(changes), [[MODEL, 'unchanged'], [MANIFEST_PATH, 'unchanged']]);
});

test('a file we wrote and nobody touched is updated, and its new hash recorded', () => {
  const root = laravelProject({ [MODEL]: 'v1', [MANIFEST_PATH]: manifestWith({ [MODEL]: contentHash('v1') }) });
  const { changes, diagnostics } = resolve(root, [generated(MODEL, 'v2')]);
  assert.equal(diagnostics, []);
  assert.equal(actions(changes), [[MODEL, 'updated'], [MANIFEST_PATH, 'updated']]);
  assert.is(changes[0]?.before, 'v1');
  assert.equal(recordedIn(changes), { [MODEL]: contentHash('v2') });
});

test('a hand-edited file is kept with a warning, and keeps its old hash', () => {
  const root = laravelProject({ [MODEL]: 'v1 edited', [MANIFEST_PATH]: manifestWith({ [MODEL]: contentHash('v1') }) });
  const { changes, diagnostics } = resolve(root, [generated(MODEL, 'v2')]);
  assert.equal(actions(changes), [[MODEL, 'kept'], [MANIFEST_PATH, 'unchanged']]);
  assert.equal(diagnostics.map((d) => [d.severity, d.code, d.path]), [['warning', 'modified_file_kept', MODEL]]);
  assert.match(diagnostics[0]?.message ?? '', '--force');
  assert.equal(recordedIn(changes), { [MODEL]: contentHash('v1') });
});

test('with force, a hand-edited file is updated without a warning', () => {
  const root = laravelProject({ [MODEL]: 'v1 edited', [MANIFEST_PATH]: manifestWith({ [MODEL]: contentHash('v1') }) });
  const { changes, diagnostics } = resolve(root, [generated(MODEL, 'v2')], true);
  assert.equal(diagnostics, []);
  assert.equal(actions(changes), [[MODEL, 'updated'], [MANIFEST_PATH, 'updated']]);
  assert.equal(recordedIn(changes), { [MODEL]: contentHash('v2') });
});

test("the user's own file (not in the manifest) is kept, stays unrecorded, and no manifest is created", () => {
  const root = laravelProject({ [MODEL]: 'mine' });
  const { changes, diagnostics } = resolve(root, [generated(MODEL, 'v1')]);
  assert.equal(actions(changes), [[MODEL, 'kept']]);
  assert.equal(diagnostics.map((d) => d.code), ['modified_file_kept']);
  assert.match(diagnostics[0]?.message ?? '', 'not written by fullapi');
  const forced = resolve(root, [generated(MODEL, 'v1')], true);
  assert.equal(actions(forced.changes), [[MODEL, 'updated'], [MANIFEST_PATH, 'created']]);
});

test('entries of other files stay in the manifest', () => {
  const other = 'app/Models/Tag.php';
  const root = laravelProject({ [MANIFEST_PATH]: manifestWith({ [other]: contentHash('tag') }) });
  const { changes } = resolve(root, [generated(MODEL, 'v1')]);
  assert.equal(recordedIn(changes), { [MODEL]: contentHash('v1'), [other]: contentHash('tag') });
});

test('patches: created, updated, unchanged, chained on one file, never recorded', () => {
  const root = laravelProject({ 'routes/api.php': '<?php\n', 'routes/web.php': '<?php\nx\n' });
  const already: PlanEntry = { kind: 'patch', path: 'routes/web.php', artifact: null, describe: 'noop', apply: (existing) => ({ ok: true, content: existing ?? '' }) };
  const { changes, diagnostics } = resolve(root, [
    appendLine('routes/api.php', 'a'),
    appendLine('bootstrap/new.php', 'n'),
    already,
    appendLine('routes/api.php', 'b'),
  ]);
  assert.equal(diagnostics, []);
  assert.equal(actions(changes), [['routes/api.php', 'updated'], ['bootstrap/new.php', 'created'], ['routes/web.php', 'unchanged']]);
  assert.is(changes[0]?.after, '<?php\na\nb\n');
  assert.ok(changes.every((change) => change.source === 'patch'));
});

test('every patch error is collected, and a failing file gets no change', () => {
  const failing = (path: string, message: string): PlanEntry => ({
    kind: 'patch',
    path,
    artifact: null,
    describe: message,
    apply: () => ({ ok: false, diagnostics: [error('unexpected_php_shape', message)] }),
  });
  const throwing: PlanEntry = { kind: 'patch', path: 'c.php', artifact: null, describe: 'boom', apply: () => { throw new Error('bug'); } };
  const { changes, diagnostics } = resolve(laravelProject(), [
    failing('a.php', 'first'),
    appendLine('a.php', 'still runs'),
    failing('b.php', 'second'),
    throwing,
    appendLine('d.php', 'fine'),
  ]);
  assert.equal(diagnostics.map((d) => [d.code, d.path]), [
    ['unexpected_php_shape', 'a.php'],
    ['unexpected_php_shape', 'b.php'],
    ['internal_error', 'c.php'],
  ]);
  assert.equal(actions(changes), [['d.php', 'created']]);
});

test("a patch's warnings are reported, and its edit still applies; beside another patch's error, they are reported too", () => {
  const warns = (path: string): PlanEntry => ({
    kind: 'patch',
    path,
    artifact: null,
    describe: 'edit with a warning',
    apply: (existing) => ({ ok: true, content: `${existing ?? ''}w\n`, warnings: [warning('morph_alias_taken', 'left as it is')] }),
  });
  const { changes, diagnostics } = resolve(laravelProject({ 'a.php': '<?php\n' }), [warns('a.php')]);
  assert.equal(diagnostics.map((d) => [d.severity, d.code, d.path]), [['warning', 'morph_alias_taken', 'a.php']]);
  assert.equal(actions(changes), [['a.php', 'updated']]);
  assert.is(changes[0]?.after, '<?php\nw\n');
  const failing: PlanEntry = { kind: 'patch', path: 'a.php', artifact: null, describe: 'fails', apply: () => ({ ok: false, diagnostics: [error('unexpected_php_shape', 'no')] }) };
  const both = resolve(laravelProject({ 'a.php': '<?php\n' }), [warns('a.php'), failing]);
  assert.equal(both.diagnostics.map((d) => [d.severity, d.code]), [['error', 'unexpected_php_shape'], ['warning', 'morph_alias_taken']]);
  assert.equal(actions(both.changes), []);
});

test('paths that escape the project are refused', () => {
  const { changes, diagnostics } = resolve(laravelProject(), [
    generated('../outside.php', 'x'),
    generated('/etc/passwd', 'x'),
    generated('app/../../x.php', 'x'),
    appendLine('C:/x.php', 'x'),
    generated('app\\x.php', 'x'),
    generated(MODEL, 'ok'),
  ]);
  assert.equal(diagnostics.map((d) => d.code), Array(5).fill('internal_error'));
  assert.equal(actions(changes), [[MODEL, 'created'], [MANIFEST_PATH, 'created']]);
});

test('the plan may not write the manifest, nor one generated path twice', () => {
  const { diagnostics } = resolve(laravelProject(), [generated(MANIFEST_PATH, '{}'), generated(MODEL, 'a'), generated(MODEL, 'b')]);
  assert.equal(diagnostics.map((d) => d.code), ['internal_error', 'internal_error']);
});

test.run();
