import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { defineApiRateLimiter } from '../../src/emit/laravel/edits/rate-limiter.js';
import { runMake } from '../../src/pipeline/make/make.js';
import { nodeFs, type ProjectFs } from '../../src/project/fs/project-fs.js';
import { copyExampleProject, FIXED_NOW, readTree, runCli } from '../support/project-tree.js';

const POST = ['make', 'Post', '--fields=title:string,status:enum(draft,published)'];

interface Report {
  ok: boolean;
  files: { path: string; action: string }[];
  warnings: { code: string; path?: string }[];
  errors: { code: string; source?: Record<string, unknown> }[];
}

async function jsonRun(argv: readonly string[], project: string, now = FIXED_NOW): Promise<Report> {
  const run = await runCli([...argv, '--json'], project, now);
  return JSON.parse(run.stdout) as Report;
}

const actionOf = (report: Report, path: string) => report.files.find((file) => file.path === path)?.action;

test('--dry-run reports what would be created and writes nothing', async () => {
  const project = copyExampleProject('laravel-12');
  const before = readTree(project);
  const report = await jsonRun([...POST, '--dry-run'], project);
  assert.ok(report.ok);
  assert.is(actionOf(report, 'app/Models/Post.php'), 'created');
  assert.is(actionOf(report, 'routes/api.php'), 'created');
  assert.is(actionOf(report, 'bootstrap/app.php'), 'updated');
  assert.equal(readTree(project), before);
});

test('--dry-run --diff prints a diff of each changed file', async () => {
  const project = copyExampleProject('laravel-12');
  const run = await runCli([...POST, '--dry-run', '--diff'], project);
  assert.is(run.exitCode, 0);
  assert.match(run.stdout, "+++ b/database/seeders/DatabaseSeeder.php");
  assert.match(run.stdout, '+        $this->call(PostSeeder::class);');
  assert.match(run.stdout, 'Dry run, nothing written');
});

test('a hand edit is kept with modified_file_kept, and --force rewrites it', async () => {
  const project = copyExampleProject('laravel-12');
  await jsonRun(POST, project);
  const model = join(project, 'app/Models/Post.php');
  const generated = readFileSync(model, 'utf8');
  const edited = generated.replace('use HasFactory;', 'use HasFactory;\n\n    // my own edit');
  writeFileSync(model, edited);

  const kept = await jsonRun(POST, project);
  assert.ok(kept.ok);
  assert.is(actionOf(kept, 'app/Models/Post.php'), 'kept');
  assert.equal(kept.warnings.map((w) => [w.code, w.path]), [['modified_file_kept', 'app/Models/Post.php']]);
  assert.is(readFileSync(model, 'utf8'), edited);

  const again = await jsonRun(POST, project);
  assert.is(actionOf(again, 'app/Models/Post.php'), 'kept', 'the edit stays an edit on later runs');

  const forced = await jsonRun([...POST, '--force'], project);
  assert.is(actionOf(forced, 'app/Models/Post.php'), 'updated');
  assert.is(readFileSync(model, 'utf8'), generated);
  assert.is(actionOf(await jsonRun(POST, project), 'app/Models/Post.php'), 'unchanged');
});

test('a 3.x enum named after the field alone stays, and legacy_enum names it', async () => {
  const project = copyExampleProject('laravel-12');
  mkdirSync(join(project, 'app/Enums'), { recursive: true });
  const legacy = "<?php\n\nnamespace App\\Enums;\n\nenum Status: string\n{\n    case Draft = 'draft';\n}\n";
  writeFileSync(join(project, 'app/Enums/Status.php'), legacy);
  const report = await jsonRun(POST, project);
  assert.ok(report.ok);
  assert.equal(report.warnings.map((w) => [w.code, w.path]), [['legacy_enum', 'app/Enums/Status.php']]);
  assert.is(readFileSync(join(project, 'app/Enums/Status.php'), 'utf8'), legacy);
  assert.is(actionOf(report, 'app/Enums/PostStatus.php'), 'created');
});

test('a 3.x PostRequest stays, and legacy_request names it', async () => {
  const project = copyExampleProject('laravel-12');
  mkdirSync(join(project, 'app/Http/Requests'), { recursive: true });
  writeFileSync(join(project, 'app/Http/Requests/PostRequest.php'), '<?php\n');
  const report = await jsonRun(POST, project);
  assert.ok(report.ok);
  assert.equal(report.warnings.map((w) => [w.code, w.path]), [['legacy_request', 'app/Http/Requests/PostRequest.php']]);
  assert.ok(readTree(project).has('app/Http/Requests/PostRequest.php'));
});

