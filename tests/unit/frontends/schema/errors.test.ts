import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { humanDiagnostic, palette } from '../../../../src/cli/output/report.js';
import { readSchemaFile } from '../../../../src/frontends/schema/index.js';
import { lines, placed } from './support.js';

const BROKEN = lines(
  'options:',
  '  auth: true',
  'entities:',
  '  Post:',
  '    fields:',
  '      title: strng nullable',
  '      body: { type: text, nulable: true }',
  '      status: enum(draft,published) default=drafts',
  '    relations:',
  '      author: belongsTo Writer',
  '      related: belongsToMany Post',
  '      tags: hasManyy Tag',
  '  Tag: {}',
  '  Comment:',
  '    relations:',
  '      commentable: morphTo Post',
);

test('every error of one file, together, in file order, each at its line and columns', () => {
  const { diagnostics } = readSchemaFile('api-schema.yaml', BROKEN);
  assert.equal(placed(diagnostics), [
    'unknown_field_type 6:14-19 unknown type "strng"; did you mean "string"?',
    'unknown_key 7:27-34 unknown key "nulable"; did you mean "nullable"?',
    'invalid_default 8:45-51 default "drafts" is not a value of the enum of "status"; did you mean "draft"?',
    'unknown_entity 10:25-31 relation author of Post points to Writer, which is not declared in this file',
    'self_pivot_without_name 11:30-34 belongsToMany related relates Post to itself: give its pivot table a name',
    'unknown_relation_kind 12:13-21 unknown relation kind "hasManyy"; did you mean "hasMany"?',
    'morph_to_with_target 16:28-32 morphTo "commentable" takes no target: its owner can be any entity with a morphOne or morphMany to it',
  ]);
  assert.ok(diagnostics.every((d) => d.severity === 'error' && d.span?.file === 'api-schema.yaml'));
});

test('what is well formed still reaches the model, so the passes can add their own errors', () => {
  const { model } = readSchemaFile('api-schema.yaml', BROKEN);
  assert.equal(model?.entities.map((e) => [e.name, e.fields.map((f) => f.name), e.relations.map((r) => r.name)]), [
    ['Post', ['body'], []],
    ['Tag', [], []],
    ['Comment', [], []],
  ]);
});

test('the code frame underlines the word at fault', () => {
  const { diagnostics } = readSchemaFile('api-schema.yaml', BROKEN);
  const unknownKey = diagnostics.find((d) => d.code === 'unknown_key');
  assert.ok(unknownKey !== undefined);
  assert.equal(humanDiagnostic(unknownKey, new Map([['api-schema.yaml', BROKEN]]), palette(false)), [
    'error[unknown_key] api-schema.yaml:7:27: unknown key "nulable"; did you mean "nullable"?',
    '          body: { type: text, nulable: true }',
    '                              ^^^^^^^',
    '  hint: known keys here: type, nullable, unique, primary, index, filterable, sortable, hidden, default, rules, renamed_from, min, max',
  ]);
});

test('a YAML syntax error is placed, and nothing else is read', () => {
  const text = lines('entities:', '  Post:', '    fields:', '      title: string', '     body: text');
  const { model, diagnostics } = readSchemaFile('api-schema.yaml', text);
  assert.equal(model, undefined);
  assert.equal(placed(diagnostics), ['invalid_syntax 5:1-2 invalid YAML: all mapping items must start at the same column']);
});

test('a JSON syntax error is placed at its line and column', () => {
  const text = lines('{', '  "entities": {', '    "Post": { "fields": { "title": "string", } }', '  }', '}');
  const { model, diagnostics } = readSchemaFile('api-schema.json', text);
  assert.equal(model, undefined);
  assert.equal(placed(diagnostics), ['invalid_syntax 3:46-47 invalid JSON: a comma before "}": JSON allows no trailing comma']);
});

test('JSON syntax errors of every kind name what was expected', () => {
  const messages = ['{"a" 1}', '{"a": }', '[1 2]', '{"a": "b', '{a: 1}', '{"a": 1} x', '', '{"a": "\\q"}'].map(
    (text) => readSchemaFile('x.json', text).diagnostics.map((d) => `${d.span?.column}: ${d.message}`)[0],
  );
  assert.equal(messages, [
    '6: invalid JSON: expected ":", found "1"',
    '7: invalid JSON: expected a value, found "}"',
    '4: invalid JSON: expected "," or "]", found "2"',
    '9: invalid JSON: this string is not closed',
    '2: invalid JSON: expected a key in double quotes, found "a"',
    '10: invalid JSON: expected the end of the file, found "x"',
    '1: invalid JSON: expected a value, found the end of the file',
    '8: invalid JSON: "\\q" is not an escape JSON knows',
  ]);
});

test('an api-schema.json with values of the wrong type: each at its value', () => {
  const text = lines(
    '{',
    '  "options": { "soft_deletes": "yes" },',
    '  "entities": {',
    '    "Post": {',
    '      "fields": { "title": 42, "body": { "type": "text", "nullable": 1, "rules": { "max": 9 } } },',
    '      "relations": []',
    '    }',
    '  }',
    '}',
  );
  const { diagnostics } = readSchemaFile('api-schema.json', text);
  assert.equal(placed(diagnostics), [
    'invalid_schema 2:32-37 "soft_deletes" must be true or false',
    'invalid_schema 5:28-30 "title" must be a string or an object',
    'invalid_schema 5:70-71 "nullable" must be true or false',
    'invalid_schema 5:74-79 "rules" must be a string or an array',
    'invalid_schema 6:8-17 "relations" must be an object',
  ]);
});

