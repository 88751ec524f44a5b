import type { Entity, Field } from '../../ir/ir.generated.js';
import type { EmitContext } from '../context.js';
import { renderStubFiles, type EmitResult } from '../emit-result.js';
import { renderImports } from './php.js';

/** Enough rows to page through and filter by hand, few enough to seed in a blink. */
const SEEDED_ROWS = 10;

/**
 * A unique boolean or enum column holds as many rows as it has values, and Faker's `unique()` throws once
 * they are used up: seed no more rows than the smallest such column allows.
 */
function seededRows(entity: Entity): number {
  return Math.min(SEEDED_ROWS, ...entity.fields.filter((field) => field.unique).map(distinctValues));
}

function distinctValues(field: Field): number {
  if (field.type === 'boolean') return 2;
  return field.enumClass?.cases.length ?? SEEDED_ROWS;
}

/** `database/seeders/<Class>Seeder.php`; registering it in DatabaseSeeder is a patch of the user's file. */
export function emitSeeder(entity: Entity, ctx: EmitContext): EmitResult {
  const { className } = entity.naming;
  return renderStubFiles(
    [
      {
        stub: 'seeder',
        path: `database/seeders/${className}Seeder.php`,
        artifact: 'Seeder',
        values: {
          namespace: 'Database\\Seeders',
          imports: renderImports([`App\\Models\\${className}`, 'Illuminate\\Database\\Seeder']),
          className: `${className}Seeder`,
          model: className,
          count: String(seededRows(entity)),
        },
      },
    ],
    ctx,
  );
}
