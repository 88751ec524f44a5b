import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { connectionOf, describeConnection, parseEnv, withoutPassword } from '../../../../src/project/database/connection.js';

const ROOT = '/app';

test('no .env: Laravel\'s default, SQLite at database/database.sqlite', () => {
  assert.equal(connectionOf(new Map(), ROOT).connection, { driver: 'sqlite', database: '/app/database/database.sqlite', host: '', port: 0, username: '', password: '' });
});

test("DB_* settings with config/database.php's defaults for what is missing", () => {
  const env = parseEnv('DB_CONNECTION=pgsql\nDB_DATABASE=shop\n');
  assert.equal(connectionOf(env, ROOT).connection, { driver: 'pgsql', host: '127.0.0.1', port: 5432, database: 'shop', username: 'root', password: '' });
  const maria = parseEnv('DB_CONNECTION=mariadb\nDB_HOST=db\nDB_PORT=3307\nDB_USERNAME=app\nDB_PASSWORD="p#ss word"\n');
  assert.equal(connectionOf(maria, ROOT).connection, { driver: 'mariadb', host: 'db', port: 3307, database: 'laravel', username: 'app', password: 'p#ss word' });
});

test('DB_URL wins over DB_*, and --database-url over both', () => {
  const env = parseEnv('DB_CONNECTION=sqlite\nDB_URL=postgres://u:s%40cret@h:6543/db\n');
  assert.equal(connectionOf(env, ROOT).connection, { driver: 'pgsql', host: 'h', port: 6543, database: 'db', username: 'u', password: 's@cret' });
  assert.equal(connectionOf(env, ROOT, 'mysql://root@127.0.0.1/app').connection?.driver, 'mysql');
  assert.equal(connectionOf(env, ROOT, 'sqlite:///tmp/x.sqlite').connection?.database, '/tmp/x.sqlite');
});

test('a bad URL or an unknown driver is database_url_invalid, and never repeats the URL', () => {
  const bad = connectionOf(new Map(), ROOT, 'not a url with secret');
  assert.equal(bad.diagnostics.map((diagnostic) => diagnostic.code), ['database_url_invalid']);
  assert.not.match(bad.diagnostics[0]?.message ?? '', 'secret');
  const sqlsrv = connectionOf(parseEnv('DB_CONNECTION=sqlsrv'), ROOT);
  assert.equal(sqlsrv.diagnostics.map((diagnostic) => diagnostic.code), ['database_url_invalid']);
});

test('.env values: quotes, comments, export, ${VAR}', () => {
  const env = parseEnv("export A=one # note\nB='two # kept'\nC=\"${A}-three\"\n# D=no\nE=\n");
  assert.equal([...env], [['A', 'one'], ['B', 'two # kept'], ['C', 'one-three'], ['E', '']]);
});

test('what the user sees names host and database, never the password', () => {
  const connection = connectionOf(parseEnv('DB_CONNECTION=mysql\nDB_PASSWORD=hunter2'), ROOT).connection;
  assert.ok(connection !== undefined);
  assert.is(describeConnection(connection), 'the mysql database laravel on 127.0.0.1:3306 (user root)');
  assert.is(withoutPassword('Access denied (using password: hunter2)', connection), 'Access denied (using password: ***)');
});

test.run();
