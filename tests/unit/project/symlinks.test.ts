import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { applyChanges, type FileChange } from '../../../src/project/index.js';
import { nodeFs } from '../../../src/project/project-fs.js';
import { laravelProject } from './laravel-fixture.js';
import { snapshotTree, temporaryTree } from './tree.js';

// Regression tests for symbolic links that would carry fullapi's writes out of the project (issue "hostile
// and broken input"): a temp file is created exclusively, so a link planted at its name is never followed.

/** A project, and a folder outside it that a test links to. */
function projectAndOutside(projectFiles: Record<string, string> = {}): { root: string; outside: string } {
  return { root: laravelProject({ 'routes/api.php': '<?php\n', ...projectFiles }), outside: temporaryTree({ 'keep.txt': 'mine\n' }) };
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

test.run();
