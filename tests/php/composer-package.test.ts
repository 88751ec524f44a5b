import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

/**
 * What the package says when the command line cannot run, from its own classes on the host PHP: the message a user
 * reads (the e2e harness checks artisan's exit code and a PATH without Node).
 */
function unavailable(statement: string, fakeNode?: string): string {
  const bin = mkdtempSync(join(tmpdir(), 'fullapi-fake-node-'));
  try {
    if (fakeNode !== undefined) {
      writeFileSync(join(bin, 'node'), `#!/bin/sh\n${fakeNode}\n`);
      chmodSync(join(bin, 'node'), 0o755);
    }
    const requires = ['CliUnavailable', 'NodeBinary', 'BundledCli'].map((name) => `require '${join(source, `${name}.php`)}';`).join(' ');
    const script = `${requires} use Fullapi\\Laravel\\{BundledCli, CliUnavailable, NodeBinary}; try { ${statement} echo 'no error'; } catch (CliUnavailable $e) { echo $e->getMessage(); }`;
    const run = spawnSync('php', ['-r', script], { encoding: 'utf8', env: { ...process.env, BIN: bin } });
    return `${run.stdout}${run.stderr}`;
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
}

test('a Node older than 20 is named with its version and what to do', () => {
  const said = unavailable("(new NodeBinary(null, getenv('BIN')))->path();", 'echo v18.19.0');
  assert.match(said, 'fullapi needs Node.js 20 or later');
  assert.match(said, 'is v18.19.0');
  assert.match(said, 'FULLAPI_NODE');
});

test('a Node 20 found on the PATH is the one used', () => {
  assert.match(unavailable("echo (new NodeBinary(null, getenv('BIN')))->path(), ' ';", 'echo v20.11.1'), /\/node no error$/);
});

test('FULLAPI_NODE naming no executable, or a binary that is not Node, is said as such', () => {
  assert.match(unavailable("(new NodeBinary('/no/such/node', ''))->path();"), 'FULLAPI_NODE is set to /no/such/node, which is no executable file');
  assert.match(unavailable("(new NodeBinary(null, getenv('BIN')))->path();", 'echo hello'), 'did not print a Node.js version');
});

test('a package whose bundled command line is missing says to reinstall it', () => {
  const said = unavailable("(new BundledCli('/no/such/package', new NodeBinary(null, getenv('BIN'))))->run('make', [], '/', [], null, fn ($text) => null);", 'echo v20.11.1');
  assert.match(said, "fullapi's bundled command line is missing");
  assert.match(said, 'composer reinstall fullapi/laravel-fullapi');
});

test.run();
