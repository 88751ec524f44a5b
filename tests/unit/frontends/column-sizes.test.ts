import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../../../src/diagnostics/diagnostic.js';
import { lowerErDiagram } from '../../../src/frontends/diagram/lower-er.js';
import { parseFields } from '../../../src/frontends/fields.js';
import { readSchemaFile } from '../../../src/frontends/schema/index.js';
import type { SourceField } from '../../../src/ir/ir.generated.js';
import { parseErDiagram } from '../../../grammar/er/index.js';

/** Each diagnostic as `code column message`, for --fields. */
const atColumns = (diagnostics: readonly Diagnostic[]) => diagnostics.map((d) => `${d.code} ${d.span?.column}`);

/** What a field says of its column: its type, size and bounds. */
const sized = (field: SourceField | undefined) => ({ type: field?.type, size: field?.size, min: field?.min, max: field?.max });

test('--fields: string(100), decimal(8,2), decimal(8), mediumtext, longtext and min=/max=', () => {
  const { fields, diagnostics } = parseFields('name:string(100),price:decimal(8,2):min=0,whole:decimal(8),notes:mediumtext,body:LongText,stock:integer:min=-5:max=10');
  assert.equal(diagnostics, []);
  assert.equal(fields.map(sized), [
    { type: 'string', size: { length: 100 }, min: undefined, max: undefined },
    { type: 'decimal', size: { precision: 8, scale: 2 }, min: 0, max: undefined },
    { type: 'decimal', size: { precision: 8, scale: 0 }, min: undefined, max: undefined },
    { type: 'text', size: { text: 'medium' }, min: undefined, max: undefined },
    { type: 'text', size: { text: 'long' }, min: undefined, max: undefined },
    { type: 'integer', size: undefined, min: -5, max: 10 },
  ]);
});

test('--fields: the defaults stay without a size', () => {
  const { fields } = parseFields('name:string,price:decimal,body:text');
  assert.equal(fields.map((field) => field.size), [undefined, undefined, undefined]);
});

test('--fields: a bad size or bound is an error with its column', () => {
  const cases: [string, string][] = [
    ['p:decimal(2,3)', 'invalid_column_size 13'],
    ['n:string(0)', 'invalid_column_size 10'],
    ['n:string(16384)', 'invalid_column_size 10'],
    ['n:string(x)', 'invalid_column_size 10'],
    ['n:text(5)', 'invalid_column_size 3'],
    ['p:decimal(8,2,1)', 'invalid_column_size 3'],
    ['n:string:min=3', 'invalid_bounds 10'],
    ['q:integer:min=5:max=1', 'invalid_bounds 17'],
    ['q:integer:min=abc', 'invalid_bounds 15'],
    ['q:integer:min=1.5', 'invalid_bounds 11'],
    ['q:integer:min=1:min=2', 'invalid_bounds 17'],
  ];
  for (const [input, expected] of cases) assert.equal(atColumns(parseFields(input).diagnostics), [expected], input);
});

test('--fields: a size on an unknown type is the unknown type', () => {
  assert.equal(parseFields('x:foo(3)').diagnostics.map((d) => d.code), ['unknown_field_type']);
});

test('schema files: the size with the type, in the shorthand and the mapping; min/max as modifiers and keys', () => {
  const text = [
    'entities:',
    '  Product:',
    '    fields:',
    '      name: string(100) unique',
    '      price: decimal(8,2) min=0 max=5000',
    '      notes: mediumtext nullable',
    "      credit: { type: 'decimal(6,0)', min: 1, max: 10 }",
    '      body: { type: longtext }',
  ].join('\n');
  const { model, diagnostics } = readSchemaFile('api-schema.yaml', text);
  assert.equal(diagnostics, []);
  assert.equal(model?.entities[0]?.fields.map(sized), [
    { type: 'string', size: { length: 100 }, min: undefined, max: undefined },
    { type: 'decimal', size: { precision: 8, scale: 2 }, min: 0, max: 5000 },
    { type: 'text', size: { text: 'medium' }, min: undefined, max: undefined },
    { type: 'decimal', size: { precision: 6, scale: 0 }, min: 1, max: 10 },
    { type: 'text', size: { text: 'long' }, min: undefined, max: undefined },
  ]);
});

test('schema files: bad sizes and bounds are errors at their place', () => {
  const read = (field: string) => readSchemaFile('api-schema.yaml', ['entities:', '  Product:', '    fields:', `      ${field}`].join('\n')).diagnostics;
  const placed = (diagnostics: Diagnostic[]) => diagnostics.map((d) => `${d.code} ${d.span?.line}:${d.span?.column}`);
  assert.equal(placed(read('price: decimal(4,5)')), ['invalid_column_size 4:24']);
  assert.equal(placed(read('name: string min=1')), ['invalid_bounds 4:24']);
  assert.equal(placed(read('stock: integer min=9 max=1')), ['invalid_bounds 4:32']);
  assert.equal(placed(read('stock: { type: integer, min: 9, max: 1 }')), ['invalid_bounds 4:44']);
  assert.equal(placed(read('name: { type: text, max: 1 }')), ['invalid_bounds 4:32']);
});

function lowerEr(text: string) {
  const parsed = parseErDiagram(text);
  if (parsed.diagram === undefined) throw new Error(JSON.stringify(parsed.errors));
  return lowerErDiagram('shop.mmd', parsed.diagram);
}

test('erDiagram: varchar(100), decimal~8,2~ (Mermaid refuses the comma of decimal(8,2)), longtext, min=/max= in the comment', () => {
  const { model, diagnostics } = lowerEr(
    ['erDiagram', '  PRODUCT {', '    varchar(100) name', '    decimal~8,2~ price "min=0 max=5000"', '    numeric(6) credit', '    longtext notes', '    varchar(255) code', '  }'].join('\n'),
  );
  assert.equal(diagnostics, []);
  assert.equal(model.entities[0]?.fields.map(sized), [
    { type: 'string', size: { length: 100 }, min: undefined, max: undefined },
    { type: 'decimal', size: { precision: 8, scale: 2 }, min: 0, max: 5000 },
    { type: 'decimal', size: { precision: 6, scale: 0 }, min: undefined, max: undefined },
    { type: 'text', size: { text: 'long' }, min: undefined, max: undefined },
    { type: 'string', size: undefined, min: undefined, max: undefined },
  ]);
});

test('erDiagram: a bad size and a bound of a text are errors at their place', () => {
  const { diagnostics } = lowerEr(['erDiagram', '  PRODUCT {', '    decimal~2,4~ price', '    text notes "min=1"', '  }'].join('\n'));
  assert.equal(
    diagnostics.map((d) => `${d.code} ${d.span?.line}:${d.span?.column}`),
    ['invalid_column_size 3:15', 'invalid_bounds 4:21'],
  );
});

test.run();
