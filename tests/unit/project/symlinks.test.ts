import { mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { resolvePlan } from '../../../src/project/resolve/resolve-plan.js';
import { type FileChange } from '../../../src/plan/file-change.js';
import { applyChanges } from '../../../src/project/write/apply-changes.js';
import { nodeFs } from '../../../src/project/fs/project-fs.js';
import type { PlanEntry } from '../../../src/plan/file-plan.js';
import { laravelProject } from './laravel-fixture.js';
import { appendLine, generated, snapshotOf } from './plan-fixture.js';
import { snapshotTree, temporaryTree } from './tree.js';

// Regression tests for symbolic links that would carry fullapi's writes out of the project (issue "hostile
// and broken input"): every write is refused with path_outside_project, naming the link, and nothing is
// written anywhere; links that stay inside are followed as before.

const PLAN: PlanEntry[] = [
  generated('app/Models/Post.php', 'post\n'),
  generated('app/Models/Comment.php', 'comment\n'),
  generated('database/migrations/2026_01_02_030405_create_posts_table.php', 'migration\n', 'Migration'),
  appendLine('routes/api.php', "Route::apiResource('posts', PostController::class);"),
];

/** A project, and a folder outside it that a test links to. */
function projectAndOutside(projectFiles: Record<string, string> = {}): { root: string; outside: string } {
  return { root: laravelProject({ 'routes/api.php': '<?php\n', ...projectFiles }), outside: temporaryTree({ 'keep.txt': 'mine\n' }) };
}

/** Both trees as they are, to compare after a run that must write nothing. */
function both(root: string, outside: string): [Record<string, string>, Record<string, string>] {
  return [snapshotTree(root), snapshotTree(outside)];
}

for (const folder of ['app/Models', 'database/migrations']) {
  test(`${folder} linked to a folder outside: refused when resolving and when applying, nothing written anywhere`, () => {
    const { root, outside } = projectAndOutside({ [`${dirname(folder)}/.gitkeep`]: '' });
    const linkTarget = join(outside, 'target');
    mkdirSync(linkTarget);
    symlinkSync(linkTarget, join(root, folder));
    const before = both(root, outside);

    const { changes, diagnostics } = resolvePlan(PLAN, snapshotOf(root), { force: false }, nodeFs);
    assert.equal(diagnostics.map((d) => [d.code, d.path]), [['path_outside_project', folder]]);
    assert.match(diagnostics[0]?.message ?? '', `${folder} is a symbolic link to ${realpathSync(linkTarget)}, outside the project`);

    const applied = applyChanges(root, changes, nodeFs);
    assert.equal(applied.map((d) => [d.severity, d.code, d.path]), [['error', 'path_outside_project', folder]]);
    assert.equal(both(root, outside), before);
  });
}

test('a dangling link planted at a temp-file name is never followed: the next free name is used', () => {
  const { root, outside } = projectAndOutside({ 'app/Models/.gitkeep': '' });
  const bait = join(outside, 'created-through-the-link.php');
  symlinkSync(bait, join(root, 'app/Models/.Post.php.fullapi-tmp'));
  const changes: FileChange[] = [{ path: 'app/Models/Post.php', action: 'created', after: 'post\n', source: 'generated' }];
  const outsideBefore = snapshotTree(outside);

  assert.equal(applyChanges(root, changes, nodeFs), []);
  assert.equal(snapshotTree(outside), outsideBefore, 'nothing appeared at the link target');
  const tree = snapshotTree(root);
  assert.is(tree['app/Models/Post.php'], 'post\n');
  assert.is(tree['app/Models/.Post.php.fullapi-tmp@'], bait, 'the planted link is left as it was');
});

test('every temp-file name taken: a clean write_failed, nothing written', () => {
  const { root } = projectAndOutside({ 'app/Models/.gitkeep': '' });
  for (let n = 0; n <= 100; n++) symlinkSync('/nowhere', join(root, `app/Models/.Post.php.fullapi-tmp${n === 0 ? '' : `-${n}`}`));
  const before = snapshotTree(root);
  const changes: FileChange[] = [{ path: 'app/Models/Post.php', action: 'created', after: 'post\n', source: 'generated' }];
  const diagnostics = applyChanges(root, changes, nodeFs);
  assert.equal(diagnostics.map((d) => [d.code, d.path]), [['write_failed', 'app/Models/Post.php']]);
  assert.match(diagnostics[0]?.message ?? '', 'no free tmp name');
  assert.equal(snapshotTree(root), before);
});

test('a dangling link at the target itself, to a file outside, is refused and named', () => {
  const { root, outside } = projectAndOutside({ 'app/Models/.gitkeep': '' });
  symlinkSync(join(outside, 'Post.php'), join(root, 'app/Models/Post.php'));
  const before = both(root, outside);
  const changes = resolvePlan([generated('app/Models/Post.php', 'post\n')], snapshotOf(root), { force: false }, nodeFs).changes;
  const diagnostics = applyChanges(root, changes, nodeFs);
  assert.equal(diagnostics.map((d) => [d.code, d.path]), [['path_outside_project', 'app/Models/Post.php']]);
  assert.equal(both(root, outside), before);
});

test('a link inside the project that leads to a link outside is refused', () => {
  const { root, outside } = projectAndOutside({ 'app/.gitkeep': '' });
  symlinkSync(outside, join(root, 'shortcut'));
  symlinkSync('../shortcut', join(root, 'app/Models'));
  const before = both(root, outside);
  const { changes, diagnostics } = resolvePlan(PLAN, snapshotOf(root), { force: false }, nodeFs);
  assert.equal(diagnostics.map((d) => [d.code, d.path]), [['path_outside_project', 'app/Models']]);
  assert.match(diagnostics[0]?.message ?? '', 'would have written app/Models/Post.php and 1 more file there');
  assert.equal(applyChanges(root, changes, nodeFs).map((d) => d.code), ['path_outside_project']);
  assert.equal(both(root, outside), before);
});

test('links that stay inside the project are fine, and so is a project reached through a link', () => {
  const { root, outside } = projectAndOutside({ 'domain/Models/.gitkeep': '', 'app/.gitkeep': '' });
  symlinkSync('../domain/Models', join(root, 'app/Models'));
  const linkedRoot = join(outside, 'project');
  symlinkSync(root, linkedRoot);
  const { changes, diagnostics } = resolvePlan(PLAN, snapshotOf(linkedRoot), { force: false }, nodeFs);
  assert.equal(diagnostics, []);
  assert.equal(applyChanges(linkedRoot, changes, nodeFs), []);
  const tree = snapshotTree(root);
  assert.is(tree['domain/Models/Post.php'], 'post\n');
  assert.is(tree['app/Models@'], '../domain/Models');
});

test.run();
