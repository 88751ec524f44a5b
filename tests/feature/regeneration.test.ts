import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { basesInPack, packsIn } from '../support/base-store.js';
import { changedFiles, copyExampleProject, readTree, runCli } from '../support/project-tree.js';

/** Regenerations never drop anything quietly: from the record, with warnings for what goes, and kept files that fall behind. */

interface Report {
  ok: boolean;
  files: { path: string; action: string }[];
  warnings: { code: string; message: string; path?: string; source?: Record<string, unknown> }[];
  errors: { code: string; message: string; source?: Record<string, unknown> }[];
}

async function jsonRun(argv: readonly string[], project: string): Promise<Report> {
  return JSON.parse((await runCli([...argv, '--json'], project)).stdout) as Report;
}

const SCHEMA = `entities:
  Category:
    fields:
      name: string unique
    relations:
      posts: hasMany Post
  Post:
    soft_deletes: true
    fields:
      title: string
      views: integer
    relations:
      tags: belongsToMany Tag
  Tag:
    fields:
      name: string
`;

/** A project generated from SCHEMA, whose schema file is then gone: class_data.json is all that describes it. */
async function recordedProject(): Promise<string> {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'api-schema.yaml'), SCHEMA);
  assert.is((await runCli(['make'], project)).exitCode, 0);
  rmSync(join(project, 'api-schema.yaml'));
  return project;
}

const read = (project: string, path: string) => readFileSync(join(project, path), 'utf8');
const codesOf = (report: Report) => report.warnings.map((warning) => warning.code);

test('make Tag --soft-deletes regenerates Tag from the record: its fields and relations stay, soft deletes come, nothing else is generated', async () => {
  const project = await recordedProject();
  const before = readTree(project);
  const report = await jsonRun(['make', 'Tag', '--soft-deletes'], project);
  assert.ok(report.ok, JSON.stringify(report.errors));
  assert.equal(report.warnings, []);
  const model = read(project, 'app/Models/Tag.php');
  assert.match(model, "'name',");
  assert.match(model, 'use HasFactory, SoftDeletes;');
  assert.match(model, 'public function posts(): BelongsToMany');
  const migration = [...readTree(project).keys()].find((path) => path.startsWith('database/') && path.endsWith('_create_tags_table.php')) ?? '';
  assert.match(read(project, migration), "$table->string('name');");
  assert.match(read(project, migration), '$table->softDeletes();');
  const written = changedFiles(before, readTree(project));
  const changed = [...written.keys()].filter((path) => !path.startsWith('.fullapi/base/'));
  assert.ok(
    changed.every((path) => path.includes('Tag') || path.includes('_tags_') || ['routes/api.php', 'class_data.json', '.fullapi/manifest.json'].includes(path)),
    changed.join(', '),
  );
  const [pack, ...others] = packsIn(written);
  assert.equal(others, [], 'one pack of bases');
  const packed = [...basesInPack(written.get(`.fullapi/base/${pack}.pack`) ?? '').keys()];
  assert.ok(packed.every((path) => path.includes('Tag') || path.includes('_tags_')), packed.join(', '));
  const tag = (JSON.parse(read(project, 'class_data.json')) as { name: string; attributes: unknown; softDeletes?: boolean }[]).find((entry) => entry.name === 'Tag');
  assert.equal(tag?.attributes, [{ name: 'name', _type: 'string' }]);
  assert.is(tag?.softDeletes, true);
});

test('make Post from the record keeps the relations others declare (its category_id), and says its soft deletes go without --soft-deletes', async () => {
  const project = await recordedProject();
  const unchanged = await jsonRun(['make', 'Post', '--soft-deletes'], project);
  assert.ok(unchanged.ok);
  assert.equal(unchanged.files.filter((file) => file.action !== 'unchanged'), [], 'as the schema file made it, byte for byte');
  assert.equal(unchanged.warnings, []);

  const report = await jsonRun(['make', 'Post', '--dry-run'], project);
  assert.ok(report.ok);
  assert.equal(report.warnings.map((warning) => [warning.code, warning.source]), [['soft_deletes_removed', { flag: '<entity>' }]]);
  assert.match(read(project, 'app/Models/Post.php'), 'public function category(): BelongsTo');
});

