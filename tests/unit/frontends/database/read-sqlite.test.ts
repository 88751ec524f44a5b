import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { describeDatabase } from '../../../../src/project/database/describe-database.js';
import { checkedValues } from '../../../../src/project/database/check-values.js';
import { assertGoldenIntrospection, legacySql } from '../../../support/legacy-databases.js';

/** The legacy schema run by SQLite itself (sql.js) and saved to a file, as a project's database.sqlite is. */
async function legacyFile(directory: string): Promise<string> {
  const { default: initSqlJs } = await import('sql.js');
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  database.exec(legacySql('sqlite'));
  const file = join(directory, 'legacy.sqlite');
  writeFileSync(file, database.export());
  database.close();
  return file;
}

test('a legacy SQLite file is read into the golden introspection', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'fullapi-sqlite-'));
  try {
    const file = await legacyFile(directory);
    const read = await describeDatabase({ driver: 'sqlite', database: file, host: '', port: 0, username: '', password: '' });
    assert.equal(read.diagnostics, []);
    assert.ok(read.database !== undefined);
    const products = read.database.tables.find((table) => table.name === 'products');
    assert.equal(products?.columns.find((column) => column.name === 'status')?.enumValues, ['draft', 'live', 'retired']);
    assert.equal(read.database.views, ['live_products']);
    assertGoldenIntrospection('sqlite', read.database);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test('a missing SQLite file is database_unreachable, naming the file', async () => {
  const read = await describeDatabase({ driver: 'sqlite', database: '/nowhere/database.sqlite', host: '', port: 0, username: '', password: '' });
  assert.equal(read.diagnostics.map((diagnostic) => diagnostic.code), ['database_unreachable']);
  assert.match(read.diagnostics[0]?.message ?? '', '/nowhere/database.sqlite');
});

test('CHECK (x IN (...)) as each engine states it back', () => {
  assert.equal([...checkedValues("CHECK (status IN ('draft', 'it''s'))")], [['status', ['draft', "it's"]]]);
  assert.equal([...checkedValues('CHECK (`kind` in (\'topic\',\'brand\'))')], [['kind', ['topic', 'brand']]]);
  assert.equal(
    [...checkedValues("CHECK (((kind)::text = ANY ((ARRAY['topic'::character varying, 'brand'::character varying])::text[])))")],
    [['kind', ['topic', 'brand']]],
  );
});

test.run();
