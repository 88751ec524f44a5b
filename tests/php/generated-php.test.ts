import { relative } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { phpLintFailures } from '../support/php-tools.js';
import { conflictMarkedFiles, distinctPhpFiles, fixturesDir } from './golden-php.js';

/**
 * Every PHP file of every golden case, generated or edited (routes, seeders, bootstrap), base copies included,
 * must parse; but a file written with conflict markers (`--merge=markers`), which is not PHP until its owner
 * resolves it. Pint's check of the same files is generated-php-pint.test.ts.
 */

test('the golden cases hold PHP files to check', () => {
  assert.ok(distinctPhpFiles().length >= 40, `only ${distinctPhpFiles().length} distinct PHP files`);
});

test('the files left out for their conflict markers are those of --merge=markers', () => {
  assert.equal(conflictMarkedFiles(), ['merge-markers/expected/app/Models/Post.php']);
});

test('every generated PHP file parses (php -l, each distinct content once)', () => {
  const failures = phpLintFailures(distinctPhpFiles().map((file) => file.path));
  assert.equal(failures.map((failure) => relative(fixturesDir, failure)), []);
});

test.run();
