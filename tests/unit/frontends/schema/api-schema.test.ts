import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readSchemaFile, SCHEMA_FILE_NAMES } from '../../../../src/frontends/schema/index.js';
import type { SourceEntity } from '../../../../src/ir/ir.generated.js';
import { validateNames } from '../../../../src/passes/validate-names.js';
import { repoRoot } from '../../../support/repo-root.js';
import { lines } from './support.js';

const BLOG = lines(
  'options:',
  '  soft_deletes: false',
  '',
  'entities:',
  '  Category:',
  '    fields:',
  '      name: string unique',
  '      description: text nullable',
  '    relations:',
  '      posts: hasMany Post',
  '  Post:',
  '    soft_deletes: true',
  '    fields:',
  '      title: string',
  '      slug: { type: string, unique: true }',
  '      status: enum(draft,published) default=draft',
  "      views: { type: integer, default: 0, rules: 'min:0|max:1000000' }",
  '      summary: { type: text, nullable: true, default: null, rules: [max:500, string] }',
  "      motto: string default='Hello world'",
  '    relations:',
  '      tags: belongsToMany Tag',
  '      comments: morphMany Comment',
  '  Tag:',
  '    fields:',
  '      name: string unique',
  '  Comment:',
  '    fields:',
  '      body: text',
  '    relations:',
  '      commentable: morphTo',
);

function entity(name: string, entities: readonly SourceEntity[]): SourceEntity {
  const found = entities.find((e) => e.name === name);
  if (found === undefined) throw new Error(`no entity ${name}`);
  return found;
}

test('a blog: entities in file order, each placed on its name', () => {
  const { model, diagnostics } = readSchemaFile('api-schema.yaml', BLOG);
  assert.equal(diagnostics, []);
  assert.equal(
    model?.entities.map((e) => [e.name, e.span]),
    [
      ['Category', { file: 'api-schema.yaml', line: 5, column: 3, endColumn: 11 }],
      ['Post', { file: 'api-schema.yaml', line: 11, column: 3, endColumn: 7 }],
      ['Tag', { file: 'api-schema.yaml', line: 23, column: 3, endColumn: 6 }],
      ['Comment', { file: 'api-schema.yaml', line: 26, column: 3, endColumn: 10 }],
    ],
  );
});

test('shorthand fields: type, modifiers, and a typed default', () => {
  const { model } = readSchemaFile('api-schema.yaml', BLOG);
  const category = entity('Category', model?.entities ?? []);
  assert.equal(category.fields, [
    { name: 'name', type: 'string', nullable: false, unique: true, primary: false, span: { file: 'api-schema.yaml', line: 7, column: 7, endColumn: 11 } },
    { name: 'description', type: 'text', nullable: true, unique: false, primary: false, span: { file: 'api-schema.yaml', line: 8, column: 7, endColumn: 18 } },
  ]);
  const post = entity('Post', model?.entities ?? []);
  const status = post.fields.find((f) => f.name === 'status');
  assert.equal([status?.type, status?.enumValues, status?.defaultValue], ['enum', ['draft', 'published'], { value: 'draft' }]);
  assert.equal(post.fields.find((f) => f.name === 'motto')?.defaultValue, { value: 'Hello world' });
});

test('mapping fields: unique, defaults of their own type, rules as a string or a list', () => {
  const { model } = readSchemaFile('api-schema.yaml', BLOG);
  const fields = entity('Post', model?.entities ?? []).fields;
  const pick = (name: string) => {
    const field = fields.find((f) => f.name === name);
    return [field?.type, field?.unique, field?.nullable, field?.defaultValue, field?.rules];
  };
  assert.equal(pick('slug'), ['string', true, false, undefined, undefined]);
  assert.equal(pick('views'), ['integer', false, false, { value: 0 }, ['min:0', 'max:1000000']]);
  assert.equal(pick('summary'), ['text', false, true, { value: null }, ['max:500', 'string']]);
});

