import type { Pivot } from '../../../ir/ir.generated.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult } from '../../emit-result.js';
import { migrationFileName, referenceCalls } from './migration.js';
import { blueprintCalls } from '../values/blueprint.js';
import { phpString, phpStringBody } from '../values/php-literals.js';

/**
 * `database/migrations/<timestamp>_create_<pivot>_table.php`: the join table of a belongsToMany pair, as
 * Eloquent's belongsToMany() reads it by default: the two key columns, their pair as the primary key (a row
 * is attached once), and no timestamps (the relation does not maintain them unless told `withTimestamps()`).
 * Deleting either row deletes its pivot rows, which nothing else refers to.
 */
export function emitPivotMigration(pivot: Pivot, ctx: EmitContext): EmitResult {
  return renderStubFiles(
    [
      {
        stub: 'migrations',
        path: `database/migrations/${migrationFileName(pivot.table, ctx)}`,
        artifact: 'Migration',
        values: { table: phpStringBody(pivot.table), columns: blueprintCalls(pivotColumnCalls(pivot)) },
      },
    ],
    ctx,
  );
}

/** The primary key of both sides finds the rows of the first; the second has an index of its own. */
export function pivotColumnCalls(pivot: Pivot): string[] {
  const columns = pivot.sides.flatMap((side, position) => referenceCalls(pivot.table, side, { nullable: false, onDelete: 'cascade', ...(position === 0 ? { indexed: false as const } : {}) }));
  return [...columns, `primary([${pivot.sides.map((side) => phpString(side.column)).join(', ')}])`];
}
