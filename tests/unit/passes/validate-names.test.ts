import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFields } from '../../../src/frontends/fields.js';
import type { SourceModel } from '../../../src/ir/ir.generated.js';
import { validateNames } from '../../../src/passes/validate-names.js';

function modelOf(entity: string, fields: string): SourceModel {
  return { entities: [{ name: entity, fields: parseFields(fields).fields, relations: [], softDeletes: false, span: { flag: '<entity>' } }] };
}

const codesOf = (entity: string, fields: string) => validateNames(modelOf(entity, fields)).map((d) => [d.code, d.span?.column]);

test('a table the input names is a plain identifier of at most 63 characters', () => {
  const withTable = (table: string) => validateNames({ entities: [{ ...modelOf('Customer', 'name:string').entities[0]!, table }] }).map((d) => d.code);
  assert.equal(withTable('tbl_customer'), []);
  assert.equal(withTable('_legacy2'), []);
  for (const table of ['tbl customer', "x'); drop table users; --", '9lives', '', 'a'.repeat(64)]) assert.equal(withTable(table), ['invalid_table_name'], table);
});

test('a plain entity passes', () => {
  assert.equal(codesOf('BlogPost', 'title:string,code:string:primary'), []);
});

test('entity names that are not PHP class names are refused', () => {
  for (const name of ['class', 'List', '123Post', '../x', 'Blog-Post', 'Mixed', '', 'Request', 'response', 'Gate']) {
    const codes = validateNames(modelOf(name, 'a:string')).map((d) => d.code);
    assert.ok(codes.length === 1 && ['invalid_entity_name', 'reserved_word'].includes(codes[0] ?? ''), `${name}: ${codes.join()}`);
  }
});

test('provided, duplicates, implicit columns and bad identifiers are each reported at their field', () => {
  assert.equal(codesOf('Post', 'provided:string,title:string,Title:text,created_at:date,9lives:int,exists:bool'), [
    ['reserved_field', 1],
    ['duplicate_field', 30],
    ['reserved_field', 41],
    ['invalid_identifier', 57],
    ['reserved_field', 68],
  ]);
});

test('fields that become the same DTO property are duplicates', () => {
  assert.equal(codesOf('Post', 'published_at:date,publishedAt:date'), [['duplicate_field', 19]]);
});

test('data is refused: it would unwrap the resource', () => {
  assert.equal(codesOf('Blob', 'data:json'), [['reserved_field', 1]]);
});

test('id is refused unless it is the primary key', () => {
  assert.equal(codesOf('Post', 'id:uuid:primary'), []);
  assert.equal(codesOf('Post', 'id:uuid'), [['reserved_field', 1]]);
});

test('one primary key of a key type', () => {
  assert.equal(codesOf('Country', 'code:string:primary,iso:string:primary'), [['multiple_primary_keys', 21]]);
  assert.equal(codesOf('Country', 'flag:boolean:primary'), [['invalid_primary_key_type', 1]]);
  assert.equal(codesOf('Country', 'code:string:primary:nullable'), [['invalid_primary_key_type', 1]]);
});

test('with relations, the relation classes and the collection the models import are taken names too', () => {
  const collection = modelOf('Collection', 'name:string');
  assert.equal(validateNames(collection), []);
  const related: SourceModel = {
    entities: [
      ...collection.entities,
      { name: 'Post', fields: [], relations: [{ name: 'collections', kind: 'hasMany', target: 'Collection', span: {} }], softDeletes: false, span: {} },
    ],
  };
  const [clash] = validateNames(related);
  assert.is(clash?.code, 'reserved_word');
  assert.is(clash?.message, '"Collection" would clash with the framework class Collection that the generated files import');
});

test("an entity paged without a count may not be named Paginator, whose service imports Laravel's; without the option it may", () => {
  const paginator = modelOf('Paginator', 'name:string');
  assert.equal(validateNames(paginator), []);
  const simplyPaged: SourceModel = { entities: [{ ...paginator.entities[0]!, options: { simplePagination: true } }] };
  assert.equal(validateNames(simplyPaged).map((d) => [d.code, d.message]), [['reserved_word', '"Paginator" would clash with the framework class Paginator that the generated files import']]);
});


test.run();