test('relations: kind, target as written, placed on the relation name', () => {
  const { model } = readSchemaFile('api-schema.yaml', BLOG);
  const relations = (model?.entities ?? []).flatMap((e) => e.relations.map((r) => [e.name, r.name, r.kind, r.target, r.span.line, r.span.column]));
  assert.equal(relations, [
    ['Category', 'posts', 'hasMany', 'Post', 10, 7],
    ['Post', 'tags', 'belongsToMany', 'Tag', 21, 7],
    ['Post', 'comments', 'morphMany', 'Comment', 22, 7],
    ['Comment', 'commentable', 'morphTo', undefined, 30, 7],
  ]);
});

test('a relation may be nullable, in the shorthand and in the mapping; only its kinds with a foreign key may', async () => {
  const text = lines(
    'entities:',
    '  Shop: {}',
    '  Post:',
    '    relations:',
    '      shop: belongsTo Shop nullable',
    '      editor: { kind: belongsTo, target: Shop, nullable: true }',
    '      owner: belongsTo Shop',
    '      tags: belongsToMany Shop nullable',
    '      extra: belongsTo Shop nullable twice',
  );
  const { model, diagnostics } = readSchemaFile('api-schema.yaml', text);
  const post = (model?.entities ?? []).find((e) => e.name === 'Post');
  assert.equal(post?.relations.map((r) => [r.name, r.nullable]), [['shop', true], ['editor', true], ['owner', undefined], ['tags', true]]);
  assert.equal(diagnostics.map((d) => d.message), ['unexpected "nullable" after the target of relation "extra"', 'unexpected "twice" after the target of relation "extra"']);
  const { checkModel } = await import('../../../../src/passes/check.js');
  const checked = checkModel({ entities: (model?.entities ?? []).map((e) => ({ ...e, relations: e.relations.filter((r) => r.name !== 'extra') })) });
  assert.equal(checked.diagnostics.map((d) => [d.code, d.message]), [['invalid_relation', 'only a foreign key can be nullable, and the belongsToMany tags has none']]);
});

test('on_delete in the mapping form: cascade, restrict, set_null; any other word is refused by the schema', () => {
  const text = lines(
    'entities:',
    '  Shop: {}',
    '  Post:',
    '    relations:',
    '      shop: { kind: belongsTo, target: Shop, on_delete: cascade }',
    '      editor: { kind: belongsTo, target: Shop, nullable: true, on_delete: set_null }',
    '      owner: belongsTo Shop',
  );
  const { model, diagnostics } = readSchemaFile('api-schema.yaml', text);
  assert.equal(diagnostics, []);
  const post = (model?.entities ?? []).find((e) => e.name === 'Post');
  assert.equal(post?.relations.map((r) => [r.name, r.onDelete]), [['shop', 'cascade'], ['editor', 'set_null'], ['owner', undefined]]);
  const wrong = readSchemaFile('api-schema.yaml', lines('entities:', '  Shop: {}', '  Post:', '    relations:', '      shop: { kind: belongsTo, target: Shop, on_delete: nothing }'));
  assert.equal(wrong.diagnostics.map((d) => [d.code, d.span?.line]), [['invalid_schema', 5]]);
});

test('soft_deletes: the options apply to every entity, and an entity overrides them', () => {
  const { model } = readSchemaFile('api-schema.yaml', BLOG);
  assert.equal(model?.entities.map((e) => [e.name, e.softDeletes]), [
    ['Category', false],
    ['Post', true],
    ['Tag', false],
    ['Comment', false],
  ]);
  const everywhere = readSchemaFile('api-schema.yaml', lines('options: { soft_deletes: true }', 'entities:', '  A: {}', '  B: { soft_deletes: false }'));
  assert.equal(everywhere.model?.entities.map((e) => e.softDeletes), [true, false]);
});

test('options set to false ask for nothing', () => {
  const text = lines('options: { query_builder: false, pest: false, auth: false, client_collection: false }', 'entities:', '  A: { query_builder: false }');
  const read = readSchemaFile('api-schema.yaml', text);
  assert.equal(read.diagnostics, []);
  assert.equal(read.model?.entities.map((entity) => entity.options), [undefined]);
});

