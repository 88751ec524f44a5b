import { cpSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyExampleProject, readTree, runCli } from '../support/project-tree.js';
import { repoRoot } from '../support/repo-root.js';

/** --auth (auth in schema files and class_data.json): the files it writes once per run, the package and table it needs. */

interface Report {
  ok: boolean;
  files: { path: string; action: string }[];
  warnings: { code: string; message: string; source?: Record<string, unknown> }[];
  errors: { code: string; message: string; source?: Record<string, unknown> }[];
}

const CONTROLLER = 'app/Http/Controllers/AuthController.php';
const AUTH_TEST = 'tests/Feature/AuthTest.php';
const AUTH_FILES = [CONTROLLER, 'app/Http/Requests/LoginRequest.php', 'app/Http/Requests/RegisterRequest.php', AUTH_TEST];
const TOKENS_MIGRATION = 'database/migrations/2026_01_01_000000_create_personal_access_tokens_table.php';
const read = (project: string, path: string) => readFileSync(join(project, path), 'utf8');

/**
 * The example project with Laravel's own User (which --auth edits and the tests act as), laravel/sanctum in
 * composer.json, and Sanctum's migration when `migrated`.
 */
function project(migrated = true): string {
  const root = copyExampleProject('laravel-12');
  for (const path of ['app/Models/User.php', 'database/factories/UserFactory.php']) {
    cpSync(join(repoRoot(), 'tests/fixtures/existing-user/project', path), join(root, path));
  }
  const composer = JSON.parse(read(root, 'composer.json')) as { require: Record<string, string> };
  composer.require['laravel/sanctum'] = '^4.0';
  writeFileSync(join(root, 'composer.json'), `${JSON.stringify(composer, null, 4)}\n`);
  if (migrated) {
    mkdirSync(join(root, 'database/migrations'), { recursive: true });
    writeFileSync(join(root, TOKENS_MIGRATION), "<?php\n\n// Schema::create('personal_access_tokens', ...)\n");
  }
  return root;
}

async function run(argv: readonly string[], root: string): Promise<{ exitCode: number; report: Report }> {
  const result = await runCli([...argv, '--json'], root);
  return { exitCode: result.exitCode, report: JSON.parse(result.stdout) as Report };
}

test('auth on one entity of a schema file: the auth files once, and only that entity\'s test acts as a user', async () => {
  const root = project();
  writeFileSync(join(root, 'api-schema.yaml'), 'entities:\n  Tag:\n    fields:\n      name: string\n  Post:\n    auth: true\n    fields:\n      title: string\n');
  const { exitCode, report } = await run(['make'], root);
  assert.is(exitCode, 0);
  for (const path of AUTH_FILES) assert.equal(report.files.filter((file) => file.path === path).map((file) => file.action), ['created'], path);
  assert.match(read(root, 'tests/Feature/PostControllerTest.php'), 'Sanctum::actingAs(User::factory()->create());');
  assert.match(read(root, 'tests/Feature/PostControllerTest.php'), 'public function test_index_answers_401_without_a_token(): void');
  assert.not.match(read(root, 'tests/Feature/TagControllerTest.php'), 'Sanctum');
  assert.not.match(read(root, 'tests/Feature/TagControllerTest.php'), 'assertUnauthorized');
});

test('without auth, none of its files', async () => {
  const root = project();
  assert.is((await run(['make', 'Post', '--fields=title:string'], root)).exitCode, 0);
  for (const path of AUTH_FILES) assert.not.ok(existsSync(join(root, path)), path);
});

test('a hand edit of AuthController is kept on the next run, and --force rewrites it', async () => {
  const root = project();
  assert.is((await run(['make', 'Post', '--fields=title:string', '--auth'], root)).exitCode, 0);
  const generated = read(root, CONTROLLER);
  const edited = generated.replace("createToken('api',", "createToken('mobile',");
  writeFileSync(join(root, CONTROLLER), edited);
  const again = await run(['make', 'Post', '--fields=title:string', '--auth'], root);
  assert.is(again.exitCode, 0);
  assert.equal(again.report.warnings.map((warning) => warning.code), ['modified_file_kept']);
  assert.is(read(root, CONTROLLER), edited);
  assert.is((await run(['make', 'Post', '--fields=title:string', '--auth', '--force'], root)).exitCode, 0);
  assert.is(read(root, CONTROLLER), generated);
});

