/** The name `install:api` and `vendor:publish --tag=sanctum-migrations` give Sanctum's migration, whatever its timestamp. */
const SANCTUM_MIGRATION = /^\d{4}_\d{2}_\d{2}_\d{6}_create_personal_access_tokens_table\.php$/;

/**
 * Whether a migration creates Sanctum's `personal_access_tokens` table, known by its file name: what
 * `install:api` itself looks for before it publishes one. By name only, so that a run reads no migration
 * for it.
 */
export function createsPersonalAccessTokens(migrations: readonly string[]): boolean {
  return migrations.some((name) => SANCTUM_MIGRATION.test(name));
}