test('a new entity without --fields is an error saying how to give them, with or without a record; nothing is written', async () => {
  for (const project of [copyExampleProject('laravel-12'), await recordedProject()]) {
    const before = readTree(project);
    const run = await runCli(['make', 'Comment', '--json'], project);
    assert.is(run.exitCode, 1);
    const report = JSON.parse(run.stdout) as Report;
    assert.equal(report.errors.map((e) => [e.code, e.source]), [['no_fields', { flag: '<entity>' }]]);
    const human = await runCli(['make', 'Comment'], project);
    assert.match(human.stderr, 'fullapi make Comment --fields="title:string"');
    assert.equal(readTree(project), before);
  }
});

test('a regeneration from --fields names each field it removes or changes, at the command line, in --dry-run and --json', async () => {
  const project = copyExampleProject('laravel-12');
  assert.is((await runCli(['make', 'Post', '--fields=title:string,body:text,views:integer,status:enum(draft,published,archived)'], project)).exitCode, 0);
  const before = readTree(project);
  const report = await jsonRun(['make', 'Post', '--fields=title:text,views:integer:nullable,status:enum(draft,published)', '--dry-run'], project);
  assert.ok(report.ok);
  assert.equal(
    report.warnings.map((warning) => [warning.code, warning.source]),
    [
      ['field_type_changed', { flag: '--fields', column: 1 }],
      ['field_constraint_changed', { flag: '--fields', column: 12 }],
      ['field_type_changed', { flag: '--fields', column: 35 }],
      ['field_removed', { flag: '<entity>' }],
    ],
  );
  const messages = report.warnings.map((warning) => warning.message).join('\n');
  assert.match(messages, 'field title from string to text');
  assert.match(messages, 'field views: now nullable (it was required)');
  assert.match(messages, 'from enum(draft,published,archived) to enum(draft,published)');
  assert.match(messages, "removes Post's field body (text)");
  assert.equal(readTree(project), before);

  const human = await runCli(['make', 'Post', '--fields=title:string', '--dry-run'], project);
  assert.match(human.stderr, 'warning[field_removed]');
  assert.match(human.stderr, 'to keep it, give it again (status:enum(draft,published,archived))');

  const added = await jsonRun(['make', 'Post', '--fields=title:string,body:text,views:integer,status:enum(draft,published,archived,hidden),summary:text'], project);
  assert.equal(added.warnings, [], 'what is added, an enum value included, says nothing');
});

test('a schema that drops a relation names it on both entities that had it, at the entities of the schema', async () => {
  const project = await recordedProject();
  writeFileSync(join(project, 'api-schema.yaml'), SCHEMA.replace('    relations:\n      posts: hasMany Post\n', ''));
  const report = await jsonRun(['make', '--dry-run'], project);
  assert.ok(report.ok);
  assert.equal(
    report.warnings.map((warning) => [warning.code, warning.source?.['line']]),
    [
      ['relation_removed', 2],
      ['relation_removed', 5],
    ],
  );
  assert.match(report.warnings[1]?.message ?? '', "removes Post's relation category (belongsTo Category) and its column category_id");
});

test('a kept file the new generation adds to is out of date, naming what it lacks; the same generation again says nothing more', async () => {
  const project = copyExampleProject('laravel-12');
  const post = (fields: string, ...flags: string[]) => jsonRun(['make', 'Post', `--fields=${fields}`, ...flags], project);
  await post('title:string');
  // Without base copies (a project generated before them), nothing merges: the edited files are kept.
  rmSync(join(project, '.fullapi/base'), { recursive: true });
  for (const path of ['app/Models/Post.php', 'app/Http/Controllers/PostController.php']) {
    writeFileSync(join(project, path), read(project, path).replace(/\n\{\n/, '\n{\n    // mine\n'));
  }
  const same = await post('title:string');
  assert.equal([...new Set(codesOf(same))], ['modified_file_kept'], 'the generation is what it was: the differences are the edit');

  const more = await post('title:string,summary:text', '--soft-deletes');
  const outOfDate = more.warnings.filter((warning) => warning.code === 'kept_file_out_of_date');
  assert.equal(
    outOfDate.map((warning) => [warning.path, warning.message.slice(warning.message.indexOf('has ') + 4, warning.message.indexOf(', which'))]),
    [
      ['app/Http/Controllers/PostController.php', 'restore(), forceDelete()'],
      ['app/Models/Post.php', "SoftDeletes, 'summary'"],
    ],
  );
  assert.match(read(project, 'app/Models/Post.php'), '// mine');
});

test.run();
