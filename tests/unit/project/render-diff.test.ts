import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderDiff } from '../../../src/plan/render-diff.js';

test('an update is a unified diff with a/ and b/ names', () => {
  const diff = renderDiff({ path: 'routes/api.php', action: 'updated', before: '<?php\n', after: '<?php\nRoute::x();\n', source: 'patch' });
  assert.is(diff, '--- a/routes/api.php\n+++ b/routes/api.php\n@@ -1,1 +1,2 @@\n <?php\n+Route::x();\n');
});

test('a creation diffs against /dev/null', () => {
  const diff = renderDiff({ path: 'app/Models/Post.php', action: 'created', after: 'a\n', source: 'generated' });
  assert.is(diff, '--- /dev/null\n+++ b/app/Models/Post.php\n@@ -0,0 +1,1 @@\n+a\n');
});

test('a deletion diffs to /dev/null', () => {
  const diff = renderDiff({ path: 'x.php', action: 'deleted', before: 'a\n', source: 'generated' });
  assert.is(diff, '--- a/x.php\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-a\n');
});

test('a kept file shows what --force would write; an unchanged one shows nothing', () => {
  assert.match(renderDiff({ path: 'x.php', action: 'kept', before: 'mine\n', after: 'ours\n', source: 'generated' }), '+ours');
  assert.is(renderDiff({ path: 'x.php', action: 'unchanged', before: 'a\n', after: 'a\n', source: 'generated' }), '');
});

test.run();
