import type { Pivot } from '../../../ir/ir.generated.js';
import { dropMigrationSuffix } from '../../../passes/project/table-changes.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult } from '../../emit-result.js';
import { unusedMigrationName } from './migration.js';
import { blueprintCalls } from '../values/blueprint.js';
import { phpStringBody } from '../values/php-literals.js';
import { pivotColumnCalls } from './pivot-migration.js';

/**
 * `database/migrations/<timestamp>_drop_<pivot>_table.php`: the join table of a many-to-many relation the input
 * no longer has, dropped from a database that may have migrated it (src/passes/project/table-changes.ts, which refuses
 * it without --allow-data-loss); `down()` creates it again, empty.
 */
export function emitDropPivotMigration(pivot: Pivot, ctx: EmitContext): EmitResult {
  return renderStubFiles(
    [
      {
        stub: 'migrations.drop',
        path: `database/migrations/${unusedMigrationName(dropMigrationSuffix(pivot.table), ctx)}`,
        artifact: 'Migration',
        values: { table: phpStringBody(pivot.table), columns: blueprintCalls(pivotColumnCalls(pivot)) },
      },
    ],
    ctx,
  );
}
