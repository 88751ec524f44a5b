import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { readSchemaFile } from '../../frontends/schema/index.js';
import { checkModel } from '../../passes/check.js';
import { type EmitContext } from '../../emit/context.js';
import { STUB_NAMES, type StubName } from '../../emit/artifact-table.js';
import { emitAddColumnsMigration } from '../../emit/laravel/artifacts/add-columns-migration.js';
import { emitAuthTest } from '../../emit/laravel/artifacts/auth/auth-test.js';
import { emitDropPivotMigration } from '../../emit/laravel/artifacts/drop-pivot-migration.js';
import { emitUpdateMigration } from '../../emit/laravel/artifacts/update-migration.js';
import { planEntities } from '../../emit/plan-entities.js';
import { prepareStub, type PreparedStubs } from '../../emit/render-stub.js';

/**
 * The names each stub receives, found by running the emitters on a sample model and recording the names of
 * the values they pass: the emitters are the one place that says what a stub gets, so this cannot drift from
 * them. Each emitter passes the same names for every entity; the sample has every kind of field and relation
 * so that each stub is rendered at least once.
 */
export function stubValueNames(builtIn: Readonly<Record<StubName, string>>): { names: ReadonlyMap<StubName, ReadonlySet<string>>; diagnostics: Diagnostic[] } {
  const recorded = new Map<StubName, Set<string>>(STUB_NAMES.map((name) => [name, new Set<string>()]));
  const recording: PreparedStubs = {
    get: (name, template) => {
      const render = prepareStub(name, template);
      return (values) => {
        for (const key of Object.keys(values)) recorded.get(name)?.add(key);
        return render(values);
      };
    },
  };
  const ctx: EmitContext = {
    project: { framework: 13, perPage: 15, maxPerPage: 100 },
    stubs: builtIn,
    migrationTimestamp: '2026_01_01_000000',
    existingMigrations: [],
    preparedStubs: recording,
  };
  const source = readSchemaFile('sample.json', JSON.stringify(SAMPLE_SCHEMA));
  const checked = source.model === undefined ? { diagnostics: [] } : checkModel(source.model);
  const diagnostics = [...source.diagnostics, ...checked.diagnostics];
  if (checked.model !== undefined) {
    diagnostics.push(...planEntities(checked.model, ctx).diagnostics);
    const [first] = checked.model.entities;
    // The columns a table of the project's own lacks: the one stub no generated entity renders.
    const existing = { model: 'app/Models/Sample.php', createdBy: 'sample', tableColumns: [], shownColumns: [], ownMigrations: [] };
    if (first !== undefined) {
      const added = emitAddColumnsMigration(first, existing, ctx);
      if (!added.ok) diagnostics.push(...added.diagnostics);
    }
    // A migrated table's changes, and a pivot dropped: rendered only for a regeneration of a migrated table.
    const post = checked.model.entities.find((entity) => entity.naming.className === 'Post');
    const [pivot] = checked.model.pivots;
    if (first !== undefined && post !== undefined && pivot !== undefined) {
      const [title] = post.fields;
      const renamed = title === undefined ? [] : [{ from: 'heading', to: title.name }];
      const change = { renamed, added: post.fields.slice(1), dropped: [], changed: [], addedForeignKeys: [], droppedForeignKeys: [], changedForeignKeys: [], addedMorphs: [], droppedMorphs: [] };
      for (const result of [emitUpdateMigration(post, change, ctx), emitDropPivotMigration(pivot, ctx)]) if (!result.ok) diagnostics.push(...result.diagnostics);
    }
    // The sample's auth entity has PHPUnit tests: the Pest AuthTest is rendered here.
    const pestAuthTest = emitAuthTest(true, ctx);
    if (!pestAuthTest.ok) diagnostics.push(...pestAuthTest.diagnostics);
  }
  return { names: recorded, diagnostics };
}

/** Every kind of field, key and relation the emitters treat apart. */
const SAMPLE_SCHEMA = {
  entities: {
    // --auth: AuthController, its requests and the PHPUnit AuthTest.
    Author: {
      auth: true,
      fields: { name: 'string unique', secret_note: 'string nullable' },
      relations: { posts: 'hasMany Post' },
    },
    Post: {
      soft_deletes: true,
      fields: { title: 'string', status: 'enum(draft,published) default=draft', views: 'integer', meta: 'json nullable', published_at: 'datetime nullable' },
      relations: { author: 'belongsTo Author', tags: 'belongsToMany Tag', comments: 'morphMany Comment' },
    },
    // A JSON:API resource and Pest tests, so that their stubs are rendered too.
    Tag: { json_api: true, pest: true, fields: { name: 'string' } },
    Comment: { fields: { body: 'text' }, relations: { commentable: 'morphTo' } },
  },
};

/**
 * Placeholders of 3.x stubs that 4.0 no longer passes, with the name that replaced them. A published
 * `request.stub` is not read at all any more: `request.store.stub` and `request.update.stub` replace it.
 */
export const RENAMED_PLACEHOLDERS: Readonly<Partial<Record<StubName, Readonly<Record<string, string>>>>> = {
  dto: { attributesFromRequest: 'attributesFromValidated' },
};

export const UNREAD_STUBS: Readonly<Record<string, string>> = {
  request: 'request.store.stub and request.update.stub',
};
