import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readProjectMigrations } from '../../../src/project/database/database-input.js';
import { closedPort, MIGRATIONS_SQL, sqliteFile } from '../../support/database-fixtures.js';

async function inProject(body: (root: string) => Promise<void>): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'fullapi-project-migrations-'));
  try {
    mkdirSync(join(root, 'database'));
    await body(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

test("no .env: Laravel's default database/database.sqlite, read when migrated, absent when missing", async () => {
  await inProject(async (root) => {
    const missing = await readProjectMigrations(root);
    assert.equal(missing.status, 'absent');
    assert.match(missing.status === 'absent' ? missing.reason : '', join(root, 'database', 'database.sqlite'));
    await sqliteFile(join(root, 'database', 'database.sqlite'), MIGRATIONS_SQL);
    assert.equal((await readProjectMigrations(root)).status, 'read');
  });
});

test('.env DB_CONNECTION=sqlite with DB_DATABASE naming another file: that file is read, not the default one', async () => {
  await inProject(async (root) => {
    writeFileSync(join(root, 'database', 'database.sqlite'), '');
    await sqliteFile(join(root, 'elsewhere.sqlite'), "CREATE TABLE migrations (id INTEGER PRIMARY KEY, migration VARCHAR, batch INTEGER); INSERT INTO migrations VALUES (1, '2026_03_01_000000_create_orders_table', 1);");
    writeFileSync(join(root, '.env'), 'APP_NAME=Shop\nDB_CONNECTION=sqlite\nDB_DATABASE=elsewhere.sqlite\n');
    assert.equal(await readProjectMigrations(root), { status: 'read', ran: ['2026_03_01_000000_create_orders_table'] });
  });
});

test('.env naming pgsql on a closed port: unknown, quickly, without the password', async () => {
  await inProject(async (root) => {
    const port = await closedPort();
    writeFileSync(join(root, '.env'), `DB_CONNECTION=pgsql\nDB_HOST=127.0.0.1\nDB_PORT=${port}\nDB_DATABASE=shop\nDB_USERNAME=app\nDB_PASSWORD=hunter2-secret\n`);
    const started = Date.now();
    const read = await readProjectMigrations(root);
    assert.ok(Date.now() - started < 3_000, `answered in ${Date.now() - started} ms`);
    assert.equal(read.status, 'unknown');
    const reason = read.status === 'unknown' ? read.reason : '';
    assert.match(reason, `shop on 127.0.0.1:${port}`);
    assert.not.match(reason, 'hunter2');
  });
});

test('a bad database setting in .env is unknown with its message, not an error', async () => {
  await inProject(async (root) => {
    writeFileSync(join(root, '.env'), 'DB_URL="not a url, with secret"\n');
    const bad = await readProjectMigrations(root);
    assert.equal(bad.status, 'unknown');
    assert.match(bad.status === 'unknown' ? bad.reason : '', '.env DB_URL is not a URL');
    assert.not.match(bad.status === 'unknown' ? bad.reason : '', 'secret');
    writeFileSync(join(root, '.env'), 'DB_CONNECTION=sqlsrv\n');
    const sqlsrv = await readProjectMigrations(root);
    assert.equal(sqlsrv.status, 'unknown');
    assert.match(sqlsrv.status === 'unknown' ? sqlsrv.reason : '', 'sqlsrv');
  });
});

test('a .env that cannot be read (a folder in its place) is unknown', async () => {
  await inProject(async (root) => {
    mkdirSync(join(root, '.env'));
    const read = await readProjectMigrations(root);
    assert.equal(read.status, 'unknown');
    assert.match(read.status === 'unknown' ? read.reason : '', join(root, '.env'));
  });
});

test.run();
