import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyExampleProject, readTree, runCli } from '../support/project-tree.js';
import { assertMakeChangesOnlyTheManifest, COMMENT, deleting, generated, POST, TAG, withoutRunHistory } from '../support/deleted-entities.js';
import { defineApiRateLimiter } from '../../src/emit/laravel/edits/rate-limiter.js';

/** `fullapi delete` of related entities: what is refused, what is regenerated, what goes with them. */

test('a pivot: the side it is declared on goes with the pivot migration, the other side is regenerated without its inverse; the other side alone is refused', async () => {
  const ARTICLE = { name: 'Article', attributes: [{ name: 'title', _type: 'string' }], manyToManyRelationships: [{ role: 'labels', comodel: 'Label' }] };
  const LABEL = { name: 'Label', attributes: [{ name: 'name', _type: 'string' }] };
  const project = await generated([ARTICLE, LABEL, POST]);
  try {
    const pivot = [...readTree(project).keys()].find((path) => path.startsWith('database/') && path.endsWith('_create_article_label_table.php'));
    assert.ok(pivot, 'make wrote the pivot migration');
    assert.match((await deleting(['Label'], project)).report.errors[0]?.message ?? '', 'Article.labels (belongsToMany Label)');
    const { exitCode, report } = await deleting(['Article'], project);
    assert.is(exitCode, 0, JSON.stringify(report));
    assert.ok(report.files.some((file) => file.path === pivot && file.action === 'deleted'), 'the pivot goes with the side that declared it');
    assert.is(report.files.find((file) => file.path === 'app/Models/Label.php')?.action, 'updated');
    assert.not.match(readFileSync(join(project, 'app/Models/Label.php'), 'utf8'), 'articles');
    assert.match(report.warnings.find((warning) => warning.code === 'table_left_in_database')?.message ?? '', 'articles, article_label');
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test("a morph owner: its alias leaves AppServiceProvider's map, with a warning that class_data.json cannot say who pointed at it", async () => {
  const project = copyExampleProject('laravel-12');
  const skeletonProvider = readFileSync(join(project, 'app/Providers/AppServiceProvider.php'), 'utf8');
  try {
    const schema =
      'entities:\n  Video:\n    fields:\n      title: string\n    relations:\n      notes: morphMany Note\n  Note:\n    fields:\n      body: text\n    relations:\n      notable: morphTo\n';
    writeFileSync(join(project, 'api-schema.yaml'), schema);
    assert.is((await runCli(['make'], project)).exitCode, 0);
    assert.match(readFileSync(join(project, 'app/Providers/AppServiceProvider.php'), 'utf8'), "'video' => Video::class");
    const { exitCode, report } = await deleting(['Video'], project);
    assert.is(exitCode, 0, JSON.stringify(report));
    const limited = defineApiRateLimiter(skeletonProvider);
    assert.ok(limited.ok);
    assert.is(readFileSync(join(project, 'app/Providers/AppServiceProvider.php'), 'utf8'), limited.content, 'as make of no morph owner leaves it');
    const warning = report.warnings.find((found) => found.code === 'morph_owner_deleted');
    assert.match(warning?.message ?? '', "App\\Models\\Video owned morph children (this map gives it the alias 'video')");
    const rest = await deleting(['Note'], project);
    assert.is(rest.exitCode, 0);
    assert.not.ok(
      rest.report.warnings.some((found) => found.code === 'morph_owner_deleted'),
      'nothing of a morph owner is left to warn about',
    );
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test('a parent another entity extends is refused', async () => {
  const CONTENT = { name: 'Content', attributes: [{ name: 'summary', _type: 'text' }] };
  const PAGE = { name: 'Page', attributes: [{ name: 'slug', _type: 'string' }], parent: 'Content' };
  const project = await generated([CONTENT, PAGE]);
  try {
    const { exitCode, report } = await deleting(['Content'], project);
    assert.is(exitCode, 1);
    assert.match(report.errors[0]?.message ?? '', 'Page extends Content');
    assert.is((await deleting(['Page'], project)).exitCode, 0);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test('an entity a remaining one declares a relation to is refused, naming the reference; nothing is written', async () => {
  const project = await generated([POST, COMMENT, TAG]);
  try {
    const before = readTree(project);
    const { exitCode, report } = await deleting(['Post'], project);
    assert.is(exitCode, 1);
    assert.equal(
      report.errors.map((error) => [error.code, error.source?.flag, error.source?.column]),
      [['entity_referenced', '<entity>', 1]],
    );
    assert.match(report.errors[0]?.message ?? '', 'Comment.post (belongsTo Post)');
    assert.equal(readTree(project), before);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test("a child whose parent has only the inverse relation: the parent is regenerated without it, byte for byte as if the child had never been", async () => {
  const project = await generated([POST, COMMENT, TAG]);
  const without = await generated([POST, TAG]);
  try {
    assert.match(readFileSync(join(project, 'app/Models/Post.php'), 'utf8'), 'public function comments(): HasMany');
    const { exitCode, report } = await deleting(['Comment'], project);
    assert.is(exitCode, 0, JSON.stringify(report));
    assert.equal(withoutRunHistory(readTree(project)), withoutRunHistory(readTree(without)));
    const actions = new Map(report.files.map((file) => [file.path, file.action]));
    assert.is(actions.get('app/Models/Post.php'), 'updated');
    assert.is(actions.get('app/Http/Resources/PostResource.php'), 'updated');
    assert.is(actions.get('app/Models/Comment.php'), 'deleted');
    // The manifest records the regenerated files as generated: make afterwards changes nothing but the manifest.
    await assertMakeChangesOnlyTheManifest(project);
  } finally {
    rmSync(project, { recursive: true, force: true });
    rmSync(without, { recursive: true, force: true });
  }
});

test('a parent file edited by hand is merged with its regeneration: the inverse relation goes, the edit stays', async () => {
  const project = await generated([POST, COMMENT]);
  try {
    const model = join(project, 'app/Models/Post.php');
    writeFileSync(model, readFileSync(model, 'utf8').replace('use HasFactory;\n', 'use HasFactory;\n\n    public const EDITED = true;\n'));
    const { exitCode, report } = await deleting(['Comment'], project);
    assert.is(exitCode, 0, JSON.stringify(report));
    assert.is(report.files.find((file) => file.path === 'app/Models/Post.php')?.action, 'merged');
    const merged = readFileSync(model, 'utf8');
    assert.match(merged, 'public const EDITED = true;');
    assert.not.match(merged, 'Comment');
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test('a parent file edited by hand that still names the child, merged or kept, is refused unless --force, which rewrites it', async () => {
  for (const baseCopies of [true, false]) {
    const project = await generated([POST, COMMENT]);
    try {
      if (!baseCopies) rmSync(join(project, '.fullapi/base'), { recursive: true });
      const model = join(project, 'app/Models/Post.php');
      const edited = readFileSync(model, 'utf8').replace('use HasFactory;\n', 'use HasFactory;\n\n    public const CHILD = Comment::class;\n');
      writeFileSync(model, edited);
      const before = readTree(project);
      const refused = await deleting(['Comment'], project);
      assert.is(refused.exitCode, 1);
      assert.equal(
        refused.report.errors.map((error) => error.code),
        ['entity_referenced'],
      );
      const how = baseCopies ? 'merged with its new generation' : 'kept';
      assert.match(refused.report.errors[0]?.message ?? '', `app/Models/Post.php, edited by hand and so ${how}, still names it`);
      assert.equal(readTree(project), before);
      const forced = await deleting(['Comment', '--force'], project);
      assert.is(forced.exitCode, 0, JSON.stringify(forced.report));
      assert.not.match(readFileSync(model, 'utf8'), 'Comment');
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }
});

test('both together: Post and Comment go, Tag stays as it was generated', async () => {
  const project = await generated([POST, COMMENT, TAG]);
  const tagOnly = await generated([TAG]);
  try {
    const { exitCode, report } = await deleting(['comment', 'Post'], project);
    assert.is(exitCode, 0, JSON.stringify(report));
    assert.equal(withoutRunHistory(readTree(project)), withoutRunHistory(readTree(tagOnly)));
    assert.match(report.warnings.find((warning) => warning.code === 'table_left_in_database')?.message ?? '', 'the tables posts, comments were deleted');
  } finally {
    rmSync(project, { recursive: true, force: true });
    rmSync(tagOnly, { recursive: true, force: true });
  }
});

test.run();
