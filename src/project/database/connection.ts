import { isAbsolute, join } from 'node:path';
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';

/**
 * Where the database is, found as Laravel's config/database.php finds it: `DB_URL`, else `DB_CONNECTION`
 * (default sqlite) and the `DB_*` settings with that file's defaults; `--database-url` in place of both.
 * The password is kept for the driver only: nothing shown to the user spells it (describeConnection).
 */
export interface DatabaseConnection {
  driver: 'sqlite' | 'pgsql' | 'mysql' | 'mariadb';
  /** sqlite: the file's absolute path; the servers: the database name. */
  database: string;
  host: string;
  port: number;
  username: string;
  password: string;
}

export type Env = ReadonlyMap<string, string>;

const SERVER_DEFAULTS = {
  pgsql: { port: 5432 },
  mysql: { port: 3306 },
  mariadb: { port: 3306 },
} as const;

/** URL schemes Laravel's ConfigurationUrlParser reads as another driver's name. */
const SCHEME_DRIVERS: Readonly<Record<string, DatabaseConnection['driver']>> = {
  sqlite: 'sqlite',
  sqlite3: 'sqlite',
  pgsql: 'pgsql',
  postgres: 'pgsql',
  postgresql: 'pgsql',
  mysql: 'mysql',
  mysql2: 'mysql',
  mariadb: 'mariadb',
};

export function connectionOf(env: Env, projectRoot: string, databaseUrl?: string): { connection?: DatabaseConnection; diagnostics: Diagnostic[] } {
  const url = databaseUrl ?? env.get('DB_URL');
  const flag = databaseUrl === undefined ? '.env DB_URL' : '--database-url';
  if (url !== undefined && url !== '') return fromUrl(url, flag, projectRoot);
  const name = env.get('DB_CONNECTION') ?? 'sqlite';
  const driver = SCHEME_DRIVERS[name] === name ? (name as DatabaseConnection['driver']) : undefined;
  if (driver === undefined) return { diagnostics: [unsupported(name, '.env DB_CONNECTION')] };
  if (driver === 'sqlite') {
    return { connection: sqliteFile(env.get('DB_DATABASE') ?? join('database', 'database.sqlite'), projectRoot), diagnostics: [] };
  }
  const port = Number(env.get('DB_PORT') ?? SERVER_DEFAULTS[driver].port);
  return {
    connection: {
      driver,
      host: env.get('DB_HOST') ?? '127.0.0.1',
      port,
      database: env.get('DB_DATABASE') ?? 'laravel',
      username: env.get('DB_USERNAME') ?? 'root',
      password: env.get('DB_PASSWORD') ?? '',
    },
    diagnostics: [],
  };
}

function fromUrl(text: string, flag: string, projectRoot: string): { connection?: DatabaseConnection; diagnostics: Diagnostic[] } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // The URL may hold a password: the message names its place, not its text.
    return { diagnostics: [error('database_url_invalid', `${flag} is not a URL`, { flag }, 'write driver://user:password@host:port/database, e.g. pgsql://app:secret@127.0.0.1:5432/shop')] };
  }
  const scheme = url.protocol.replace(/:$/, '');
  const driver = SCHEME_DRIVERS[scheme];
  if (driver === undefined) return { diagnostics: [unsupported(scheme, flag)] };
  const path = decodeURIComponent(url.pathname);
  if (driver === 'sqlite') return { connection: sqliteFile(url.host === '' ? path : `${url.host}${path}`, projectRoot), diagnostics: [] };
  return {
    connection: {
      driver,
      host: url.hostname === '' ? '127.0.0.1' : url.hostname,
      port: url.port === '' ? SERVER_DEFAULTS[driver].port : Number(url.port),
      database: path.replace(/^\//, '') || 'laravel',
      username: url.username === '' ? 'root' : decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    },
    diagnostics: [],
  };
}

function sqliteFile(database: string, projectRoot: string): DatabaseConnection {
  const file = isAbsolute(database) ? database : join(projectRoot, database);
  return { driver: 'sqlite', database: file, host: '', port: 0, username: '', password: '' };
}

/** The database as the user may see it named: driver, host and database, never the password. */
export function describeConnection(connection: DatabaseConnection): string {
  if (connection.driver === 'sqlite') return `the SQLite database ${connection.database}`;
  return `the ${connection.driver} database ${connection.database} on ${connection.host}:${connection.port} (user ${connection.username})`;
}

/** A driver's message with the password taken out, should the driver ever repeat it. */
export function withoutPassword(message: string, connection: DatabaseConnection): string {
  return connection.password === '' ? message : message.split(connection.password).join('***');
}

function unsupported(name: string, flag: string): Diagnostic {
  return error('database_url_invalid', `${flag} names the driver ${name}, which --from-database does not read`, { flag }, 'sqlite, pgsql, mysql or mariadb');
}

/**
 * A .env file's settings, as phpdotenv reads the common forms: `KEY=value`, `export KEY=value`, single
 * quotes verbatim, double quotes with escapes, `${OTHER}` in unquoted and double-quoted values, ` #` comments.
 */
export function parseEnv(text: string): Map<string, string> {
  const env = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*(.*)$/.exec(line);
    if (match === null) continue;
    const [, key, raw = ''] = match;
    if (key === undefined) continue;
    env.set(key, envValue(raw.trim(), env));
  }
  return env;
}

function envValue(raw: string, env: ReadonlyMap<string, string>): string {
  const single = /^'([^']*)'/.exec(raw);
  if (single !== null) return single[1] ?? '';
  const double = /^"((?:[^"\\]|\\.)*)"/.exec(raw);
  if (double !== null) return interpolate((double[1] ?? '').replace(/\\n/g, '\n').replace(/\\(["\\$])/g, '$1'), env);
  return interpolate(raw.replace(/\s+#.*$/, '').trim(), env);
}

function interpolate(value: string, env: ReadonlyMap<string, string>): string {
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_.]*)\}/g, (_whole, name: string) => env.get(name) ?? '');
}
