import { cpSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { phpLintFailures, pintProblems } from '../support/php-tools.js';
import { repoRoot } from '../support/repo-root.js';

/**
 * Every PHP file of every golden case, generated or edited (routes, seeders, bootstrap), must parse and
 * must be what Pint's laravel preset would leave it; but a file written with conflict markers
 * (`--merge=markers`), which is not PHP until its owner resolves it.
 */

const fixturesDir = join(repoRoot(), 'tests', 'fixtures');

function expectedPhpFiles(): string[] {
  return readdirSync(fixturesDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.php') && entry.parentPath.includes('/expected'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !hasConflictMarkers(path))
    .sort();
}

function hasConflictMarkers(path: string): boolean {
  return /^<<<<<<< yours$/m.test(readFileSync(path, 'utf8'));
}

test('the golden cases hold PHP files to check', () => {
  assert.ok(expectedPhpFiles().length >= 40, `only ${expectedPhpFiles().length} PHP files`);
});

test('the files left out for their conflict markers are those of --merge=markers', () => {
  const marked = readdirSync(fixturesDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.php') && entry.parentPath.includes('/expected'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(hasConflictMarkers);
  assert.equal(marked.map((path) => path.slice(fixturesDir.length + 1)), ['merge-markers/expected/app/Models/Post.php']);
});

test('every generated PHP file parses (php -l)', () => {
  assert.equal(phpLintFailures(expectedPhpFiles()), []);
});

test('every generated PHP file passes Pint --test with the laravel preset', () => {
  const workspace = mkdtempSync(join(tmpdir(), 'fullapi-pint-'));
  for (const name of readdirSync(fixturesDir)) {
    cpSync(join(fixturesDir, name), join(workspace, name), {
      recursive: true,
      filter: (source) => !source.includes('/project/') && !(source.endsWith('.php') && hasConflictMarkers(source)),
    });
  }
  assert.is(pintProblems(workspace), undefined);
});

test.run();
