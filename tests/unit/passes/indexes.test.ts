import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readSchemaFile } from '../../../src/frontends/schema/index.js';
import { checkModel } from '../../../src/passes/check.js';
import { lines, placed } from '../frontends/schema/support.js';

function checkedSchema(text: string) {
  const read = readSchemaFile('api-schema.yaml', text);
  assert.equal(read.diagnostics, [], 'the file reads');
  if (read.model === undefined) throw new Error('no model');
  return checkModel(read.model);
}

function orders(indexes: string[], extra: string[] = []): string {
  return lines(
    'entities:',
    '  Customer:',
    '    fields:',
    '      name: string',
    '  Order:',
    '    soft_deletes: true',
    '    fields:',
    '      status: string',
    '      placed_at: datetime',
    '      reference: string unique',
    '      total: decimal index',
    '      notes: text nullable',
    '      details: json nullable',
    ...extra,
    '    relations:',
    '      customer: belongsTo Customer',
    '    indexes:',
    ...indexes.map((columns) => `      - ${columns}`),
  );
}

test('an index may read fields, foreign keys, timestamps and deleted_at, and reaches the checked entity in its order', () => {
  const { model, diagnostics } = checkedSchema(orders(['[status, placed_at]', '[customer_id, created_at]', '[deleted_at]', '[updated_at, total]']));
  assert.equal(diagnostics, []);
  const order = model?.entities.find((entity) => entity.naming.className === 'Order');
  assert.equal(order?.indexes?.map((index) => index.columns), [['status', 'placed_at'], ['customer_id', 'created_at'], ['deleted_at'], ['updated_at', 'total']]);
});

test('each index the migration could not make, or makes already, is invalid_index at its own list, all reported together', () => {
  const { model, diagnostics } = checkedSchema(
    orders(['[status, placed_on]', '[status, status]', '[notes, status]', '[details]', '[status]', '[total]', '[reference]', '[customer_id]', '[id]', '[placed_at, status]', '[placed_at, status]']),
  );
  assert.is(model, undefined);
  assert.equal(placed(diagnostics), [
    'invalid_index 17:9-28 orders has no column placed_on to index; its columns are id, status, placed_at, reference, total, notes, details, customer_id, created_at, updated_at, deleted_at',
    'invalid_index 18:9-25 the index (status, status) of orders lists status twice',
    'invalid_index 19:9-24 orders.notes is a text column, which MySQL indexes only by a prefix: it cannot be in an index',
    'invalid_index 20:9-18 orders.details is a json column, which PostgreSQL cannot order and MySQL cannot index: it cannot be in an index',
    'invalid_index 21:9-17 a one-column index of orders is written on its field: status marked index',
    'invalid_index 22:9-16 orders has the index (total) already: total is marked index',
    'invalid_index 23:9-20 orders has the index (reference) already: reference is unique',
    'invalid_index 24:9-22 orders has the index (customer_id) already: every foreign key column has one',
    'invalid_index 25:9-13 orders has the index (id) already: the primary key',
    'invalid_index 27:9-28 the index (placed_at, status) of orders is listed twice',
  ]);
  assert.equal(diagnostics.find((found) => found.message.includes('placed_on'))?.hint, 'did you mean placed_at?');
});

test('created_at and deleted_at are columns only where the table has them', () => {
  const { diagnostics } = checkedSchema(orders(['[created_at]', '[deleted_at]'], ['    timestamps: false']).replace('    soft_deletes: true\n', ''));
  assert.equal(
    diagnostics.map((found) => found.message.slice(0, found.message.indexOf(';'))),
    ['orders has no column created_at to index', 'orders has no column deleted_at to index'],
  );
});

test('a morph is indexed by nullableMorphs already, and its columns may lead another index', () => {
  const text = lines(
    'entities:',
    '  Post:',
    '    fields:',
    '      title: string',
    '    relations:',
    '      comments: morphMany Comment',
    '  Comment:',
    '    fields:',
    '      body: string',
    '    relations:',
    '      commentable: morphTo',
    '    indexes:',
    '      - [commentable_type, commentable_id]',
    '      - [commentable_type, commentable_id, created_at]',
  );
  assert.equal(
    checkedSchema(text).diagnostics.map((found) => found.message),
    ['comments has the index (commentable_type, commentable_id) already: the morph commentable has one'],
  );
});

test.run();
