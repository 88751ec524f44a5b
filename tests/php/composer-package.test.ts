import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { phpLintFailures, pintProblems } from '../support/php-tools.js';
import { repoRoot } from '../support/repo-root.js';

/** The Composer package's own PHP (composer/src) parses and reads as Laravel's code does; the e2e harness runs it. */
const source = join(repoRoot(), 'composer', 'src');
const files = readdirSync(source, { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.php'))
  .map((entry) => join(entry.parentPath, entry.name));

test('every PHP file of the Composer package parses', () => {
  assert.ok(files.length >= 7, `only ${files.length} files`);
  assert.equal(phpLintFailures(files), []);
});

test('the Composer package passes Pint --test with the laravel preset', () => {
  assert.is(pintProblems(source), undefined);
});

test.run();
