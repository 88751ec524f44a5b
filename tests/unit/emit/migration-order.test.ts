import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { migrationTimestamps } from '../../../src/emit/laravel/values/migration-order.js';
import { checked, relation, sourceEntity, sourceField } from '../../support/source-model.js';
import { context } from '../../support/entities.js';

/** Country <- Category <- Post (Post belongs to Category, Category to Country), Tag <-> Post through post_tag. */
const shop = () =>
  checked([
    sourceEntity('Country', [sourceField('name')]),
    sourceEntity('Category', [sourceField('name')], [relation('country', 'belongsTo', 'Country')]),
    sourceEntity('Post', [sourceField('title')], [relation('category', 'belongsTo', 'Category'), relation('tags', 'belongsToMany', 'Tag')]),
    sourceEntity('Tag', [sourceField('name')]),
  ]);

function order(existingMigrations: string[] = []) {
  const { timestamps, diagnostics } = migrationTimestamps(shop(), context(12, { existingMigrations }));
  return { timestamps: Object.fromEntries(timestamps), diagnostics };
}

test('a first run names the tables one second apart in the model order (parents first), the pivot last', () => {
  const { timestamps, diagnostics } = order();
  assert.equal(timestamps, {
    countries: '2026_01_02_030405',
    categories: '2026_01_02_030406',
    posts: '2026_01_02_030407',
    tags: '2026_01_02_030408',
    post_tag: '2026_01_02_030409',
  });
  assert.equal(diagnostics, []);
});

test('new parents of a table that has its migration already run before it, the nearest parent last', () => {
  const { timestamps, diagnostics } = order(['2025_06_01_120000_create_posts_table.php']);
  assert.is(timestamps['posts'], '2025_06_01_120000');
  assert.is(timestamps['categories'], '2025_06_01_115959');
  assert.is(timestamps['countries'], '2025_06_01_115958');
  // Only the new pivot references tags, and both keep the run's own time, the pivot after them all.
  assert.is(timestamps['tags'], '2026_01_02_030408');
  assert.is(timestamps['post_tag'], '2026_01_02_030409');
  assert.equal(diagnostics, []);
});

test('a table that now references a table whose existing migration runs later is a warning naming both files', () => {
  const existing = ['2025_06_01_120000_create_posts_table.php', '2025_07_01_090000_create_categories_table.php'];
  const { timestamps, diagnostics } = order(existing);
  assert.is(timestamps['countries'], '2025_07_01_085959');
  assert.equal(
    diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity, diagnostic.path]),
    [['migration_order', 'warning', 'database/migrations/2025_06_01_120000_create_posts_table.php']],
  );
  assert.match(diagnostics[0]?.message ?? '', /runs before database\/migrations\/2025_07_01_090000_create_categories_table\.php, but posts now references categories/);
});

test('a table that references itself needs no other order', () => {
  const tree = checked([sourceEntity('Node', [sourceField('name')], [relation('parent', 'belongsTo', 'Node')])]);
  const { diagnostics } = migrationTimestamps(tree, context(12, { existingMigrations: ['2025_01_01_000000_create_nodes_table.php'] }));
  assert.equal(diagnostics, []);
});

test.run();