test('--only rewrites the listed artifacts and leaves migration, route and seeder registration alone', async () => {
  const project = copyExampleProject('laravel-12');
  await jsonRun(POST, project);
  const before = readTree(project);
  const report = await jsonRun(['make', 'Post', '--fields=title:string,status:enum(draft,published),body:text', '--only=Model,Factory'], project);
  assert.ok(report.ok);
  const changed = report.files.filter((file) => file.action !== 'unchanged').map((file) => file.path);
  assert.equal(changed.sort(), ['.fullapi/manifest.json', 'app/Models/Post.php', 'class_data.json', 'database/factories/PostFactory.php']);
  const after = readTree(project);
  for (const path of ['routes/api.php', 'database/seeders/DatabaseSeeder.php', 'database/seeders/PostSeeder.php']) {
    assert.is(after.get(path), before.get(path), path);
  }
  assert.ok([...after.keys()].filter((path) => path.startsWith('database/migrations/') && path.endsWith('.php')).every((path) => before.has(path)));
});

test('regenerating on a later day reuses the migration of the table', async () => {
  const project = copyExampleProject('laravel-12');
  await jsonRun(POST, project);
  await jsonRun(['make', 'Post', '--fields=title:string,body:text'], project, new Date('2026-03-04T05:06:07Z'));
  const migrations = readdirSync(join(project, 'database/migrations')).filter((name) => name.endsWith('.php'));
  assert.equal(migrations, ['2026_01_02_030405_create_posts_table.php']);
  assert.match(readFileSync(join(project, 'database/migrations', migrations[0] ?? ''), 'utf8'), "$table->text('body');");
});

test('a failure in the middle of writing leaves the project byte-identical', () => {
  const project = copyExampleProject('laravel-12');
  const before = readTree(project);
  let renames = 0;
  const failingFs: ProjectFs = {
    ...nodeFs,
    rename: (from, to) => {
      renames++;
      if (renames === 4) throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
      nodeFs.rename(from, to);
    },
  };
  const outcome = runMake(
    {
      input: { kind: 'fields', entity: 'Post', fields: 'title:string', softDeletes: false },
      frontEnds: {},
      force: false,
      dryRun: false,
      projectRoot: project,
      cwd: project,
      readStdin: () => '',
      now: FIXED_NOW,
    },
    failingFs,
  );
  assert.not.ok(outcome.ok);
  assert.equal(outcome.diagnostics.map((d) => d.code), ['write_failed']);
  assert.equal(outcome.changes, [], 'no file is reported as written');
  assert.equal(readTree(project), before);
});

test('a write the disk refuses: no file listed as created, write_failed, nothing written', async () => {
  const project = copyExampleProject('laravel-12');
  // A file where the services folder should be: every planned file but the service could be written.
  writeFileSync(join(project, 'app/Services'), '');
  const before = readTree(project);
  const run = await runCli(POST, project);
  assert.is(run.exitCode, 1);
  assert.is(run.stdout, '');
  assert.match(run.stderr, /^error\[write_failed\] Could not write app\/Services\/PostService\.php: ENOTDIR.*No file was changed\.\n$/s);
  const report = await jsonRun(POST, project);
  assert.equal([report.ok, report.files, report.errors.map((e) => e.code)], [false, [], ['write_failed']]);
  assert.equal(readTree(project), before);
});

test('bad input: every error with its position, exit 1, nothing written', async () => {
  const project = copyExampleProject('laravel-12');
  const before = readTree(project);
  const run = await runCli(['make', 'Post', '--fields=title:strin,provided:text', '--only=Model,Modle'], project);
  assert.is(run.exitCode, 1);
  assert.match(run.stderr, 'error[unknown_field_type] --fields, column 7: unknown type "strin"; did you mean "string"?');
  assert.match(run.stderr, '    title:strin,provided:text\n          ^^^^^');
  assert.match(run.stderr, 'error[reserved_field]');
  assert.match(run.stderr, 'error[unknown_artifact] --only, column 7');
  assert.match(run.stderr, 'Nothing was written.');
  assert.equal(readTree(project), before);
});

test('--pest without pestphp/pest in composer.json: the commands that install it, at the flag as typed; nothing written', async () => {
  const project = copyExampleProject('laravel-12');
  const before = readTree(project);
  const run = await runCli(['make', 'Post', '--fields=title:string', '--pest'], project);
  assert.is(run.exitCode, 1);
  assert.match(run.stderr, 'error[package_missing] --pest: Post asks for --pest, whose code uses pestphp/pest, which composer.json does not require');
  const spelledOut = await runCli(['make', 'Post', '--fields=title:string', '--expressive-tests'], project);
  assert.match(spelledOut.stderr, 'error[package_missing] --expressive-tests: Post asks for --expressive-tests,');
  assert.match(run.stderr, 'composer require pestphp/pest --dev --with-all-dependencies, then ./vendor/bin/pest --init');
  assert.equal(readTree(project), before);
});

