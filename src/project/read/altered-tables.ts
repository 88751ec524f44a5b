import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { AlteredTable } from '../../ir/ir.generated.js';
import { compareCodeUnits } from '../write/manifest.js';
import { readTables } from './project-models.js';
import type { ProjectFs } from '../fs/project-fs.js';

/**
 * The tables that `make --add-fields` altered, found by the name of the migration it writes
 * (`<timestamp>_add_<columns>_to_<table>_table.php`, the table after the last `_to_`) among the files fullapi
 * wrote (a project's own migration of that name alters a table fullapi may not have created yet), with the columns all
 * the migrations give them, fullapi's own included: whatever input regenerates such an entity later (the
 * record, a schema file, `--fields`), its create migration may have run, and its table already has these
 * columns, so the entity is integrated into its table rather than created again (src/passes/project/added-fields.ts).
 * The tables of the project's own models (`users`) are left out: those models are integrated anyway.
 */
export function readAlteredTables(
  root: string,
  fs: ProjectFs,
  migrations: readonly string[],
  written: ReadonlySet<string>,
  projectTables: ReadonlySet<string>,
): { tables?: AlteredTable[]; diagnostics: Diagnostic[] } {
  const added = migrations.filter((name) => written.has(`${MIGRATIONS_FOLDER}/${name}`));
  const names = new Set(added.map(alteredTableName).filter((table): table is string => table !== undefined && !projectTables.has(table)));
  if (names.size === 0) return { tables: [], diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  const readings = readTables(root, fs, new Set(), migrations, names, diagnostics);
  if (readings === undefined) return { diagnostics };
  const tables = [...readings]
    .map(([table, reading]): AlteredTable => ({
      table,
      columns: [...reading.columns.keys()],
      migrations: reading.migrations,
      ...(reading.createdBy === undefined ? {} : { createdBy: reading.createdBy }),
    }))
    .sort((a, b) => compareCodeUnits(a.table, b.table));
  return { tables, diagnostics };
}

const MIGRATIONS_FOLDER = 'database/migrations';

const ADD_COLUMNS_MIGRATION = /^\d{4}_\d{2}_\d{2}_\d{6}_add_.+_to_([a-z0-9_]+?)_table\.php$/;

function alteredTableName(migration: string): string | undefined {
  return ADD_COLUMNS_MIGRATION.exec(migration)?.[1];
}
