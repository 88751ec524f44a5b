import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DatabaseConnection } from '../../../../src/project/database/connection.js';
import { readRanMigrations } from '../../../../src/project/database/ran-migrations.js';
import { closedPort, MIGRATIONS_SQL, silentServer, sqliteFile } from '../../../support/database-fixtures.js';

function sqlite(file: string): DatabaseConnection {
  return { driver: 'sqlite', database: file, host: '', port: 0, username: '', password: '' };
}

async function inTempFolder(body: (folder: string) => Promise<void>): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'fullapi-ranmig-'));
  try {
    await body(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test('SQLite: a missing file is absent, naming the file', async () => {
  const read = await readRanMigrations(sqlite('/nowhere/database/database.sqlite'));
  assert.equal(read.status, 'absent');
  assert.match(read.status === 'absent' ? read.reason : '', '/nowhere/database/database.sqlite does not exist');
});

test('SQLite: an empty database (or an empty file, as `touch` makes it) has no migrations table: absent', async () => {
  await inTempFolder(async (folder) => {
    const empty = await sqliteFile(join(folder, 'empty.sqlite'), 'CREATE TABLE users (id INTEGER PRIMARY KEY)');
    assert.equal(await readRanMigrations(sqlite(empty)), { status: 'absent', reason: `the SQLite database ${empty} has no migrations table` });
    const touched = join(folder, 'touched.sqlite');
    writeFileSync(touched, '');
    assert.equal((await readRanMigrations(sqlite(touched))).status, 'absent');
  });
});

test('SQLite: the migrations table is read, names sorted in code-unit order (T before p), and the file is left as it was', async () => {
  await inTempFolder(async (folder) => {
    const file = await sqliteFile(join(folder, 'database.sqlite'), MIGRATIONS_SQL);
    const before = { bytes: readFileSync(file), modified: statSync(file).mtimeMs };
    assert.equal(await readRanMigrations(sqlite(file)), {
      status: 'read',
      ran: ['0001_01_01_000000_create_users_table', '2026_01_01_000000_create_Tags_table', '2026_01_01_000000_create_posts_table'],
    });
    assert.ok(readFileSync(file).equals(before.bytes));
    assert.is(statSync(file).mtimeMs, before.modified);
  });
});

test('SQLite: a file that is not SQLite, or a folder in its place, is unknown', async () => {
  await inTempFolder(async (folder) => {
    const garbage = join(folder, 'database.sqlite');
    writeFileSync(garbage, 'this is not a database, only words long enough to fill a SQLite header and then some more');
    const read = await readRanMigrations(sqlite(garbage));
    assert.equal(read.status, 'unknown');
    assert.match(read.status === 'unknown' ? read.reason : '', /not a database/);
    assert.equal((await readRanMigrations(sqlite(folder))).status, 'unknown');
  });
});

test('a server on a closed port is unknown at once, with the driver\'s reason and without the password', async () => {
  const port = await closedPort();
  for (const driver of ['pgsql', 'mysql', 'mariadb'] as const) {
    const read = await readRanMigrations({ driver, host: '127.0.0.1', port, database: 'shop', username: 'app', password: 'ECONNREFUSED-secret' });
    assert.equal(read.status, 'unknown', driver);
    const reason = read.status === 'unknown' ? read.reason : '';
    assert.match(reason, `shop on 127.0.0.1:${port}`);
    assert.match(reason, 'ECONNREFUSED');
    assert.not.match(reason, 'secret');
  }
});

test('a server that accepts and never answers is unknown after the short connect timeout', async () => {
  const silent = await silentServer();
  try {
    const started = Date.now();
    const reads = await Promise.all(
      (['pgsql', 'mysql'] as const).map((driver) => readRanMigrations({ driver, host: '127.0.0.1', port: silent.port, database: 'shop', username: 'app', password: '' })),
    );
    const elapsed = Date.now() - started;
    assert.equal(reads.map((read) => read.status), ['unknown', 'unknown']);
    assert.ok(elapsed >= 2_500 && elapsed < 8_000, `answered in ${elapsed} ms`);
  } finally {
    await silent.close();
  }
});

test.run();