test('the shape at the top: a missing entities, an unknown key, an empty entity', () => {
  const { diagnostics } = readSchemaFile('api-schema.yaml', lines('option:', '  soft_deletes: true', 'entitys:', '  Post:'));
  assert.equal(placed(diagnostics), [
    'invalid_schema 1:1-8 the file is missing "entities"',
    'unknown_key 1:1-7 unknown key "option"; did you mean "options"?',
    'unknown_key 3:1-8 unknown key "entitys"; did you mean "entities"?',
  ]);
  const empty = readSchemaFile('api-schema.yaml', lines('entities:', '  Post:'));
  assert.equal(placed(empty.diagnostics), ['invalid_schema 2:3-7 "Post" is empty: it must be a mapping']);
});

test('names twice: an entity (also in another case), a relation, a key of a field', () => {
  const text = lines(
    'entities:',
    '  Post:',
    '    fields:',
    '      title: { type: string, unique: true, unique: false }',
    '    relations:',
    '      tags: belongsToMany Tag',
    '      Tags: belongsToMany Tag',
    '  Tag: {}',
    '  Post: {}',
    '  tag: {}',
  );
  const { diagnostics } = readSchemaFile('api-schema.yaml', text);
  assert.equal(placed(diagnostics), [
    'invalid_schema 4:44-50 "unique" is given twice here; remove one',
    'duplicate_relation 7:7-11 relation Tags of Post is declared twice (first as tags on line 6)',
    'duplicate_entity 9:3-7 entity Post is declared twice (first as Post on line 2)',
    'duplicate_entity 10:3-6 entity tag is declared twice (first as Tag on line 8)',
  ]);
});

test('shorthand words: an unknown modifier, a misplaced default, a relation with a word too many', () => {
  const text = lines(
    'entities:',
    '  Post:',
    '    fields:',
    '      title: string unqiue',
    '      views: integer default=many',
    '      active: boolean default=null',
    "      motto: string default='unclosed",
    '    relations:',
    '      owner: belongsTo Post Tag',
    '      things: hasMany',
  );
  const { diagnostics } = readSchemaFile('api-schema.yaml', text);
  assert.equal(placed(diagnostics), [
    'unknown_field_modifier 4:21-27 unknown modifier "unqiue" on field "title"; did you mean "unique"?',
    'invalid_default 5:30-34 the default of integer field "views" must be a whole number, not "many"',
    'invalid_default 6:31-35 default null on "active", which is not nullable',
    "invalid_default 7:29-38 the quote of default='unclosed is not closed",
    'invalid_schema 9:29-32 unexpected "Tag" after the target of relation "owner"',
    'missing_relation_target 10:15-22 hasMany "things" needs a target entity',
  ]);
});

test('every option is generated: none is refused where it is set, at the top or in an entity', () => {
  const text = lines('options:', '  auth: true', 'entities:', '  Post:', '    auth: true', '    client_collection: true', '    pest: true', '    query_builder: true', '    json_api: true', '    simple_pagination: true');
  const read = readSchemaFile('api-schema.yaml', text);
  assert.equal(placed(read.diagnostics), []);
  assert.equal(read.model?.entities[0]?.options, { auth: true, clientCollection: true, expressiveTests: true, queryBuilder: true, jsonApi: true, simplePagination: true });
});

test("the options reach the entities, each entity's own keys over the file's, postman and expressive_tests being other names", () => {
  const text = lines(
    'options:',
    '  pest: true',
    '  json_api: true',
    'entities:',
    '  Post:',
    '    postman: true',
    '    json_api: false',
    '  Tag:',
    '    expressive_tests: false',
    '    query_builder: true',
  );
  const options = readSchemaFile('api-schema.yaml', text).model?.entities.map((entity) => [entity.name, entity.options]);
  assert.equal(options, [
    ['Post', { expressiveTests: true, clientCollection: true }],
    ['Tag', { jsonApi: true, queryBuilder: true }],
  ]);
});

test('class_data.json records the options it holds true, auth included', () => {
  const text = '[{"name": "Post", "auth": true, "jsonApi": false}]';
  const read = readSchemaFile('class_data.json', text);
  assert.equal(read.model?.entities[0]?.options, { auth: true });
  assert.equal(placed(read.diagnostics), []);
});

test('a string written with escapes has no columns of its own: its errors cover the whole string', () => {
  const text = lines('entities:', '  Post:', '    fields:', '      title: "str\\u0069ng nulable"');
  assert.equal(placed(readSchemaFile('api-schema.yaml', text).diagnostics), [
    'unknown_field_modifier 4:14-35 unknown modifier "nulable" on field "title"; did you mean "nullable"?',
  ]);
});

test('an enum( never closed in a shorthand or a type is a syntax error at its "("', () => {
  const { diagnostics } = readSchemaFile('api-schema.yaml', lines('entities:', '  Post:', '    fields:', '      status: enum(a,b', '      other: { type: "enum(x" }'));
  assert.equal(placed(diagnostics), [
    'invalid_syntax 4:19-20 "enum(" is never closed: add ")" after its values',
    'invalid_syntax 5:27-28 "enum(" is never closed: add ")" after its values',
  ]);
});

test.run();
