import type { Entity, Pivot } from '../../../ir/ir.generated.js';
import { legacyEnumPath, legacyRequestPath } from '../../legacy.js';
import { enumPath } from '../artifacts/enum.js';
import { addsColumnsTo } from '../artifacts/add-columns-migration.js';
import { createMigrationSuffix } from '../artifacts/migration.js';

/**
 * The migrations `make` wrote for a table, found among the files of `database/migrations` by the names the
 * emitters give them, and the files 3.x wrote: what `fullapi delete` removes besides each row's files
 * (entityArtifactPaths, artifacts.ts).
 */

const MIGRATIONS = 'database/migrations';

/** The migrations of a table among `existingMigrations` (file names): the ones creating it, and the ones adding columns to it. */
export function tableMigrationPaths(table: string, existingMigrations: readonly string[]): { creating: string[]; addingColumns: string[] } {
  const suffix = createMigrationSuffix(table);
  const inFolder = (name: string) => `${MIGRATIONS}/${name}`;
  return {
    creating: existingMigrations.filter((name) => name.endsWith(suffix)).map(inFolder),
    addingColumns: existingMigrations.filter((name) => addsColumnsTo(name, table)).map(inFolder),
  };
}

export function pivotMigrationPaths(pivot: Pivot, existingMigrations: readonly string[]): string[] {
  return tableMigrationPaths(pivot.table, existingMigrations).creating;
}

/**
 * The files fullapi 3.x wrote for the entity that 4.0 no longer writes: its one `<Entity>Request`, and the
 * enums it named after a field alone, unless an enum field of one of `remaining` has that name too (then the
 * class may be theirs as much as this entity's).
 */
export function legacyArtifactPaths(entity: Entity, remaining: readonly Entity[]): string[] {
  // A remaining entity's enum of 4.0 may have the 3.x name of this one's (Order.status's OrderStatus, Item.order_status's).
  const sharedEnums = new Set(
    remaining.flatMap((other) => other.fields.flatMap((field) => (field.type === 'enum' ? [legacyEnumPath(field), enumPath(field.enumClass)] : []))),
  );
  const enums = entity.fields.filter(
    (field) => field.type === 'enum' && legacyEnumPath(field) !== enumPath(field.enumClass) && !sharedEnums.has(legacyEnumPath(field)),
  );
  return [legacyRequestPath(entity), ...enums.map(legacyEnumPath)];
}
