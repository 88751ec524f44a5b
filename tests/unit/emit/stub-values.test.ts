import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../../../src/diagnostics/diagnostic.js';
import type { EmitContext } from '../../../src/emit/context.js';
import { emitAddColumnsMigration } from '../../../src/emit/laravel/artifacts/add-columns-migration.js';
import { emitAuthTest } from '../../../src/emit/laravel/artifacts/auth/auth-test.js';
import { emitDropPivotMigration } from '../../../src/emit/laravel/artifacts/drop-pivot-migration.js';
import { pageSizeConfigSource } from '../../../src/emit/laravel/artifacts/page-size-config.js';
import { emitUpdateMigration } from '../../../src/emit/laravel/artifacts/update-migration.js';
import { declaredValueNames, STUB_VALUES, stubValueReference } from '../../../src/emit/laravel/values/stub-values/registry.js';
import { planEntities } from '../../../src/emit/plan-entities.js';
import { placeholdersOf, prepareStub, type PreparedStubs } from '../../../src/emit/render-stub.js';
import { STUB_NAMES, type StubName } from '../../../src/emit/artifact-table.js';
import { readSchemaFile } from '../../../src/frontends/schema/index.js';
import { checkModel } from '../../../src/passes/check.js';
import { builtInStubs } from '../../support/entities.js';

/** Every kind of field, key and relation the emitters treat apart, so that each stub is rendered at least once. */
const SAMPLE_SCHEMA = {
  entities: {
    // --auth: AuthController, its requests and the PHPUnit AuthTest.
    Author: {
      auth: true,
      fields: { name: 'string unique', secret_note: 'string nullable', api_token: 'string' },
      relations: { posts: 'hasMany Post' },
    },
    Post: {
      soft_deletes: true,
      fields: { title: 'string', status: 'enum(draft,published) default=draft', views: 'integer', meta: 'json nullable', published_at: 'datetime nullable' },
      relations: { author: 'belongsTo Author', tags: 'belongsToMany Tag', comments: 'morphMany Comment' },
    },
    // A JSON:API resource and Pest tests, with soft deletes and a secret, so that their stubs are rendered too.
    Tag: { json_api: true, pest: true, soft_deletes: true, fields: { name: 'string', password: 'string' } },
    Comment: { fields: { body: 'text' }, relations: { commentable: 'morphTo' } },
  },
};

/** The names each stub was passed when the emitters ran on the sample, and what went wrong. */
function passedNames(): { names: ReadonlyMap<StubName, ReadonlySet<string>>; diagnostics: Diagnostic[] } {
  const recorded = new Map<StubName, Set<string>>(STUB_NAMES.map((name) => [name, new Set<string>()]));
  const recording: PreparedStubs = {
    get: (name, template) => {
      const prepared = prepareStub(name, template);
      return {
        words: prepared.words,
        render: (values) => {
          for (const key of Object.keys(values)) recorded.get(name)?.add(key);
          return prepared.render(values);
        },
      };
    },
  };
  const ctx: EmitContext = {
    project: { framework: 13, perPage: 15, maxPerPage: 100 },
    stubs: builtInStubs(),
    migrationTimestamp: '2026_01_01_000000',
    existingMigrations: [],
    preparedStubs: recording,
  };
  const source = readSchemaFile('sample.json', JSON.stringify(SAMPLE_SCHEMA));
  const checked = source.model === undefined ? { diagnostics: [] } : checkModel(source.model);
  const diagnostics = [...source.diagnostics, ...checked.diagnostics];
  if (checked.model === undefined) return { names: recorded, diagnostics };
  diagnostics.push(...planEntities(checked.model, ctx).diagnostics);
  const [first] = checked.model.entities;
  const post = checked.model.entities.find((entity) => entity.naming.className === 'Post');
  const [pivot] = checked.model.pivots;
  if (first === undefined || post === undefined || pivot === undefined) throw new Error('the sample lacks an entity or a pivot');
  const [title] = post.fields;
  const change = {
    renamed: title === undefined ? [] : [{ from: 'heading', to: title.name }],
    added: post.fields.slice(1),
    dropped: [],
    changed: [],
    addedForeignKeys: [],
    droppedForeignKeys: [],
    changedForeignKeys: [],
    addedMorphs: [],
    droppedMorphs: [],
    addedIndexes: [],
    droppedIndexes: [],
  };
  const existing = { model: 'app/Models/Sample.php', createdBy: 'sample', tableColumns: [], shownColumns: [], ownMigrations: [] };
  // The stubs no generated entity renders: the columns a table of the project's own lacks, a migrated table's
  // changes, a dropped pivot, the Pest AuthTest (the sample's auth entity has PHPUnit tests), the configuration.
  for (const result of [emitAddColumnsMigration(first, existing, ctx), emitUpdateMigration(post, change, ctx), emitDropPivotMigration(pivot, ctx), emitAuthTest(true, ctx)]) {
    if (!result.ok) diagnostics.push(...result.diagnostics);
  }
  const config = pageSizeConfigSource(15, 100, ctx);
  if (!config.ok) diagnostics.push(config.diagnostic);
  return { names: recorded, diagnostics };
}

test('the emitters pass each stub exactly the names it declares, and render every stub on the sample', () => {
  const { names, diagnostics } = passedNames();
  assert.equal(diagnostics, []);
  for (const name of STUB_NAMES) assert.equal([...(names.get(name) ?? [])].sort(), [...declaredValueNames(name)].sort(), name);
});

test('each built-in stub places only names it declares', () => {
  const stubs = builtInStubs();
  for (const name of STUB_NAMES) {
    const declared = declaredValueNames(name);
    for (const used of placeholdersOf(stubs[name])) assert.ok(declared.has(used.placeholder), `${name}: {{${used.placeholder}}}`);
  }
});

test('a model receives the 3.x names too, a migration its 3.x names, a DTO not the name 4.0 replaced', () => {
  for (const name of ['members', 'classAttributes', 'traits', 'fillable', 'relationships', 'modelName']) assert.ok(declaredValueNames('model').has(name), name);
  for (const name of ['table', 'columns', 'tableName', 'fields', 'foreignKeys', 'softDeletes']) assert.ok(declaredValueNames('migrations').has(name), name);
  assert.not.ok(declaredValueNames('dto').has('attributesFromRequest'));
});

test('the reference lists every stub in order, each value with its kind and what it holds', () => {
  const reference = stubValueReference();
  assert.equal(
    reference.map((entry) => entry.stub),
    [...STUB_NAMES],
  );
  for (const entry of reference) {
    assert.ok(entry.description.length > 0, entry.stub);
    assert.equal(entry.values.map((value) => value.name), Object.keys(STUB_VALUES[entry.stub].values));
    for (const value of entry.values) assert.ok(value.description.endsWith('.'), `${entry.stub}.${value.name}: ${value.description}`);
  }
  const members = reference.find((entry) => entry.stub === 'model')?.values.find((value) => value.name === 'traits');
  assert.equal(members?.legacy, true);
  assert.equal(reference.find((entry) => entry.stub === 'service')?.values.find((value) => value.name === 'queryBuilder')?.kind, 'flag');
});

test.run();
