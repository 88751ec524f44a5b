import type { DatabaseMigrations } from '../../ir/database-migrations.js';
import type { ProjectFs } from '../../project/fs/project-fs.js';
import type { MakeRequest } from './make-request.js';
import type { MakeReading } from './settled-make.js';

/**
 * What the project's database says it ran, for a run that may need it (src/passes/project/table-changes.ts): asked
 * only when the project has a create migration besides those Laravel comes with, since no entity's table can
 * have been migrated otherwise, and not with `--fresh`, which decides without it. Reading a database is asynchronous and
 * the pipeline is not: the callers of runMake ask first.
 */
export async function askDatabaseMigrations(request: MakeRequest, reading: MakeReading, fs?: ProjectFs): Promise<DatabaseMigrations | undefined> {
  if (request.databaseMigrations !== undefined) return request.databaseMigrations;
  const snapshot = reading.project.snapshot;
  if (request.fresh === true || snapshot === undefined) return undefined;
  if (!snapshot.existingMigrations.some((name) => CREATE_MIGRATION.test(name) && !name.startsWith(LARAVEL_OWN))) return undefined;
  const { readProjectMigrations } = await import('../../project/database/database-input.js');
  return readProjectMigrations(request.projectRoot, fs);
}

const CREATE_MIGRATION = /_create_[a-z0-9_]+_table\.php$/;

/** The migrations a new Laravel application comes with (users, cache, jobs): no entity's table. */
const LARAVEL_OWN = '0001_01_01_';
