import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { absentFiles } from '../../../src/project/fs/folder-listings.js';
import { recoveredView } from '../../../src/project/write/leftovers.js';
import { nodeFs, type ProjectFs } from '../../../src/project/fs/project-fs.js';
import { temporaryTree } from './tree.js';

test('a file is absent when its folder, listed once, does not name it', () => {
  const root = temporaryTree({ 'app/Models/Post.php': '<?php\n', 'app/Models/Tag.php': '<?php\n' });
  let listed = 0;
  const counting: ProjectFs = { ...nodeFs, readdir: (path) => (listed++, nodeFs.readdir(path)) };
  const isAbsent = absentFiles(counting);
  assert.is(isAbsent(join(root, 'app/Models/Post.php')), false);
  assert.is(isAbsent(join(root, 'app/Models/Comment.php')), true);
  assert.is(isAbsent(join(root, 'app/Models/Tag.php')), false);
  assert.is(listed, 1);
});

test('a name listed in another case counts as there, as a case-insensitive file system would open it', () => {
  const root = temporaryTree({ 'app/Models/post.php': '<?php\n' });
  assert.is(absentFiles(nodeFs)(join(root, 'app/Models/Post.php')), false);
});

test('below a missing folder, or below a file, nothing is there', () => {
  const root = temporaryTree({ 'app/Models': 'a file where a folder would be' });
  const isAbsent = absentFiles(nodeFs);
  assert.is(isAbsent(join(root, 'app/Http/Controllers/PostController.php')), true);
  assert.is(isAbsent(join(root, 'app/Models/Post.php')), true);
});

test('a folder that cannot be listed tells nothing: its files are read as usual', () => {
  const root = temporaryTree({ 'app/Models/Post.php': '<?php\n' });
  const refusing: ProjectFs = {
    ...nodeFs,
    readdir: () => {
      throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    },
  };
  assert.is(absentFiles(refusing)(join(root, 'app/Models/Comment.php')), false);
});

test('through the recovered view, a leftover is not there and a restored file is', () => {
  const root = temporaryTree({ 'routes/.api.php.fullapi-backup': '<?php\n', 'routes/.web.php.fullapi-tmp': 'half' });
  const view = recoveredView(root, nodeFs, [
    { path: 'routes/.api.php.fullapi-backup', original: 'routes/api.php', purpose: 'backup', restore: true },
    { path: 'routes/.web.php.fullapi-tmp', original: 'routes/web.php', purpose: 'tmp', restore: false },
  ]);
  const isAbsent = absentFiles(view);
  assert.is(isAbsent(join(root, 'routes/api.php')), false);
  assert.is(isAbsent(join(root, 'routes/.web.php.fullapi-tmp')), true);
});

test.run();
