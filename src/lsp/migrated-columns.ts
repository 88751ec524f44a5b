import type { SourceModel } from '../ir/ir.generated.js';
import { checkModel } from '../passes/check.js';

/**
 * The migrated columns that hold an entity's key, as `Class.column` (a pivot's as `table.column`): the foreign
 * keys to it and its pivots' columns, which the passes name after the key (`country_code`, `tag_slug`). The
 * project's class_data.json (`recorded`) is checked as the passes check an input, to name them as make did.
 */
export function columnsHoldingKey(recorded: SourceModel, className: string): string[] {
  const migrated = checkModel(recorded).model;
  const table = migrated?.entities.find((entity) => entity.naming.className === className)?.naming.table;
  if (migrated === undefined || table === undefined) return [];
  const keys = migrated.entities.flatMap((entity) => entity.foreignKeys.filter((key) => key.referencesTable === table).map((key) => `${entity.naming.className}.${key.column}`));
  const pivots = migrated.pivots.flatMap((pivot) => pivot.sides.filter((side) => side.entity === className).map((side) => `${pivot.table}.${side.column}`));
  return [...keys, ...pivots];
}
