import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { absoluteProjectPath } from '../../../src/project/fs/project-path.js';

const ROOTS = ['/', '/work/app', '/work/app/', '/work//app', '/work/./app', '/work/../app', '/work/app/..', '/work/.app', '/work/app.', 'relative/app', '.'];
const PATHS = ['app/Models/Post.php', 'routes/api.php', '.fullapi/manifest.json', 'a..b/c'];

test('a project-relative path joins any root as path.join does, the quick way or not', () => {
  for (const root of ROOTS) {
    for (const path of PATHS) assert.is(absoluteProjectPath(root, path), join(root, path), `${root} + ${path}`);
  }
});

test('a path that could leave the project has no absolute path, under any root', () => {
  for (const root of ROOTS) {
    for (const path of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a/./b', 'a\\b', 'C:/x', '']) assert.is(absoluteProjectPath(root, path), undefined, `${root} + ${path}`);
  }
});

test.run();
