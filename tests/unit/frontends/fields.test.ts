import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFields } from '../../../src/frontends/fields.js';

test('reads name:type pairs with the column of each name', () => {
  const { fields, diagnostics } = parseFields('title:string, body:text');
  assert.equal(diagnostics, []);
  assert.equal(
    fields.map((f) => [f.name, f.type, f.span.column]),
    [
      ['title', 'string', 1],
      ['body', 'text', 15],
    ],
  );
});

test('every documented type and alias is understood', () => {
  const spelled = 'a:string,b:text,c:boolean,d:bool,e:integer,f:int,g:bigint,h:float,i:double,j:decimal,k:json,l:date,m:datetime,n:timestamp,o:uuid';
  const { fields, diagnostics } = parseFields(spelled);
  assert.equal(diagnostics, []);
  assert.equal(
    fields.map((f) => f.type),
    ['string', 'text', 'boolean', 'boolean', 'integer', 'integer', 'bigint', 'float', 'float', 'decimal', 'json', 'date', 'datetime', 'timestamp', 'uuid'],
  );
});

test('commas inside enum(...) belong to the enum', () => {
  const { fields, diagnostics } = parseFields('status:enum(draft, published,archived),title:string');
  assert.equal(diagnostics, []);
  assert.equal(fields[0]?.enumValues, ['draft', 'published', 'archived']);
  assert.equal(fields[1]?.name, 'title');
});

test(':primary marks a custom key', () => {
  const { fields } = parseFields('code:string:primary,name:string');
  assert.equal(fields.map((f) => f.primary), [true, false]);
});

test(':nullable and :unique mark constraints, in any order', () => {
  const { fields, diagnostics } = parseFields('slug:string:unique,summary:text:nullable,code:string:unique:nullable');
  assert.equal(diagnostics, []);
  assert.equal(
    fields.map((f) => [f.name, f.nullable, f.unique]),
    [
      ['slug', false, true],
      ['summary', true, false],
      ['code', true, true],
    ],
  );
});

test('an unknown type points at the type and suggests the nearest', () => {
  const { diagnostics } = parseFields('title:string,body:strin');
  assert.is(diagnostics.length, 1);
  const [problem] = diagnostics;
  assert.is(problem?.code, 'unknown_field_type');
  assert.equal(problem?.span, { flag: '--fields', column: 19, endColumn: 24 });
  assert.match(problem?.message ?? '', 'did you mean "string"');
});

test('every bad pair is reported, not only the first', () => {
  const { diagnostics } = parseFields(':string,title,a:strng,b:string:nullabel,,c:enum(x,,y)');
  assert.equal(
    diagnostics.map((d) => [d.code, d.span?.column]),
    [
      ['empty_field_name', 1],
      ['missing_field_type', 9],
      ['unknown_field_type', 17],
      ['unknown_field_modifier', 32],
      ['empty_field_name', 41],
      ['bad_enum_values', 44],
    ],
  );
});

test('an enum value listed twice is an error at the second', () => {
  const { diagnostics } = parseFields('s:enum(a,b,a)');
  assert.equal(diagnostics.map((d) => [d.code, d.span?.column]), [['bad_enum_values', 12]]);
});

test('an unknown modifier lists the modifiers and says where defaults are written, with nothing that does not exist', () => {
  const [unknown] = parseFields('title:string:default').diagnostics;
  assert.is(unknown?.code, 'unknown_field_modifier');
  assert.is(unknown?.hint, 'modifiers: :nullable, :unique, :primary, :hidden, :index, :filterable, :sortable, :min=<number>, :max=<number>; a default value needs a schema file (title: string default=Untitled)');
});

test('an enum( never closed is a syntax error at its "(", not an unknown type', () => {
  const cases: [string, string, number][] = [
    ['status:enum(a,b', 'enum(', 12],
    ['title:string, status:enum(a,b,title:string', 'enum(', 26],
    ['status:enum (a', 'enum (', 13],
  ];
  for (const [flag, opening, column] of cases) {
    assert.equal(
      parseFields(flag).diagnostics.map((d) => [d.code, d.message, d.span]),
      [['invalid_syntax', `"${opening}" is never closed: add ")" after its values`, { flag: '--fields', column, endColumn: column + 1 }]],
      flag,
    );
  }
});

test('an empty flag is an error', () => {
  assert.equal(parseFields('  ').diagnostics.map((d) => d.code), ['empty_fields']);
});

test('a relation written as a type says where relations go', () => {
  for (const word of ['foreignId', 'belongsTo', 'foreignUuid']) {
    const [diagnostic] = parseFields(`user_id:${word}`).diagnostics;
    assert.is(diagnostic?.code, 'unknown_field_type', word);
    assert.is(diagnostic?.message, `unknown type "${word}": a relation is not a field type`);
    assert.match(diagnostic?.hint ?? '', 'author: belongsTo Author');
    assert.equal(diagnostic?.span, { flag: '--fields', column: 9, endColumn: 9 + word.length }, word);
  }
});

test.run();
