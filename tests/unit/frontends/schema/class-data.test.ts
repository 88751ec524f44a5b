import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readSchemaFile } from '../../../../src/frontends/schema/index.js';
import { lines, placed } from './support.js';

const CLASS_DATA = lines(
  '[',
  '  {',
  '    "name": "Article",',
  '    "parent": "Content",',
  '    "attributes": [ { "name": "title", "_type": "string" }, { "name": "metadata", "_type": "json" } ],',
  '    "oneToOneRelationships":   [ { "role": "cover",    "comodel": "Image" } ],',
  '    "oneToManyRelationships":  [ { "role": "comments", "comodel": "Comment" } ],',
  '    "manyToOneRelationships":  [ { "role": "author",   "comodel": "Author" } ],',
  '    "manyToManyRelationships": [ { "role": "tags",     "comodel": "Tag" } ]',
  '  },',
  '  { "name": "Image", "attributes": [ { "name": "path", "_type": "string" } ] },',
  '  { "name": "Comment", "attributes": [ { "name": "body", "_type": "text" } ] },',
  '  { "name": "Author", "attributes": [ { "name": "name", "_type": "string" } ] },',
  '  { "name": "Tag", "attributes": [ { "name": "name", "_type": "string" } ] }',
  ']',
);

test('class_data.json: entities, attributes, a parent, placed on their name strings', () => {
  const { model, diagnostics } = readSchemaFile('class_data.json', CLASS_DATA);
  assert.equal(diagnostics, []);
  const article = model?.entities[0];
  assert.equal([article?.name, article?.parent, article?.softDeletes], ['Article', 'Content', false]);
  assert.equal(article?.span, { file: 'class_data.json', line: 3, column: 14, endColumn: 21 });
  assert.equal(article?.fields.map((f) => [f.name, f.type, f.span.line, f.span.column]), [
    ['title', 'string', 5, 32],
    ['metadata', 'json', 5, 72],
  ]);
  assert.equal(model?.entities.map((e) => e.name), ['Article', 'Image', 'Comment', 'Author', 'Tag']);
});

test('the four relationship lists are hasOne, hasMany, belongsTo and belongsToMany', () => {
  const { model } = readSchemaFile('class_data.json', CLASS_DATA);
  assert.equal(model?.entities[0]?.relations.map((r) => [r.name, r.kind, r.target, r.span.line, r.span.column]), [
    ['cover', 'hasOne', 'Image', 6, 45],
    ['comments', 'hasMany', 'Comment', 7, 45],
    ['author', 'belongsTo', 'Author', 8, 45],
    ['tags', 'belongsToMany', 'Tag', 9, 45],
  ]);
});

test('what fullapi records itself: primary, nullable, unique and softDeletes', () => {
  const recorded = lines(
    '[',
    '    {',
    '        "name": "Country",',
    '        "attributes": [',
    '            { "name": "code", "_type": "string", "primary": true },',
    '            { "name": "motto", "_type": "text", "nullable": true, "unique": true },',
    '            { "name": "status", "_type": "enum(open,closed)" }',
    '        ],',
    '        "softDeletes": true',
    '    }',
    ']',
  );
  const { model, diagnostics } = readSchemaFile('class_data.json', recorded);
  assert.equal(diagnostics, []);
  const country = model?.entities[0];
  assert.equal(country?.softDeletes, true);
  assert.equal(country?.fields.map((f) => [f.name, f.type, f.primary, f.nullable, f.unique, f.enumValues]), [
    ['code', 'string', true, false, false, undefined],
    ['motto', 'text', false, true, true, undefined],
    ['status', 'enum', false, false, false, ['open', 'closed']],
  ]);
});

test('a list at the top is class_data whatever the file is called; a pivot names a self many-to-many', () => {
  const text = lines('[{ "name": "User", "manyToManyRelationships": [{ "role": "friends", "comodel": "User", "pivot": "friendships" }] }]');
  const { model, diagnostics } = readSchemaFile('<stdin>', text);
  assert.equal(diagnostics, []);
  assert.equal(model?.entities[0]?.relations, [
    { name: 'friends', kind: 'belongsToMany', target: 'User', pivot: 'friendships', span: { file: '<stdin>', line: 1, column: 59, endColumn: 66 } },
  ]);
});

test('class_data errors: a typo in a key, an unknown type, an undeclared comodel, a name twice', () => {
  const text = lines(
    '[',
    '  { "name": "Post", "atributes": [] },',
    '  { "name": "Tag", "attributes": [ { "name": "label", "_type": "strin" } ] },',
    '  { "name": "Note", "manyToOneRelationships": [ { "role": "post", "comodel": "Pots" } ] },',
    '  { "name": "post" }',
    ']',
  );
  const { diagnostics } = readSchemaFile('class_data.json', text);
  assert.equal(placed(diagnostics), [
    'unknown_key 2:22-31 unknown key "atributes"; did you mean "attributes"?',
    'unknown_field_type 3:65-70 unknown type "strin"; did you mean "string"?',
    'unknown_entity 4:79-83 relation post of Note points to Pots, which is not declared in this file; did you mean Post?',
    'duplicate_entity 5:14-18 entity post is declared twice (first as Post on line 2)',
  ]);
});

test.run();
