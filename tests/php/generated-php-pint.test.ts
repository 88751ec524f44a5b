import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pintProblems } from '../support/php-tools.js';
import { distinctPhpFiles, fixturesDir } from './golden-php.js';

/**
 * Every PHP file the golden cases expect a run to write or edit is what Pint's laravel preset would leave it:
 * each distinct content once, under the path of its first case. Not the base copies (`.fullapi/base/`): Pint
 * leaves dot folders out, as it does in the user's project.
 */

test('every generated PHP file passes Pint --test with the laravel preset', () => {
  const files = distinctPhpFiles((path) => !path.includes('/.fullapi/'));
  assert.ok(files.length >= 40, `only ${files.length} distinct PHP files`);
  const workspace = mkdtempSync(join(tmpdir(), 'fullapi-pint-'));
  try {
    for (const file of files) {
      const copy = join(workspace, relative(fixturesDir, file.path));
      mkdirSync(dirname(copy), { recursive: true });
      writeFileSync(copy, file.content);
    }
    assert.is(pintProblems(workspace), undefined);
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
});

test.run();