test('older relation words, in any case, and the mapping form with a pivot', () => {
  const text = lines(
    'entities:',
    '  User:',
    '    relations:',
    '      team: ManyToOne Team',
    '      posts: oneToMany Post',
    '      profile: onetoone Profile',
    '      groups: MANYTOMANY Team',
    '      followers: { kind: belongsToMany, target: User, pivot: user_followers }',
    '      avatar: { kind: morphOne, target: Image }',
    '  Team: {}',
    '  Post: {}',
    '  Profile: {}',
    '  Image:',
    '    relations:',
    '      imageable: { kind: morphTo }',
  );
  const { model, diagnostics } = readSchemaFile('api-schema.yml', text);
  assert.equal(diagnostics, []);
  assert.equal(
    model?.entities.flatMap((e) => e.relations.map((r) => [r.name, r.kind, r.target, r.pivot])),
    [
      ['team', 'belongsTo', 'Team', undefined],
      ['posts', 'hasMany', 'Post', undefined],
      ['profile', 'hasOne', 'Profile', undefined],
      ['groups', 'belongsToMany', 'Team', undefined],
      ['followers', 'belongsToMany', 'User', 'user_followers'],
      ['avatar', 'morphOne', 'Image', undefined],
      ['imageable', 'morphTo', undefined, undefined],
    ],
  );
});

test('an api-schema.json reads like the YAML, placed in the JSON text', () => {
  const text = lines(
    '{',
    '  "entities": {',
    '    "Post": {',
    '      "fields": { "title": "string unique", "views": { "type": "int", "default": 3 } },',
    '      "relations": { "category": "belongsTo Category" }',
    '    },',
    '    "Category": {}',
    '  }',
    '}',
  );
  const { model, diagnostics } = readSchemaFile('api-schema.json', text);
  assert.equal(diagnostics, []);
  const post = model?.entities[0];
  assert.equal(post?.span, { file: 'api-schema.json', line: 3, column: 6, endColumn: 10 });
  assert.equal(post?.fields.map((f) => [f.name, f.type, f.unique, f.defaultValue, f.span.column]), [
    ['title', 'string', true, undefined, 20],
    ['views', 'integer', false, { value: 3 }, 46],
  ]);
  assert.equal(post?.relations.map((r) => [r.kind, r.target]), [['belongsTo', 'Category']]);
});

test('a default word is typed by its field: numbers, booleans, null, and strings as written', () => {
  const text = lines(
    'entities:',
    '  A:',
    '    fields:',
    '      count: bigint default=-3',
    '      ratio: decimal default=0.5',
    '      active: boolean default=TRUE',
    '      code: string default=007',
    '      flag: string default=true',
    '      quoted: integer nullable default=null',
    '      empty: string default=""',
    '      colour: enum(red, dark green) default="dark green"',
  );
  const { model, diagnostics } = readSchemaFile('api-schema.yaml', text);
  assert.equal(diagnostics, []);
  assert.equal(
    model?.entities[0]?.fields.map((f) => f.defaultValue?.value),
    [-3, 0.5, true, '007', 'true', null, '', 'dark green'],
  );
});

test('the discovery order at a project root', () => {
  assert.equal([...SCHEMA_FILE_NAMES], ['api-schema.yaml', 'api-schema.yml', 'api-schema.json', 'class_data.json']);
});

test('examples/api-schema.yaml reads without a diagnostic, and its names pass the name checks', () => {
  const path = join(repoRoot(), 'examples', 'api-schema.yaml');
  const { model, diagnostics } = readSchemaFile('examples/api-schema.yaml', readFileSync(path, 'utf8'));
  assert.equal(diagnostics, []);
  assert.equal(model?.entities.map((e) => e.name), ['Country', 'Category', 'Post', 'Tag', 'Comment']);
  assert.equal(validateNames(model ?? { entities: [] }), []);
});

test('table, timestamps and table_exists of an entity are read; a table that is no identifier is refused at its value', () => {
  const { model, diagnostics } = readSchemaFile('api-schema.yaml', 'entities:\n  Customer:\n    table: tbl_customer\n    timestamps: false\n    table_exists: true\n    fields:\n      name: string\n');
  assert.equal(diagnostics, []);
  const customer = model?.entities[0];
  assert.equal([customer?.table, customer?.timestamps, customer?.tableExists], ['tbl_customer', false, true]);
  const bad = readSchemaFile('api-schema.yaml', "entities:\n  Customer:\n    table: \"x'; --\"\n    fields:\n      name: string\n");
  assert.equal(bad.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.span?.line, diagnostic.span?.column]), [['invalid_schema', 3, 12]]);
});

test.run();
