import type { Entity, Field } from '../../ir/ir.generated.js';
import type { EmitContext } from '../context.js';
import { renderStubFiles, type EmitResult } from '../emit-result.js';
import { MIGRATION_COLUMN } from './field-types.js';
import { phpString } from './php.js';

/** `database/migrations/<timestamp>_create_<table>_table.php`: the anonymous-class migration of `make:migration`. */
export function emitMigration(entity: Entity, ctx: EmitContext): EmitResult {
  const { table } = entity.naming;
  return renderStubFiles(
    [
      {
        stub: 'migrations',
        path: `database/migrations/${migrationFileName(table, ctx)}`,
        artifact: 'Migration',
        values: { table, columns: columnLines(entity).join('\n') },
      },
    ],
    ctx,
  );
}

/** Regeneration reuses the table's existing migration instead of adding a second `create` of the same table. */
export function migrationFileName(table: string, ctx: EmitContext): string {
  const suffix = `_create_${table}_table.php`;
  const existing = ctx.existingMigrations.filter((name) => name.endsWith(suffix)).sort();
  return existing[0] ?? `${ctx.migrationTimestamp}${suffix}`;
}

/** The key column first, where `$table->id()` conventionally stands, then the fields in source order. */
function columnLines(entity: Entity): string[] {
  const key = entity.primaryKey;
  const keyField = entity.fields.find((field) => key.custom && field.name === key.column);
  // A primary key is unique and not null by itself: no modifiers on it.
  const keyLine = keyField === undefined ? '$table->id();' : `${columnCall(keyField)}->primary();`;
  const fieldLines = entity.fields.filter((field) => field !== keyField).map((field) => `${columnCall(field)}${modifiers(field)};`);
  return [keyLine, ...fieldLines, '$table->timestamps();', ...(entity.softDeletes ? ['$table->softDeletes();'] : [])];
}

function columnCall(field: Field): string {
  const { method, extraArguments } = MIGRATION_COLUMN[field.type];
  const args = extraArguments === undefined ? phpString(field.name) : `${phpString(field.name)}, ${extraArguments}`;
  return `$table->${method}(${args})`;
}

function modifiers(field: Field): string {
  return `${field.nullable ? '->nullable()' : ''}${field.unique ? '->unique()' : ''}`;
}
