import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyExampleProject, readTree, runCli } from '../support/project-tree.js';

/** --query-builder (query_builder in schema files, queryBuilder in class_data.json): the package it needs, the record that keeps it. */

interface Report {
  ok: boolean;
  errors: { code: string; message: string; source?: Record<string, unknown> }[];
}

const SERVICE = 'app/Services/PostService.php';
const read = (project: string, path: string) => readFileSync(join(project, path), 'utf8');

/** The example project, its composer.json requiring spatie/laravel-query-builder when `installed`. */
function project(installed: boolean): string {
  const root = copyExampleProject('laravel-12');
  if (installed) requirePackage(root, true);
  return root;
}

function requirePackage(root: string, required: boolean): void {
  const composer = JSON.parse(read(root, 'composer.json')) as { require: Record<string, string> };
  if (required) composer.require['spatie/laravel-query-builder'] = '^6.4';
  else delete composer.require['spatie/laravel-query-builder'];
  writeFileSync(join(root, 'composer.json'), `${JSON.stringify(composer, null, 4)}\n`);
}

async function failedRun(argv: readonly string[], root: string): Promise<{ exitCode: number; report: Report }> {
  const run = await runCli([...argv, '--json'], root);
  return { exitCode: run.exitCode, report: JSON.parse(run.stdout) as Report };
}

test('--query-builder without the package in composer.json: package_missing at the flag, naming the install command; exit 1, nothing written', async () => {
  const root = project(false);
  const before = readTree(root);
  const { exitCode, report } = await failedRun(['make', 'Post', '--fields=title:string', '--query-builder'], root);
  assert.is(exitCode, 1);
  assert.equal(report.errors.map((error) => [error.code, error.source]), [['package_missing', { flag: '--query-builder' }]]);
  assert.match(report.errors[0]?.message ?? '', 'install it with composer require spatie/laravel-query-builder');
  assert.equal(readTree(root), before);
});

test('query_builder in a schema file without the package: one package_missing, at the first entity that asks for it; nothing written', async () => {
  const root = project(false);
  writeFileSync(join(root, 'api-schema.yaml'), 'entities:\n  Tag:\n    fields:\n      name: string\n  Post:\n    query_builder: true\n    fields:\n      title: string\n');
  const before = readTree(root);
  const { exitCode, report } = await failedRun(['make'], root);
  assert.is(exitCode, 1);
  assert.equal(report.errors.map((error) => [error.code, error.source?.['file'], error.source?.['line']]), [['package_missing', 'api-schema.yaml', 5]]);
  assert.equal(readTree(root), before);
});

test('with the package, only the entities asking for it get the package\'s index', async () => {
  const root = project(true);
  writeFileSync(join(root, 'api-schema.yaml'), 'entities:\n  Tag:\n    fields:\n      name: string\n  Post:\n    query_builder: true\n    fields:\n      title: string\n');
  assert.is((await runCli(['make'], root)).exitCode, 0);
  assert.match(read(root, SERVICE), "AllowedFilter::exact('title'),");
  assert.not.match(read(root, 'app/Services/TagService.php'), 'Spatie\\QueryBuilder');
});

test('the record keeps the option: a plain regeneration writes the same index, and refuses once the package is gone', async () => {
  const root = project(true);
  assert.is((await runCli(['make', 'Post', '--fields=title:string', '--query-builder'], root)).exitCode, 0);
  const service = read(root, SERVICE);
  assert.match(service, 'QueryBuilder::for(Post::query()');
  const recorded = JSON.parse(read(root, 'class_data.json')) as { name: string; queryBuilder?: boolean }[];
  assert.equal(recorded.map((entry) => [entry.name, entry.queryBuilder]), [['Post', true]]);

  assert.is((await runCli(['make', 'Post'], root)).exitCode, 0);
  assert.is(read(root, SERVICE), service, 'regenerated from the record, the index still uses the package');

  requirePackage(root, false);
  const before = readTree(root);
  const { exitCode, report } = await failedRun(['make', 'Post'], root);
  assert.is(exitCode, 1);
  // The record's option has no place of its own: the error points at the entity named on the command line.
  assert.equal(report.errors.map((error) => [error.code, error.source]), [['package_missing', { flag: '<entity>' }]]);
  assert.match(report.errors[0]?.message ?? '', 'Post asks for --query-builder');
  assert.equal(readTree(root), before);
});

test.run();
