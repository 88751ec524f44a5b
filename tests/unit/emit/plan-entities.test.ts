import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { planEntities } from '../../../src/emit/plan-entities.js';
import type { FrameworkMajor } from '../../../src/ir/ir.generated.js';
import type { FilePatch, GeneratedFile } from '../../../src/plan/file-plan.js';
import { pintProblems } from '../../support/php-tools.js';
import { blog, blogSource, checked } from '../../support/source-model.js';
import { context, phpLint } from '../../support/entities.js';
import { newEmitMemory } from '../../../src/emit/memory.js';
import { newRunMemos } from '../../../src/plan/run-memo.js';

function generatedFiles(framework: FrameworkMajor): GeneratedFile[] {
  const { plan, diagnostics } = planEntities(blog(), context(framework));
  assert.equal(diagnostics, []);
  return plan.filter((entry): entry is GeneratedFile => entry.kind === 'file');
}

const migrationsOf = (files: readonly GeneratedFile[]) =>
  files.filter((file) => file.path.startsWith('database/migrations/')).map((file) => file.path.slice('database/migrations/'.length));

test('entities in dependency order, each migration a second after the one before, the pivots last', () => {
  assert.equal(migrationsOf(generatedFiles(12)), [
    '2026_01_02_030405_create_categories_table.php',
    '2026_01_02_030406_create_tags_table.php',
    '2026_01_02_030407_create_comments_table.php',
    '2026_01_02_030408_create_countries_table.php',
    '2026_01_02_030409_create_posts_table.php',
    '2026_01_02_030410_create_post_tag_table.php',
  ]);
});

test('every table a migration references is created by an earlier one (or by itself)', () => {
  const migrations = generatedFiles(12).filter((file) => file.path.startsWith('database/migrations/')).sort((a, b) => a.path.localeCompare(b.path));
  const created: string[] = [];
  for (const migration of migrations) {
    const table = /Schema::create\('([^']+)'/.exec(migration.content)?.[1] ?? '';
    const referenced = [...migration.content.matchAll(/(?:constrained|->on)\('([^']+)'\)/g)].map((match) => match[1]);
    for (const parent of referenced) assert.ok(parent === table || created.includes(parent ?? ''), `${migration.path} references ${parent} before it exists`);
    created.push(table);
  }
});

test('the blog parses (php -l) and passes Pint, on Laravel 12 and 13', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fullapi-blog-'));
  for (const framework of [12, 13] as const) {
    const files = generatedFiles(framework);
    assert.equal(phpLint(files), []);
    for (const file of files) {
      const path = join(dir, String(framework), file.path);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, file.content);
    }
  }
  assert.is(pintProblems(dir), undefined);
});

test("the provider gets the api rate limiter on every run, and the morph map only for a model with morph owners", () => {
  const providerPatches = (plan: readonly { kind: string; path: string }[]) =>
    plan.filter((entry): entry is FilePatch => entry.kind === 'patch' && entry.path === 'app/Providers/AppServiceProvider.php');
  const [patch, ...others] = providerPatches(planEntities(blog(), context(12)).plan);
  assert.equal(others, []);
  assert.is(patch?.artifact, null);
  assert.is(patch?.describe, 'define the api rate limiter (60 requests a minute) unless the project has one, map the morph aliases post');
  const withoutMorphs = blogSource().map((entity) => ({ ...entity, relations: entity.relations.filter((relation) => !relation.kind.startsWith('morph')) }));
  assert.equal(
    providerPatches(planEntities(checked(withoutMorphs), context(12)).plan).map((entry) => entry.describe),
    ['define the api rate limiter (60 requests a minute) unless the project has one'],
  );
});

test("a session keeps a create migration by the file name the run gives it: a later run's own timestamp is not reused for a table that has its migration", () => {
  const memos = newRunMemos(true);
  const memory = newEmitMemory(memos);
  const migrationOf = (table: string, overrides: Parameters<typeof context>[1]) => {
    memos.nextRun();
    const files = planEntities(blog(), context(12, overrides), undefined, memory).plan;
    return files.find((entry): entry is GeneratedFile => entry.kind === 'file' && entry.path.endsWith(`_create_${table}_table.php`));
  };
  const first = migrationOf('posts', {});
  const again = migrationOf('posts', {});
  // Kept: the same files, not files made again equal to them.
  assert.ok(first !== undefined && again === first);
  const laterRun = migrationOf('posts', { migrationTimestamp: '2026_03_04_050607' });
  assert.is(laterRun?.path, 'database/migrations/2026_03_04_050611_create_posts_table.php');
  assert.is(laterRun?.content, first.content);
  const migrated = migrationOf('posts', { migrationTimestamp: '2026_03_04_050607', existingMigrations: ['2025_12_31_000000_create_posts_table.php'] });
  assert.is(migrated?.path, 'database/migrations/2025_12_31_000000_create_posts_table.php');
});

test('the record is written from what a session keeps of each entity, which it keys by the entity without positions', () => {
  const memos = newRunMemos(true);
  const memory = newEmitMemory(memos);
  const keyed: unknown[] = [];
  const recorded = memory.recorded;
  const watching = { ...memory, recorded: (input: Parameters<typeof recorded>[0]) => (keyed.push(input.entity), recorded(input)) };
  const recordOf = (plan: readonly { kind: string; path: string }[]) => {
    const patch = plan.find((entry): entry is FilePatch => entry.kind === 'patch' && entry.path === 'class_data.json');
    const written = patch?.apply(undefined);
    return written?.ok === true ? written.content : undefined;
  };
  const kept = recordOf(planEntities(blog(), context(12), undefined, watching).plan);
  assert.is(kept, recordOf(planEntities(blog(), context(12)).plan));
  assert.is(keyed.length, blog().entities.length);
  const spans = JSON.stringify(keyed).match(/"span":\{[^}]/g);
  assert.is(spans, null, 'an entity keyed with its positions');
});

test.run();
