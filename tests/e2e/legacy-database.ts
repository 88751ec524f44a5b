import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'sql.js';
import { fail } from './live-contract.js';
import { expectData, expectEqual, type LiveStory } from './live-stories.js';

/**
 * A legacy database, written in plain SQL and not by Laravel, as the application's SQLite database: what
 * `fullapi make --from-database` starts from (tests/fixtures/database/legacy-sqlite.sql).
 */

const APP_DATABASE = 'database/database.sqlite';
const TEST_DATABASE = 'database/testing.sqlite';

async function openDatabase(bytes?: Uint8Array): Promise<Database> {
  const { default: initSqlJs } = await import('sql.js');
  const SQL = await initSqlJs();
  return new SQL.Database(bytes);
}

/** Replaces the application's database with one the SQL file makes, run by SQLite itself (sql.js). */
export async function createLegacyDatabase(repo: string, app: string, sqlFile: string): Promise<string> {
  const database = await openDatabase();
  try {
    database.exec(readFileSync(join(repo, sqlFile), 'utf8'));
    writeFileSync(join(app, APP_DATABASE), database.export());
    const tables = database.exec("SELECT count(*) FROM sqlite_master WHERE type = 'table'")[0]?.values[0]?.[0];
    return `${String(tables)} tables from ${sqlFile}`;
  } finally {
    database.close();
  }
}

/**
 * The tests of tables the database has of its own run in a transaction on a database that has them: a copy
 * of the legacy one, named in phpunit.xml (whose SQLite in memory has no table but the migrations').
 */
export function useLegacyTestDatabase(app: string): string {
  copyFileSync(join(app, APP_DATABASE), join(app, TEST_DATABASE));
  const phpunitPath = join(app, 'phpunit.xml');
  const phpunit = readFileSync(phpunitPath, 'utf8');
  const inMemory = /<env name="DB_DATABASE" value=":memory:"\/>/;
  if (!inMemory.test(phpunit)) throw new Error('phpunit.xml has no SQLite-in-memory DB_DATABASE to replace');
  writeFileSync(phpunitPath, phpunit.replace(inMemory, `<env name="DB_DATABASE" value="${join(app, TEST_DATABASE)}" force="true"/>`));
  return `the tests use ${TEST_DATABASE}, a copy of ${APP_DATABASE}`;
}

/** After the tests: every table is still there, and as empty as it was (each test's transaction rolled back). */
export async function checkTablesLeftAsTheyWere(app: string, tables: readonly string[]): Promise<string> {
  const database = await openDatabase(readFileSync(join(app, TEST_DATABASE)));
  try {
    const present = new Set(database.exec("SELECT name FROM sqlite_master WHERE type = 'table'")[0]?.values.map((row) => String(row[0])) ?? []);
    const missing = tables.filter((table) => !present.has(table));
    if (missing.length > 0) fail(`the tests dropped ${missing.join(', ')}`);
    const filled = tables.flatMap((table) => {
      const rows = Number(database.exec(`SELECT count(*) FROM "${table}"`)[0]?.values[0]?.[0] ?? 0);
      return rows === 0 ? [] : [`${table} (${rows})`];
    });
    if (filled.length > 0) fail(`the tests left rows in ${filled.join(', ')}`);
    return `${tables.join(', ')}: there, and empty`;
  } finally {
    database.close();
  }
}

async function rowsOf(app: string, sql: string): Promise<unknown[][]> {
  const database = await openDatabase(readFileSync(join(app, APP_DATABASE)));
  try {
    return database.exec(sql)[0]?.values ?? [];
  } finally {
    database.close();
  }
}

/**
 * The API on the legacy tables as they are: a prefixed singular table with a string key, tables without
 * timestamps, a self-reference, an enum from a CHECK, a pivot; the rows land in the legacy tables.
 */
export const LEGACY_STORY: LiveStory = {
  name: 'the legacy tables as they are',
  async run(api, app) {
    const customer = await expectData(api, 'POST', '/api/customers', 201, { code: 'C-001', name: 'Ada', born_on: '1990-05-01' });
    expectEqual(Object.keys(customer).sort(), ['born_on', 'code', 'name'], 'the attributes of a customer (no timestamps)');
    await expectData(api, 'GET', '/api/customers/C-001', 200);
    expectEqual(await rowsOf(app.path, "SELECT name FROM tbl_customer WHERE code = 'C-001'"), [['Ada']], 'the row in tbl_customer');

    const tools = await expectData(api, 'POST', '/api/categories', 201, { name: 'Tools' });
    const saws = await expectData(api, 'POST', '/api/categories', 201, { name: 'Saws', parent_id: tools.id });
    // The inverse of parent_id, synthesized, is named after the children's class.
    const parent = await expectData(api, 'GET', `/api/categories/${String(tools.id)}?include=categories`, 200);
    expectEqual((parent.categories as Array<{ id: unknown }> | undefined)?.map((child) => child.id), [saws.id], 'the children of a category');
    const child = await expectData(api, 'GET', `/api/categories/${String(saws.id)}?include=parent`, 200);
    expectEqual((child.parent as { id: unknown } | undefined)?.id, tools.id, 'the parent of a category');

    const tag = await expectData(api, 'POST', '/api/tags', 201, { label: 'steel', kind: 'topic' });
    if ('created_at' in tag) fail('a tag answers created_at, which its table does not have');
    const product = await expectData(api, 'POST', '/api/products', 201, { title: 'Hand saw', category_id: saws.id, tag_ids: [tag.id] });
    // A decimal(8, 2) is cast to its two-decimal string.
    expectEqual([product.price, product.in_stock, product.status], ['0.00', true, 'draft'], 'the defaults of the legacy columns');
    const tagged = await expectData(api, 'GET', `/api/products/${String(product.id)}?include=tags`, 200);
    expectEqual((tagged.tags as Array<{ id: unknown }> | undefined)?.map((attached) => attached.id), [tag.id], 'the tags of a product');
    expectEqual(await rowsOf(app.path, 'SELECT product_id, tag_id FROM product_tag'), [[product.id, tag.id]], 'the row in product_tag');
    return 'customers, categories with a parent, tags, products with tags: stored in the legacy tables';
  },
};
