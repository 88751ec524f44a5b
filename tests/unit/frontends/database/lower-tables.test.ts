import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lowerTables } from '../../../../src/frontends/database/lower-tables.js';
import type { ColumnDescription, DatabaseDescription, TableDescription } from '../../../../src/ir/database-description.js';
import { checkModel } from '../../../../src/passes/check.js';

function column(name: string, type: string, more: Partial<ColumnDescription> = {}): ColumnDescription {
  return { name, type, nullable: false, unique: false, autoIncrement: false, ...more };
}

const id = column('id', 'integer', { autoIncrement: true });
const timestamps = [column('created_at', 'datetime', { nullable: true }), column('updated_at', 'datetime', { nullable: true })];

function table(name: string, columns: ColumnDescription[], more: Partial<TableDescription> = {}): TableDescription {
  return { name, columns, primaryKey: ['id'], foreignKeys: [], ...more };
}

function database(tables: TableDescription[], views: string[] = []): DatabaseDescription {
  return { engine: 'sqlite', tables, views };
}

const legacy = database(
  [
    table('migrations', [id, column('migration', 'varchar(255)')]),
    table('users', [id, column('email', 'varchar(255)', { unique: true })]),
    table('categories', [id, column('name', 'varchar(100)', { unique: true }), column('parent_id', 'integer', { nullable: true }), ...timestamps], {
      foreignKeys: [{ column: 'parent_id', referencedTable: 'categories', referencedColumn: 'id', onDelete: 'set_null' }],
    }),
    table('products', [
      id,
      column('title', 'varchar(255)'),
      column('price', 'numeric(8,2)', { default: '0' }),
      column('status', 'varchar(20)', { enumValues: ['draft', 'live'], default: "'draft'" }),
      column('category_id', 'integer'),
      column('deleted_at', 'datetime', { nullable: true }),
      column('shape', 'geometry', { nullable: true }),
      ...timestamps,
    ], { foreignKeys: [{ column: 'category_id', referencedTable: 'categories', referencedColumn: 'id', onDelete: 'cascade' }] }),
    table('tags', [id, column('label', 'text')]),
    table('product_tag', [column('product_id', 'integer'), column('tag_id', 'integer')], {
      primaryKey: ['product_id', 'tag_id'],
      foreignKeys: [
        { column: 'product_id', referencedTable: 'products', referencedColumn: 'id' },
        { column: 'tag_id', referencedTable: 'tags', referencedColumn: 'id' },
      ],
    }),
    table('comments', [id, column('body', 'text'), column('commentable_type', 'varchar(255)', { nullable: true }), column('commentable_id', 'integer', { nullable: true })]),
    table('order_lines', [column('order_no', 'integer'), column('line_no', 'integer')], { primaryKey: ['order_no', 'line_no'] }),
    table('tbl_customer', [column('code', 'varchar(12)'), column('name', 'varchar(255)')], { primaryKey: ['code'] }),
  ],
  ['active_products'],
);

test('tables become entities; Laravel tables, users, views and composite keys are skipped and reported', () => {
  const { model, diagnostics } = lowerTables(legacy);
  assert.equal(model.entities.map((entity) => entity.name), ['Category', 'Product', 'Tag', 'Comment', 'Customer']);
  const skips = diagnostics.filter((diagnostic) => diagnostic.code === 'database_table_skipped').map((diagnostic) => diagnostic.message);
  assert.equal(skips.length, 4);
  assert.ok(skips.some((message) => message.startsWith('table active_products is skipped: it is a view')));
  assert.ok(skips.some((message) => message.startsWith("table migrations is skipped: it is one of Laravel's own")));
  assert.ok(skips.some((message) => message.startsWith('table users is skipped')));
  assert.ok(skips.some((message) => message.startsWith('table order_lines is skipped: its primary key is composite (order_no, line_no)')));
  assert.ok(diagnostics.every((diagnostic) => diagnostic.severity === 'warning'));
});

test('columns become fields with type, nullable, unique, default and enum values', () => {
  const product = lowerTables(legacy).model.entities.find((entity) => entity.name === 'Product');
  assert.equal(
    product?.fields.map((field) => [field.name, field.type, field.nullable, field.defaultValue?.value, field.enumValues]),
    [
      ['title', 'string', false, undefined, undefined],
      ['price', 'decimal', false, 0, undefined],
      ['status', 'enum', false, 'draft', ['draft', 'live']],
    ],
  );
  assert.is(product?.softDeletes, true);
  const category = lowerTables(legacy).model.entities.find((entity) => entity.name === 'Category');
  assert.equal(category?.fields.map((field) => [field.name, field.unique]), [['name', true]]);
});

