/**
 * What the project's database says of the migrations it has run (Laravel's `migrations` table), read through
 * the project's .env: what decides whether a create migration fullapi wrote may have run, and so whether a
 * changed entity gets its create migration rewritten or a migration of the changes (src/passes/project/table-changes.ts).
 */
export type DatabaseMigrations =
  /** The names in the `migrations` table, without `.php`, sorted. */
  | { status: 'read'; ran: string[] }
  /** The database has no migrations table, or (SQLite) no file: no migration has run. */
  | { status: 'absent'; reason: string }
  /** The database could not be read (a server down, a file that is not SQLite): any migration may have run. */
  | { status: 'unknown'; reason: string };
