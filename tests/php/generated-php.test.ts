import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { phpLintFailures, pintProblems } from '../support/php-tools.js';
import { repoRoot } from '../support/repo-root.js';

/**
 * Every PHP file of every golden case, generated or edited (routes, seeders, bootstrap), must parse and
 * must be what Pint's laravel preset would leave it.
 */

const fixturesDir = join(repoRoot(), 'tests', 'fixtures');

function expectedPhpFiles(): string[] {
  return readdirSync(fixturesDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.php') && entry.parentPath.includes('/expected'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

test('the golden cases hold PHP files to check', () => {
  assert.ok(expectedPhpFiles().length >= 40, `only ${expectedPhpFiles().length} PHP files`);
});

test('every generated PHP file parses (php -l)', () => {
  assert.equal(phpLintFailures(expectedPhpFiles()), []);
});

test('every generated PHP file passes Pint --test with the laravel preset', () => {
  const workspace = mkdtempSync(join(tmpdir(), 'fullapi-pint-'));
  for (const name of readdirSync(fixturesDir)) {
    cpSync(join(fixturesDir, name), join(workspace, name), {
      recursive: true,
      filter: (source) => !source.includes('/project/'),
    });
  }
  assert.is(pintProblems(workspace), undefined);
});

test.run();
