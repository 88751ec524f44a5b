import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readSchemaFile } from '../../../../src/frontends/schema/index.js';
import { placed } from './support.js';

const misspelt = ['entities:', '  Post:', '    fields:', '      title: strng'];

test('Windows line endings and a byte-order mark leave positions as editors show them', () => {
  const crlf = readSchemaFile('api-schema.yaml', misspelt.join('\r\n'));
  assert.equal(placed(crlf.diagnostics), ['unknown_field_type 4:14-19 unknown type "strng"; did you mean "string"?']);
  const json = readSchemaFile('api-schema.json', '\uFEFF{"entities": {"P": {"fields": {"t": "strng"}}}}');
  assert.equal(placed(json.diagnostics), ['unknown_field_type 1:38-43 unknown type "strng"; did you mean "string"?']);
});

test('YAML anchors and aliases are read as the value they name', () => {
  const text = ['entities:', '  Post:', '    fields:', '      title: &text { type: string, unique: true }', '      subtitle: *text'].join('\n');
  const { model, diagnostics } = readSchemaFile('api-schema.yaml', text);
  assert.equal(diagnostics, []);
  assert.equal(model?.entities[0]?.fields.map((f) => [f.name, f.type, f.unique]), [
    ['title', 'string', true],
    ['subtitle', 'string', true],
  ]);
  const looping = readSchemaFile('api-schema.yaml', 'entities: &all { Post: { fields: *all } }\n');
  assert.ok(looping.diagnostics.some((d) => d.message === 'alias *all is used inside its own anchor'));
});

test('an empty file, a file that is not a mapping, two documents in one file', () => {
  assert.equal(placed(readSchemaFile('api-schema.yaml', '').diagnostics), ['invalid_schema 1:1-2 the file is empty: it must be a mapping']);
  assert.equal(placed(readSchemaFile('api-schema.yaml', 'just words\n').diagnostics), ['invalid_schema 1:1-11 the file must be a mapping']);
  assert.equal(placed(readSchemaFile('api-schema.yaml', 'entities: {}\n---\nentities: {}\n').diagnostics), [
    'invalid_syntax 2:1-4 invalid YAML: a schema file holds one document; remove the "---" that starts a second',
  ]);
});

test('a YAML section that holds only comments is an empty section; a null written out is still an error', () => {
  const commented = 'options:\n  # soft_deletes: true\nentities:\n  Post:\n    fields:\n      title: string\n    relations:\n      # tags: belongsToMany Tag\n';
  const { model, diagnostics } = readSchemaFile('api-schema.yaml', commented);
  assert.equal(diagnostics, []);
  assert.equal(model?.entities.map((entity) => [entity.name, entity.fields.map((field) => field.name), entity.relations.length]), [['Post', ['title'], 0]]);
  assert.equal(placed(readSchemaFile('api-schema.yaml', 'options: ~\nentities:\n  Post:\n    fields:\n      title: string\n').diagnostics), [
    'invalid_schema 1:10-11 "options" is empty: it must be a mapping',
  ]);
});

test('standard input: JSON when the text opens with { or [, YAML otherwise', () => {
  assert.equal(readSchemaFile('<stdin>', '{ "entities": { "A": {} } }').model?.entities.map((e) => e.name), ['A']);
  assert.equal(readSchemaFile('<stdin>', 'entities:\n  A: {}\n').model?.entities.map((e) => e.name), ['A']);
  assert.equal(placed(readSchemaFile('<stdin>', '{ entities: {} }').diagnostics), ['invalid_syntax 1:3-4 invalid JSON: expected a key in double quotes, found "e"']);
});

test.run();