test("a schema's pest: true without pestphp/pest: the error points at the entity; with it in require-dev, Pest tests and tests/Pest.php", async () => {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'api-schema.yaml'), 'options:\n  pest: true\nentities:\n  Post:\n    fields:\n      title: string\n');
  const refused = await runCli(['make'], project);
  assert.is(refused.exitCode, 1);
  assert.match(refused.stderr, /error\[package_missing\] api-schema\.yaml:4:\d+: Post asks for --expressive-tests, whose code uses pestphp\/pest/);
  const composer = JSON.parse(readFileSync(join(project, 'composer.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(project, 'composer.json'), JSON.stringify({ ...composer, 'require-dev': { 'pestphp/pest': '^3.8' } }, null, 4));
  const made = await runCli(['make'], project);
  assert.is(made.exitCode, 0, made.stderr);
  assert.match(readFileSync(join(project, 'tests/Feature/PostControllerTest.php'), 'utf8'), "it('creates a row', function () {");
  assert.match(readFileSync(join(project, 'tests/Pest.php'), 'utf8'), "->in('Feature', 'Unit');");
});

test('--json on failure prints only the JSON document', async () => {
  const project = copyExampleProject('laravel-12');
  const run = await runCli(['make', '123Post', '--fields=title:string', '--json'], project);
  assert.is(run.exitCode, 1);
  assert.is(run.stderr, '');
  const report = JSON.parse(run.stdout) as Report;
  assert.equal(report.errors.map((e) => [e.code, e.source]), [['invalid_entity_name', { flag: '<entity>' }]]);
  assert.equal(report.files, []);
});

const MORPH_SCHEMA = `entities:
  Post:
    fields:
      title: string
    relations:
      comments: morphMany Comment
  Comment:
    fields:
      body: text
    relations:
      commentable: morphTo
`;
const PROVIDER = 'app/Providers/AppServiceProvider.php';

test("a morph alias the provider gives another class: the run goes through, the user's map stays, morph_alias_taken says where", async () => {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'api-schema.yaml'), MORPH_SCHEMA);
  const provider = join(project, PROVIDER);
  const theirs = readFileSync(provider, 'utf8')
    .replace('use Illuminate\\Support\\ServiceProvider;', 'use App\\Models\\Article;\nuse Illuminate\\Database\\Eloquent\\Relations\\Relation;\nuse Illuminate\\Support\\ServiceProvider;')
    .replace("    public function boot(): void\n    {\n        //\n", "    public function boot(): void\n    {\n        Relation::morphMap(['post' => Article::class]);\n");
  writeFileSync(provider, theirs);
  const run = await runCli(['make'], project);
  assert.is(run.exitCode, 0, run.stderr);
  // Where the map stands in the file as written: after the imports of the api rate limiter.
  assert.match(run.stdout + run.stderr, `warning[morph_alias_taken] ${PROVIDER}:27:29`);
  const limited = defineApiRateLimiter(theirs);
  assert.ok(limited.ok);
  assert.is(readFileSync(provider, 'utf8'), limited.content);
  const again = await jsonRun(['make'], project);
  assert.equal(again.warnings.map((w) => w.code), ['morph_alias_taken'], 'said again on every run');
});

test('a project without the provider gets nothing written, and an error naming the file', async () => {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'api-schema.yaml'), MORPH_SCHEMA);
  rmSync(join(project, PROVIDER));
  const before = readTree(project);
  const report = await jsonRun(['make'], project);
  assert.not.ok(report.ok);
  assert.equal(report.errors.map((e) => [e.code, e.source]), [['unexpected_php_shape', { file: PROVIDER }]]);
  assert.equal(readTree(project), before);
});

test('a folder that is not a Laravel project is an error', async () => {
  const project = copyExampleProject('laravel-12');
  const report = await jsonRun([...POST, '--project', join(project, 'routes')], project);
  assert.equal(report.errors.map((e) => e.code), ['not_a_laravel_project']);
});