test('foreign keys become belongsTo, a pivot belongsToMany, a type/id pair morphTo', () => {
  const { model } = lowerTables(legacy);
  const relations = (name: string) => model.entities.find((entity) => entity.name === name)?.relations.map((relation) => [relation.name, relation.kind, relation.target ?? null, relation.onDelete ?? null]);
  assert.equal(relations('Category'), [['parent', 'belongsTo', 'Category', 'set_null']]);
  assert.equal(relations('Product'), [['category', 'belongsTo', 'Category', 'cascade'], ['tags', 'belongsToMany', 'Tag', null]]);
  assert.equal(relations('Comment'), [['commentable', 'morphTo', null, null]]);
});

test('a non-id primary key is a custom key; a prefixed singular table keeps its name; a table without timestamps says so', () => {
  const { model } = lowerTables(legacy);
  const customer = model.entities.find((entity) => entity.name === 'Customer');
  assert.equal(customer?.fields.map((field) => [field.name, field.primary]), [['code', true], ['name', false]]);
  assert.is(customer?.table, 'tbl_customer');
  assert.is(customer?.timestamps, false);
  const category = model.entities.find((entity) => entity.name === 'Category');
  assert.is(category?.table, undefined, 'categories is the name Laravel gives Category');
  assert.is(category?.timestamps, undefined);
  assert.ok(model.entities.every((entity) => entity.tableExists === undefined), 'without tablesExist the migrations recreate every table');
});

test('tablesExist marks every entity; a lone timestamp is skipped and reported', () => {
  const { model, diagnostics } = lowerTables(
    database([table('notes', [id, column('body', 'text'), column('created_at', 'datetime', { nullable: true })])]),
    { tablesExist: true },
  );
  assert.equal(model.entities.map((entity) => [entity.name, entity.tableExists, entity.timestamps, entity.fields.map((field) => field.name)]), [['Note', true, false, ['body']]]);
  const lone = diagnostics.find((diagnostic) => diagnostic.code === 'database_column_skipped');
  assert.match(lone?.message ?? '', 'notes.created_at is skipped: the table has no updated_at');
});

test('the lowered model passes every check, inverses synthesized', () => {
  const checked = checkModel(lowerTables(legacy).model);
  assert.equal(checked.diagnostics.filter((diagnostic) => diagnostic.severity === 'error'), []);
  const category = checked.model?.entities.find((entity) => entity.naming.className === 'Category');
  assert.ok(category?.relations.some((relation) => relation.kind === 'hasMany' && relation.target === 'Product'));
});

test('--tables keeps only the tables named, users included, and an unknown name is an error', () => {
  const { model, diagnostics } = lowerTables(legacy, { requested: ['users', 'tags', 'nope'] });
  assert.equal(model.entities.map((entity) => entity.name), ['User', 'Tag']);
  const unknown = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  assert.equal(unknown.map((diagnostic) => diagnostic.code), ['database_unknown_table']);
  assert.match(unknown[0]?.message ?? '', 'nope');
});

test('a foreign key to a column that is not the key, or to a skipped table, stays a plain column and says why', () => {
  const { model, diagnostics } = lowerTables(
    database([
      table('accounts', [id, column('number', 'varchar(10)', { unique: true })]),
      table('payments', [id, column('account_id', 'varchar(10)'), column('user_id', 'integer'), column('amount', 'integer')], {
        foreignKeys: [
          { column: 'account_id', referencedTable: 'accounts', referencedColumn: 'number' },
          { column: 'user_id', referencedTable: 'users', referencedColumn: 'id' },
        ],
      }),
      table('users', [id]),
    ]),
  );
  const payment = model.entities.find((entity) => entity.name === 'Payment');
  assert.equal(payment?.relations, []);
  assert.equal(payment?.fields.map((field) => field.name), ['account_id', 'user_id', 'amount']);
  const reasons = diagnostics.filter((diagnostic) => diagnostic.code === 'database_column_skipped').map((diagnostic) => diagnostic.message);
  assert.equal(reasons, [
    'foreign key payments.account_id -> accounts.number stays a plain column: number is not the key of accounts',
    'foreign key payments.user_id -> users.id stays a plain column: table users is not generated',
  ]);
});

test.run();

test('a NOT NULL morph pair stays two plain fields, and says why', () => {
  const { model, diagnostics } = lowerTables(
    database([table('images', [id, column('imageable_type', 'varchar(255)'), column('imageable_id', 'integer'), ...timestamps])]),
  );
  const image = model.entities[0];
  assert.equal(image?.relations, []);
  assert.equal(image?.fields.map((field) => [field.name, field.type, field.nullable]), [['imageable_type', 'string', false], ['imageable_id', 'integer', false]]);
  assert.equal(diagnostics.map((diagnostic) => diagnostic.code), ['database_morph_not_null']);
});
