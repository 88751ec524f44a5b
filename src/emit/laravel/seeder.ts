import type { Entity } from '../../ir/ir.generated.js';
import type { EmitContext } from '../context.js';
import { renderStubFiles, type EmitResult } from '../emit-result.js';
import { renderImports } from './php.js';

/** Enough rows to page through and filter by hand, few enough to seed in a blink. */
const SEEDED_ROWS = 10;

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
          count: String(SEEDED_ROWS),
        },
      },
    ],
    ctx,
  );
}
