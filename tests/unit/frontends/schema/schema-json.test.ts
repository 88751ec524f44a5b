import { FIELD_FLAGS } from '../../../../src/ir/field-flags.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TYPE_SPELLINGS } from '../../../../src/frontends/fields.js';
import { TEXT_SIZE_SPELLINGS } from '../../../../src/ir/column-sizes.js';
import { apiSchemaJson, readSchemaFile } from '../../../../src/frontends/schema/index.js';
import { repoRoot } from '../../../support/repo-root.js';

/** The schema editors see must say what the readers accept: these tests catch one drifting from the other. */

interface Defs {
  $defs: Record<string, { enum?: string[]; pattern?: string; anyOf?: { enum?: string[] }[]; properties?: Record<string, unknown> }>;
}

const schema = apiSchemaJson() as Defs;
const defs = schema.$defs;

test('apiSchemaJson() is schemas/api-schema.schema.json, and a copy callers may change', () => {
  const file: unknown = JSON.parse(readFileSync(join(repoRoot(), 'schemas', 'api-schema.schema.json'), 'utf8'));
  assert.equal(apiSchemaJson(), file);
  (apiSchemaJson() as { title: string }).title = 'changed';
  assert.equal((apiSchemaJson() as { title: string }).title, 'ApiSchema');
});

test('the type names offered to editors are the spellings the readers know', () => {
  assert.equal(defs['FieldTypeName']?.anyOf?.[0]?.enum, [...Object.keys(TYPE_SPELLINGS), ...Object.keys(TEXT_SIZE_SPELLINGS)]);
});

test('every relation kind offered to editors is read', () => {
  for (const kind of defs['RelationKindName']?.enum ?? []) {
    const text = `entities:\n  A:\n    relations:\n      r: ${kind === 'morphTo' ? kind : `${kind} A`}\n`;
    const diagnostics = readSchemaFile('api-schema.yaml', text).diagnostics.filter((d) => d.code !== 'self_pivot_without_name');
    assert.equal(diagnostics, [], kind);
  }
});

test('options: soft_deletes and the generation options with their other names, at the top and per entity', () => {
  const options = ['soft_deletes', 'query_builder', 'pest', 'auth', 'client_collection', 'postman', 'expressive_tests', 'json_api', 'simple_pagination'];
  assert.equal(Object.keys(defs['Options']?.properties ?? {}), options);
  assert.equal(Object.keys(defs['Entity']?.properties ?? {}), ['fields', 'relations', 'table', 'timestamps', 'table_exists', 'indexes', ...options]);
});

test('the field shorthand pattern accepts what the reader accepts, and refuses what it refuses', () => {
  const pattern = new RegExp(defs['FieldShorthand']?.pattern ?? '', 'u');
  const accepted = ['string', ' text nullable ', 'enum(a, b c) default=a', "string default='a b' unique", 'integer default=-1 primary', 'enum (a,b)', 'string default=""', ...FIELD_FLAGS.map((flag) => `string ${flag}`)];
  const refused = ['strng', 'string nulable', 'string default', '', 'enum(a', 'string default=x default'];
  for (const shorthand of accepted) {
    assert.ok(pattern.test(shorthand), `pattern refuses ${shorthand}`);
    assert.equal(readField(shorthand), [], shorthand);
  }
  for (const shorthand of refused) {
    assert.not.ok(pattern.test(shorthand), `pattern accepts ${shorthand}`);
    assert.ok(readField(shorthand).length > 0, `reader accepts ${shorthand}`);
  }
});

test('the relation shorthand pattern accepts every well-formed relation', () => {
  const pattern = new RegExp(defs['RelationShorthand']?.pattern ?? '', 'u');
  for (const shorthand of ['hasMany A', 'morphTo', ' belongsTo  A ', 'MANYTOONE A']) assert.ok(pattern.test(shorthand), shorthand);
  for (const shorthand of ['hasMany A B', 'has-many A', '']) assert.not.ok(pattern.test(shorthand), shorthand);
});

function readField(shorthand: string): string[] {
  const text = `entities:\n  A:\n    fields:\n      f: ${JSON.stringify(shorthand)}\n`;
  return readSchemaFile('api-schema.yaml', text).diagnostics.map((d) => d.code);
}

test.run();