test('--only names the auth files by their artifact: Controller, Request, FeatureTest', async () => {
  const root = project();
  const { report } = await run(['make', 'Post', '--fields=title:string', '--auth', '--only=Controller'], root);
  const written = report.files.map((file) => file.path);
  assert.ok(written.includes(CONTROLLER));
  assert.not.ok(written.includes(AUTH_TEST));
  assert.not.ok(written.includes('app/Http/Requests/LoginRequest.php'));
  const tests = await run(['make', 'Post', '--fields=title:string', '--auth', '--only=FeatureTest'], root);
  assert.ok(tests.report.files.some((file) => file.path === AUTH_TEST));
});

test('without a personal_access_tokens migration: a tokens_table_missing warning at the flag naming the commands; the files are written', async () => {
  const root = project(false);
  const { exitCode, report } = await run(['make', 'Post', '--fields=title:string', '--auth'], root);
  assert.is(exitCode, 0);
  assert.equal(report.warnings.map((warning) => [warning.code, warning.source]), [['tokens_table_missing', { flag: '--auth' }]]);
  assert.ok(existsSync(join(root, CONTROLLER)));
  const text = await runCli(['make', 'Post', '--fields=title:string', '--auth'], root);
  assert.match(text.stderr, 'php artisan vendor:publish --tag=sanctum-migrations');
  assert.match(text.stderr, 'php artisan install:api');
});

test('without laravel/sanctum: package_missing at the flag, naming both install commands; nothing written', async () => {
  const root = copyExampleProject('laravel-12');
  const before = readTree(root);
  const { exitCode, report } = await run(['make', 'Post', '--fields=title:string', '--auth'], root);
  assert.is(exitCode, 1);
  assert.equal(report.errors.map((error) => [error.code, error.source]), [['package_missing', { flag: '--auth' }]]);
  assert.match(report.errors[0]?.message ?? '', 'composer require laravel/sanctum, then php artisan install:api');
  assert.equal(readTree(root), before);
});

test('an entity named Auth, which would write AuthController, is refused at its place in the schema; nothing written', async () => {
  const root = project();
  writeFileSync(join(root, 'api-schema.yaml'), 'entities:\n  Post:\n    auth: true\n    fields:\n      title: string\n  Auth:\n    fields:\n      name: string\n');
  const before = readTree(root);
  const { exitCode, report } = await run(['make'], root);
  assert.is(exitCode, 1);
  assert.equal(report.errors.map((error) => [error.code, error.source?.['file'], error.source?.['line']]), [['auth_file_clash', 'api-schema.yaml', 6]]);
  assert.equal(readTree(root), before);
});

test('a User fullapi would generate itself (the project has no User model) is refused with --auth; nothing written', async () => {
  const root = project();
  rmSync(join(root, 'app/Models/User.php'));
  writeFileSync(join(root, 'api-schema.yaml'), 'entities:\n  User:\n    auth: true\n    fields:\n      name: string\n');
  const before = readTree(root);
  const { exitCode, report } = await run(['make'], root);
  assert.is(exitCode, 1);
  assert.equal(report.errors.map((error) => [error.code, error.source?.['file'], error.source?.['line']]), [['user_model_missing', 'api-schema.yaml', 2]]);
  assert.equal(readTree(root), before);
});

test('a published controller.auth stub is what AuthController is rendered from', async () => {
  const root = project();
  assert.is((await runCli(['publish', 'stubs', 'controller.auth'], root)).exitCode, 0);
  const stub = join(root, 'stubs/vendor/fullapi/controller.auth.stub');
  writeFileSync(stub, read(root, 'stubs/vendor/fullapi/controller.auth.stub').replace("createToken('api',", "createToken('published',"));
  assert.is((await run(['make', 'Post', '--fields=title:string', '--auth'], root)).exitCode, 0);
  assert.match(read(root, CONTROLLER), "createToken('published',");
});

test('the record keeps auth: make Post alone, from class_data.json, writes the auth files again', async () => {
  const root = project();
  assert.is((await run(['make', 'Post', '--fields=title:string', '--auth'], root)).exitCode, 0);
  assert.match(read(root, 'class_data.json'), '"auth": true');
  writeFileSync(join(root, CONTROLLER), '<?php\n');
  assert.is((await run(['make', 'Post', '--force'], root)).exitCode, 0);
  assert.match(read(root, CONTROLLER), 'class AuthController extends Controller');
});

test.run();
