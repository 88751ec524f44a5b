import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { legacyArtifactPaths, pivotMigrationPaths, tableMigrationPaths } from '../../../src/emit/laravel/values/artifact-paths.js';
import { ARTIFACT_TABLE, STUB_NAMES } from '../../../src/emit/artifact-table.js';
import { entityArtifactPaths } from '../../../src/emit/artifacts.js';
import { ARTIFACT_NAMES } from '../../../src/plan/file-plan.js';
import { repoRoot } from '../../support/repo-root.js';
import { planEntities } from '../../../src/emit/plan-entities.js';
import { blog } from '../../support/source-model.js';
import { context, entity, field } from '../../support/entities.js';

test("an entity's paths are exactly the files make plans for it, migrations aside", () => {
  const model = blog();
  const { plan, diagnostics } = planEntities(model, context(12));
  assert.equal(diagnostics, []);
  const planned = plan.filter((entry) => entry.kind === 'file' && !entry.path.startsWith('database/migrations/')).map((entry) => entry.path);
  const named = model.entities.flatMap(entityArtifactPaths);
  assert.equal([...named].sort(), [...planned].sort());
  assert.equal(new Set(named).size, named.length, 'no file is named twice');
});

test('the artifact table names every --only artifact, and its stubs are exactly the files of stubs/', () => {
  const rows = Object.values(ARTIFACT_TABLE);
  assert.equal(
    ARTIFACT_NAMES.filter((name) => !rows.some((row) => row.artifact === name)),
    [],
  );
  const files = readdirSync(join(repoRoot(), 'stubs')).filter((name) => name.endsWith('.stub')).map((name) => name.slice(0, -'.stub'.length));
  assert.equal([...STUB_NAMES].sort(), files.sort());
});

test('the migrations of a table: those creating it, and those adding columns to it, among the file names given', () => {
  const existing = [
    '0001_01_01_000000_create_users_table.php',
    '2026_01_02_030405_create_posts_table.php',
    '2026_01_02_030406_create_post_tag_table.php',
    '2026_02_01_000000_add_summary_to_posts_table.php',
    '2026_02_01_000001_add_summary_to_blog_posts_table.php',
  ];
  assert.equal(tableMigrationPaths('posts', existing), {
    creating: ['database/migrations/2026_01_02_030405_create_posts_table.php'],
    addingColumns: ['database/migrations/2026_02_01_000000_add_summary_to_posts_table.php'],
  });
  const pivot = blog().pivots[0];
  assert.ok(pivot);
  assert.equal(pivotMigrationPaths(pivot, existing), ['database/migrations/2026_01_02_030406_create_post_tag_table.php']);
});

test("3.x files: the entity's Request, and the enums named after a field that no remaining enum field shares", () => {
  const enumField = (name: string) => field(name, 'enum', { cases: ['a', 'b'] });
  const item = entity('Item', [enumField('color'), enumField('state'), field('title')]);
  const order = entity('Order', [enumField('state')]);
  assert.equal(legacyArtifactPaths(item, [order]), ['app/Http/Requests/ItemRequest.php', 'app/Enums/Color.php']);
  assert.equal(legacyArtifactPaths(item, []), ['app/Http/Requests/ItemRequest.php', 'app/Enums/Color.php', 'app/Enums/State.php']);
  // Order.state's 4.0 enum is OrderState: 3.x's enum of a field order_state had that very name.
  const shipment = entity('Shipment', [enumField('order_state')]);
  assert.equal(legacyArtifactPaths(shipment, [order]), ['app/Http/Requests/ShipmentRequest.php']);
});

test.run();
