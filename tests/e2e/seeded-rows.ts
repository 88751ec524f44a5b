import type { PhpRunner } from './php-runner.js';

const ARTISAN_TIMEOUT_MS = 120_000;

/**
 * The rows `migrate:fresh --seed` left in each table, as `php artisan db:show --counts` sees them, must be
 * exactly the expected ones: seeders that reuse the parents seeded before them leave ten authors, not one per
 * post and per profile on top, and their pivot rows. Returns the counts.
 */
export async function checkSeededRows(app: string, php: PhpRunner, expected: Readonly<Record<string, number>>): Promise<string> {
  const result = await php.runOrThrow(['artisan', 'db:show', '--json', '--counts'], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS });
  const shown = JSON.parse(result.stdout) as { platform: { config: { driver: string; database: string } }; tables: { table?: string; name?: string; schema?: string; rows?: number }[] };
  const { driver, database } = shown.platform.config;
  // A MariaDB server lists the tables of every database, each under its database's name as schema.
  const tables = shown.tables.filter((table) => driver !== 'mariadb' || table.schema === database);
  const rowsOf = new Map(tables.map((table) => [table.table ?? table.name ?? '', table.rows]));
  const counts = Object.entries(expected).map(([table, rows]) => ({ table, rows, seeded: rowsOf.get(table) }));
  const wrong = counts.filter(({ rows, seeded }) => seeded !== rows);
  if (wrong.length > 0) throw new Error(wrong.map(({ table, rows, seeded }) => `${table} has ${seeded ?? 'no'} rows, not ${rows}`).join('; '));
  return counts.map(({ table, rows }) => `${table} ${rows}`).join(', ');
}
