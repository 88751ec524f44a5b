import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyExampleProject, runCli } from '../support/project-tree.js';

/** `--json-api` and `json_api` against the Laravel version installed in vendor/ or recorded in composer.lock. */

function lockedTo(project: string, version: string): string {
  writeFileSync(join(project, 'composer.lock'), JSON.stringify({ packages: [{ name: 'laravel/framework', version }] }));
  return project;
}

/** What `composer install` leaves where Composer writes no composer.lock, cut down to what is read. */
function installedAt(project: string, version: string): string {
  mkdirSync(join(project, 'vendor', 'composer'), { recursive: true });
  writeFileSync(join(project, 'vendor', 'composer', 'installed.json'), JSON.stringify({ packages: [{ name: 'laravel/framework', version }], dev: true, 'dev-package-names': [] }));
  return project;
}

const resource = (project: string): string => readFileSync(join(project, 'app/Http/Resources/PostResource.php'), 'utf8');
const recorded = (project: string): unknown => (JSON.parse(readFileSync(join(project, 'class_data.json'), 'utf8')) as { jsonApi?: boolean }[])[0]?.jsonApi;

test('below 12.45: json_api_unavailable at the flag, a standard resource, the option recorded; after the upgrade a plain make writes the JSON:API one', async () => {
  const project = lockedTo(copyExampleProject('laravel-12'), 'v12.44.0');
  const old = await runCli(['make', 'Post', '--fields=title:string', '--json-api'], project);
  assert.is(old.exitCode, 0, old.stderr);
  assert.match(old.stderr, 'warning[json_api_unavailable] --json-api: Every entity gets a standard resource: JsonApiResource needs Laravel 12.45 or later, and the project has laravel/framework v12.44.0.');
  assert.match(resource(project), 'class PostResource extends JsonResource');
  assert.is(recorded(project), true);

  lockedTo(project, 'v12.45.1');
  const upgraded = await runCli(['make', 'Post'], project);
  assert.is(upgraded.exitCode, 0, upgraded.stderr);
  assert.not.match(upgraded.stderr, 'json_api_unavailable');
  assert.match(resource(project), 'class PostResource extends JsonApiResource');
  assert.is(recorded(project), true);
});

test('a Laravel 12.72 installed without composer.lock: the version of vendor/composer/installed.json gives the JSON:API resource', async () => {
  const project = installedAt(copyExampleProject('laravel-12'), 'v12.72.0');
  const run = await runCli(['make', 'Post', '--fields=title:string', '--json-api'], project);
  assert.is(run.exitCode, 0, run.stderr);
  assert.not.match(run.stderr, 'json_api_unavailable');
  assert.match(resource(project), 'class PostResource extends JsonApiResource');
});

test('json_api in a schema file on a Laravel 12 of unknown version: the warning at the entity that asks', async () => {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'api-schema.yaml'), ['entities:', '  Post:', '    json_api: true', '    fields:', '      title: string', '  Tag:', '    fields:', '      name: string', ''].join('\n'));
  const run = await runCli(['make'], project);
  assert.is(run.exitCode, 0, run.stderr);
  assert.match(run.stderr, 'warning[json_api_unavailable] api-schema.yaml:2:3: Post gets a standard resource');
  assert.match(run.stderr, 'Laravel 12 (neither vendor/composer/installed.json nor composer.lock records its version)');
  assert.is((run.stderr.match(/json_api_unavailable/g) ?? []).length, 1);
});

test('on Laravel 13 the flag generates the JSON:API resource without a warning', async () => {
  const project = copyExampleProject('laravel-13');
  const run = await runCli(['make', 'Post', '--fields=title:string', '--json-api'], project);
  assert.is(run.exitCode, 0, run.stderr);
  assert.is(run.stderr, '');
  assert.match(resource(project), 'class PostResource extends JsonApiResource');
});

test("with --client-collection, the collection's Create keeps the key a JSON:API answer holds: data.id, not the key column", async () => {
  const project = lockedTo(copyExampleProject('laravel-12'), 'v12.72.0');
  const made = await runCli(['make', 'Post', '--fields=code:string:primary,title:string', '--json-api', '--client-collection'], project);
  assert.is(made.exitCode, 0, made.stderr);
  const collection = JSON.parse(readFileSync(join(project, 'postman_collection.json'), 'utf8')) as { item: { item: { name: string; event: { script: { exec: string[] } }[] }[] }[] };
  const create = collection.item[0]?.item.find((request) => request.name === 'Create');
  assert.ok(create?.event[0]?.script.exec.includes(`pm.collectionVariables.set('post_key', pm.response.json().data["id"]);`), JSON.stringify(create));
});

test.run();
