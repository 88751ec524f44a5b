import { warning, type Diagnostic } from '../../../diagnostics/diagnostic.js';
import type { CheckedModel } from '../../../ir/ir.generated.js';
import type { EmitContext } from '../../context.js';
import { createMigrationSuffix, existingMigrationName, migrationTimestampAfter } from '../artifacts/migration.js';

/**
 * When each create migration of a run runs. Laravel runs migrations in file-name order, and PostgreSQL and
 * MySQL/MariaDB refuse a foreign key to a table that does not exist yet (SQLite does not check), so a table's
 * migration must sort after the migrations of the tables it references.
 *
 * A new table's migration is named after the run's moment, one second per table in the model's order
 * (parents first). A table that already has a create migration keeps it, so a regeneration that adds a parent
 * to an old table would put the old child first: the new parent's migration is then named one second before
 * its earliest existing child instead (and its own new parents before it). What no name of a new migration can
 * fix (a table that now references a table whose migration already sorts after its own) is a warning naming
 * both files; the create migration of the referencing table must be renamed to a later time by hand.
 */
export function migrationTimestamps(model: CheckedModel, ctx: EmitContext): { timestamps: Map<string, string>; diagnostics: Diagnostic[] } {
  const tables = [
    // A table of the project's own, or a migrated one, gets its new foreign keys from a migration that runs after every table of the run.
    ...model.entities.map((entity) => ({
      table: entity.naming.table,
      references: entity.existing?.createdBy === undefined && entity.tableChange === undefined ? entity.foreignKeys.map((key) => key.referencesTable) : [],
    })),
    ...model.pivots.map((pivot) => ({ table: pivot.table, references: pivot.sides.map((side) => side.referencesTable) })),
  ];
  const referencedBy = new Map<string, string[]>();
  for (const { table, references } of tables) {
    for (const referenced of references) if (referenced !== table) referencedBy.set(referenced, [...(referencedBy.get(referenced) ?? []), table]);
  }
  const fileNames = new Map<string, string>();
  const timestamps = new Map<string, string>();
  // Children first, so that a new parent knows the names of the migrations that must run after it.
  for (let index = tables.length - 1; index >= 0; index--) {
    const table = tables[index]?.table ?? '';
    const existing = existingMigrationName(table, ctx);
    if (existing !== undefined) {
      fileNames.set(table, existing);
      const stamp = timestampOf(existing);
      if (stamp !== undefined) timestamps.set(table, stamp);
      continue;
    }
    let timestamp = migrationTimestampAfter(ctx.migrationTimestamp, index);
    for (const child of referencedBy.get(table) ?? []) {
      const childTimestamp = timestamps.get(child);
      if (childTimestamp !== undefined && childTimestamp <= timestamp) timestamp = migrationTimestampAfter(childTimestamp, -1);
    }
    timestamps.set(table, timestamp);
    fileNames.set(table, `${timestamp}${createMigrationSuffix(table)}`);
  }
  const diagnostics = tables.flatMap(({ table, references }) =>
    references
      .filter((referenced) => referenced !== table && (fileNames.get(referenced) ?? '') >= (fileNames.get(table) ?? ''))
      .map((referenced) => {
        const path = `database/migrations/${fileNames.get(table) ?? ''}`;
        return {
          ...warning(
            'migration_order',
            `${path} runs before database/migrations/${fileNames.get(referenced) ?? ''}, but ${table} now references ${referenced}: ` +
              'a fresh migration fails on PostgreSQL and MySQL/MariaDB (SQLite does not check foreign keys).',
            path,
          ),
          hint: `rename ${path} to a time after the other, then run php artisan migrate:fresh`,
        };
      }),
  );
  return { timestamps, diagnostics };
}

/** The `Y_m_d_His` a migration's file name starts with, when it does. */
function timestampOf(fileName: string): string | undefined {
  const prefix = fileName.slice(0, 17);
  return /^\d{4}_\d{2}_\d{2}_\d{6}$/.test(prefix) ? prefix : undefined;
}
