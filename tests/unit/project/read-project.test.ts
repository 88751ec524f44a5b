import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readProject } from '../../../src/project/read/read-project.js';
import { nodeFs } from '../../../src/project/fs/project-fs.js';
import { findPackageRoot } from '../../../src/project/fs/package-root.js';
import { fixturePackageRoot, laravelFiles, laravelProject } from './laravel-fixture.js';
import { temporaryTree } from './tree.js';

test('a snapshot of a fresh project: facts, empty manifest, built-in stubs', () => {
  const root = laravelProject();
  const { snapshot, diagnostics } = readProject(root, nodeFs, { packageRoot: fixturePackageRoot() });
  assert.equal(diagnostics, []);
  assert.is(snapshot?.root, root);
  assert.equal(snapshot?.facts, { framework: 12, frameworkVersion: 'v12.40.1', perPage: 15, maxPerPage: 100, composerPackages: ['laravel/framework', 'php'] });
  assert.equal(snapshot?.manifest.files, new Map());
  assert.equal(snapshot?.existingMigrations, []);
  assert.is(snapshot?.stubs.model, 'built-in model\n');
  assert.equal(snapshot?.overriddenStubs, []);
});

test('migrations are listed sorted, .php only; config and published stubs are read', () => {
  const root = laravelProject({
    'database/migrations/2025_02_01_000000_create_posts_table.php': '<?php\n',
    'database/migrations/0001_01_01_000000_create_users_table.php': '<?php\n',
    'database/migrations/.gitkeep': '',
    'config/api-generator.php': "<?php\nreturn ['per_page' => 30];\n",
    'stubs/vendor/fullapi/model.stub': 'my model\n',
    'stubs/vendor/fullapi/enum.stub': 'my enum\n',
  });
  const { snapshot, diagnostics } = readProject(root, nodeFs, { packageRoot: fixturePackageRoot() });
  assert.equal(diagnostics, []);
  assert.equal(snapshot?.existingMigrations, [
    '0001_01_01_000000_create_users_table.php',
    '2025_02_01_000000_create_posts_table.php',
  ]);
  assert.is(snapshot?.facts.perPage, 30);
  assert.is(snapshot?.stubs.model, 'my model\n');
  assert.is(snapshot?.stubs.seeder, 'built-in seeder\n');
  assert.equal(snapshot?.overriddenStubs, ['enum', 'model']);
});

test('problems in several files are reported together, and no snapshot', () => {
  const root = laravelProject({
    'config/api-generator.php': "<?php\nreturn ['per_page' => 'many'];\n",
    '.fullapi/manifest.json': '{',
  });
  const { snapshot, diagnostics } = readProject(root, nodeFs, { packageRoot: fixturePackageRoot() });
  assert.is(snapshot, undefined);
  assert.equal(diagnostics.map((d) => d.code).sort(), ['invalid_config', 'invalid_manifest']);
});

test('not a Laravel project stops there', () => {
  const root = temporaryTree({ 'README.md': 'hello' });
  const { snapshot, diagnostics } = readProject(root, nodeFs, { packageRoot: fixturePackageRoot() });
  assert.is(snapshot, undefined);
  assert.equal(diagnostics.map((d) => d.code), ['not_a_laravel_project']);
});

test('the assumed-version warning travels with a snapshot', () => {
  const root = temporaryTree({ artisan: laravelFiles().artisan ?? '' });
  const { snapshot, diagnostics } = readProject(root, nodeFs, { packageRoot: fixturePackageRoot() });
  assert.is(snapshot?.facts.framework, 12);
  assert.equal(diagnostics.map((d) => d.code), ['framework_version_assumed']);
});

test('a missing built-in stub is an internal error', () => {
  const packageRoot = temporaryTree({ 'package.json': '{"name":"laravel-fullapi"}' });
  const { snapshot, diagnostics } = readProject(laravelProject(), nodeFs, { packageRoot });
  assert.is(snapshot, undefined);
  assert.ok(diagnostics.length > 0 && diagnostics.every((d) => d.code === 'internal_error'));
});

test("fullapi's package root is found by walking up from the module", () => {
  // Run from tests/ via tsx or from dist/tests/ compiled: either way the package root holds this file.
  const packageRoot = findPackageRoot(nodeFs) ?? '';
  assert.is(JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')).name, 'laravel-fullapi');
  assert.ok(fileURLToPath(import.meta.url).startsWith(packageRoot + sep));
  const nested = temporaryTree({ 'package.json': '{"name":"laravel-fullapi"}', 'dist/src/project/.keep': '' });
  assert.is(findPackageRoot(nodeFs, join(nested, 'dist', 'src', 'project')), nested);
});

test.run();
