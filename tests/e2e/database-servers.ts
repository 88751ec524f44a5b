import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort, runCommand, runOrThrow, startBackground, type BackgroundProcess } from './processes.js';

/**
 * The database servers the scenarios run on besides SQLite, from Debian's packages: each started by the
 * harness on a free local port, with its data in a temp folder, and stopped (the folder removed) at the end,
 * also when a scenario fails or the harness is interrupted (the server runs in a process group the harness
 * kills on exit). Authentication is off: the servers listen on 127.0.0.1 only and live for one run.
 */

export type ServerEngine = 'pgsql' | 'mariadb';
export type Engine = 'sqlite' | ServerEngine;

export const SERVER_ENGINES: readonly ServerEngine[] = ['pgsql', 'mariadb'];

export interface DatabaseServer {
  engine: ServerEngine;
  /** `PostgreSQL 15.18`, for the log. */
  version: string;
  /** Creates an empty database; names are the harness's own (letters, digits, `_`). */
  createDatabase(name: string): Promise<void>;
  /** Laravel's `DB_*` settings for a database on this server. */
  settings(database: string): Record<string, string>;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;
const CLIENT_TIMEOUT_MS = 60_000;
/** Never written to disk for real: the data is thrown away with the run. */
const POSTGRES_SPEED_SETTINGS = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];

/** The binaries, and the Debian packages that hold them, that each engine needs; for the prerequisites. */
export const SERVER_PREREQUISITES: Readonly<Record<ServerEngine, { commands: readonly string[]; phpExtension: string; packages: string }>> = {
  pgsql: { commands: ['psql'], phpExtension: 'pdo_pgsql', packages: 'postgresql php-pgsql' },
  mariadb: { commands: ['mariadb-install-db', 'mariadbd', 'mariadb-admin', 'mariadb'], phpExtension: 'pdo_mysql', packages: 'mariadb-server php-mysql' },
};

export function startServer(engine: ServerEngine): Promise<DatabaseServer> {
  return engine === 'pgsql' ? startPostgres() : startMariaDb();
}

/** Where Debian puts PostgreSQL's server binaries: /usr/lib/postgresql/<major>/bin, the newest major. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] === undefined ? undefined : join(root, majors[0], 'bin');
}

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user Debian's package creates. */
function asPostgresUser(command: string, args: readonly string[]): [string, string[]] {
  return userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, [...args]];
}

async function startPostgres(): Promise<DatabaseServer> {
  const bin = postgresBinaries();
  if (bin === undefined) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const folder = mkdtempSync(join(tmpdir(), 'fullapi-e2e-pgsql-'));
  if (userInfo().uid === 0) {
    const { uid, gid } = systemUserIds('postgres');
    chownSync(folder, uid, gid);
  }
  const data = join(folder, 'data');
  const port = await freePort();
  let server: BackgroundProcess | undefined;
  try {
    const [initdb, initdbArgs] = asPostgresUser(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    await runOrThrow(initdb, initdbArgs, { cwd: folder, timeoutMs: READY_TIMEOUT_MS });
    const [postgres, postgresArgs] = asPostgresUser(join(bin, 'postgres'), [
      '-D', data, '-p', String(port), '-k', folder, '-c', 'listen_addresses=127.0.0.1', ...POSTGRES_SPEED_SETTINGS,
    ]);
    server = startBackground(postgres, postgresArgs, { cwd: folder });
    const psql = (sql: string) => runOrThrow('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-X', '-A', '-t', '-c', sql], { cwd: folder, timeoutMs: CLIENT_TIMEOUT_MS });
    await waitUntil(server, 'PostgreSQL', async () => (await runCommand('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-c', 'select 1'], { cwd: folder, timeoutMs: 5_000 })).status === 0);
    const version = (await psql('show server_version')).stdout.trim();
    const running = server;
    return {
      engine: 'pgsql',
      version: `PostgreSQL ${version}`,
      createDatabase: async (name) => {
        await psql(`CREATE DATABASE "${name}"`);
      },
      settings: (database) => ({ DB_CONNECTION: 'pgsql', DB_HOST: '127.0.0.1', DB_PORT: String(port), DB_DATABASE: database, DB_USERNAME: 'postgres', DB_PASSWORD: '' }),
      stop: () => stopAndRemove(running, 'SIGINT', folder),
    };
  } catch (cause) {
    await stopAndRemove(server, 'SIGINT', folder);
    throw cause;
  }
}

async function startMariaDb(): Promise<DatabaseServer> {
  const folder = mkdtempSync(join(tmpdir(), 'fullapi-e2e-mariadb-'));
  const data = join(folder, 'data');
  const port = await freePort();
  const user = userInfo().username;
  let server: BackgroundProcess | undefined;
  try {
    await runOrThrow('mariadb-install-db', ['--no-defaults', `--datadir=${data}`, `--user=${user}`, '--auth-root-authentication-method=normal', '--skip-test-db'], {
      cwd: folder,
      timeoutMs: READY_TIMEOUT_MS,
    });
    server = startBackground(
      'mariadbd',
      [
        '--no-defaults', `--datadir=${data}`, `--port=${port}`, `--socket=${join(folder, 'mariadb.sock')}`, '--bind-address=127.0.0.1', `--user=${user}`,
        `--pid-file=${join(folder, 'mariadb.pid')}`, '--skip-log-bin', '--innodb-flush-log-at-trx-commit=0', '--innodb-doublewrite=0',
      ],
      { cwd: folder },
    );
    const client = ['--no-defaults', '-h', '127.0.0.1', '-P', String(port), '-u', 'root'];
    const sql = (statement: string) => runOrThrow('mariadb', [...client, '-N', '-e', statement], { cwd: folder, timeoutMs: CLIENT_TIMEOUT_MS });
    await waitUntil(server, 'MariaDB', async () => (await runCommand('mariadb-admin', [...client, 'ping'], { cwd: folder, timeoutMs: 5_000 })).status === 0);
    const version = (await sql('SELECT VERSION()')).stdout.trim();
    const running = server;
    return {
      engine: 'mariadb',
      version: `MariaDB ${version}`,
      createDatabase: async (name) => {
        await sql(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      },
      settings: (database) => ({ DB_CONNECTION: 'mariadb', DB_HOST: '127.0.0.1', DB_PORT: String(port), DB_DATABASE: database, DB_USERNAME: 'root', DB_PASSWORD: '' }),
      stop: () => stopAndRemove(running, 'SIGTERM', folder),
    };
  } catch (cause) {
    await stopAndRemove(server, 'SIGTERM', folder);
    throw cause;
  }
}

async function waitUntil(server: BackgroundProcess, name: string, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exited()) throw new Error(`${name} exited while starting:\n${server.output()}`);
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not accept connections within ${READY_TIMEOUT_MS / 1000}s:\n${server.output()}`);
}

async function stopAndRemove(server: BackgroundProcess | undefined, signal: NodeJS.Signals, folder: string): Promise<void> {
  await server?.stop(signal);
  rmSync(folder, { recursive: true, force: true });
}

/** The numeric ids of a system user, from `id`: Node has no lookup of other users. */
function systemUserIds(user: string): { uid: number; gid: number } {
  const id = (flag: '-u' | '-g') => {
    const probe = spawnSync('id', [flag, user], { encoding: 'utf8' });
    const value = probe.stdout.trim();
    if (probe.status !== 0 || !/^\d+$/.test(value)) throw new Error(`there is no ${user} user for PostgreSQL to run as (apt-get install postgresql)`);
    return Number(value);
  };
  return { uid: id('-u'), gid: id('-g') };
}