test('--project at a folder that does not exist says so, at the flag', async () => {
  const project = copyExampleProject('laravel-12');
  const run = await runCli([...POST, '--project', 'nowhere'], project);
  assert.is(run.exitCode, 1);
  assert.match(run.stderr, `error[not_a_laravel_project] --project: the folder ${join(project, 'nowhere')} does not exist`);
  assert.not.match(run.stderr, 'artisan');
  // With no entity named, the schema file would be looked for in that folder: the missing folder is the one error.
  const bare = await runCli(['make', '--project', 'nowhere', '--json'], project);
  assert.is(bare.exitCode, 1);
  assert.equal((JSON.parse(bare.stdout) as Report).errors.map((e) => e.code), ['not_a_laravel_project']);
});

test('a garbage composer.lock is an error at the line and column of the garbage', async () => {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'composer.lock'), '{\n  "packages": [\n    garbage\n  ]\n}\n');
  const run = await runCli(POST, project);
  assert.is(run.exitCode, 1);
  assert.match(run.stderr, 'error[unreadable_project_file] composer.lock:3:5: composer.lock is not valid JSON: expected a value, found "g"');
});

test('a CRLF DatabaseSeeder gets the seeder once and stays CRLF', async () => {
  const project = copyExampleProject('laravel-12');
  const seeder = join(project, 'database/seeders/DatabaseSeeder.php');
  writeFileSync(seeder, readFileSync(seeder, 'utf8').replace(/\n/g, '\r\n'));
  await jsonRun(POST, project);
  await jsonRun(POST, project);
  const content = readFileSync(seeder, 'utf8');
  assert.is(content.split('PostSeeder::class').length, 2);
  assert.not.match(content.replace(/\r\n/g, ''), '\n');
});

test('app/Models linked to a folder outside the project: exit 1, nothing written inside or outside, the link named', async () => {
  const project = copyExampleProject('laravel-12');
  const outside = mkdtempSync(join(tmpdir(), 'fullapi-outside-'));
  try {
    rmSync(join(project, 'app/Models'), { recursive: true });
    symlinkSync(outside, join(project, 'app/Models'));
    const before = readTree(project);
    const run = await runCli(['make', 'Post', '--fields=title:string'], project);
    assert.is(run.exitCode, 1);
    assert.match(run.stderr, `error[path_outside_project] app/Models is a symbolic link to ${realpathSync(outside)}, outside the project`);
    assert.match(run.stderr, 'Nothing was written.');
    assert.equal(readTree(project), before);
    assert.equal(readdirSync(outside), []);
  } finally {
    rmSync(project, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  }
});

test('an edited file keeps its mode: a 0600 bootstrap/app.php stays 0600', async () => {
  const project = copyExampleProject('laravel-12');
  try {
    chmodSync(join(project, 'bootstrap/app.php'), 0o600);
    const report = await jsonRun(POST, project);
    assert.is(actionOf(report, 'bootstrap/app.php'), 'updated');
    assert.is((statSync(join(project, 'bootstrap/app.php')).mode & 0o777).toString(8), '600');
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test('unknown options and commands are usage errors (exit 2), naming the option', async () => {
  const project = copyExampleProject('laravel-12');
  const misspelt = await runCli([...POST, '--feilds=x'], project);
  assert.is(misspelt.exitCode, 2);
  assert.match(misspelt.stderr, 'Unknown option `--feilds`');
  const bogus = await runCli([...POST, '--bogus'], project);
  assert.is(bogus.exitCode, 2);
  assert.match(bogus.stderr, 'Unknown option `--bogus`');
  assert.is((await runCli(['frobnicate'], project)).exitCode, 2);
  assert.is((await runCli(['make:fullapi', 'Post', '--fields=title:string', '--json'], project)).exitCode, 0);
});

test('an empty --fields, written either way, is the documented empty_fields error, not a field named "0"', async () => {
  const project = copyExampleProject('laravel-12');
  const before = readTree(project);
  for (const fields of [['--fields='], ['--fields', '']]) {
    const run = await runCli(['make', 'Post', ...fields, '--json'], project);
    assert.is(run.exitCode, 1, fields.join(' '));
    assert.equal((JSON.parse(run.stdout) as Report).errors.map((e) => e.code), ['empty_fields'], fields.join(' '));
  }
  assert.equal(readTree(project), before);
  assert.is((await runCli(['make', 'Post', '--fields'], project)).exitCode, 2, '--fields with no value at all is a misused command line');
});

test('option values that look like numbers stay text: --project 12 is the folder named 12', async () => {
  const parent = mkdtempSync(join(tmpdir(), 'fullapi-numeric-'));
  try {
    cpSync(copyExampleProject('laravel-12'), join(parent, '12'), { recursive: true });
    const report = JSON.parse((await runCli(['make', 'Post', '--fields', 'title:string', '--project', '12', '--dry-run', '--json'], parent)).stdout) as Report;
    assert.ok(report.ok, JSON.stringify(report.errors));
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
});

test.run();
