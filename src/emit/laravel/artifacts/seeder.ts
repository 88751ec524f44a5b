import type { Entity, Field, ForeignKey } from '../../../ir/ir.generated.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult } from '../../emit-result.js';
import { phpString, renderImports } from '../values/php-literals.js';
import { parentClassOf } from '../values/relation-columns.js';
import type { AttachedRelation } from '../values/stub-values/database.js';
import { partial } from '../values/stub-values/registry.js';

/** Enough rows to page through and filter by hand, few enough to seed in a blink. */
const SEEDED_ROWS = 10;

/** Related rows each seeded row is attached to through each belongsToMany: enough to show the pivot at work. */
const ATTACHED_PER_ROW = 3;

/** The stub's loop counter, which the seeded model's variable must not take. */
const LOOP_VARIABLE = 'seeded';

/**
 * A unique boolean or enum column holds as many rows as it has values, and Faker's `unique()` throws once
 * they are used up: seed no more rows than the smallest such column allows.
 */
function seededRows(entity: Entity): number {
  return Math.min(SEEDED_ROWS, ...entity.fields.filter((field) => field.unique).map(distinctValues));
}

function distinctValues(field: Field): number {
  if (field.type === 'boolean') return 2;
  return field.type === 'enum' ? field.enumClass.cases.length : SEEDED_ROWS;
}

/**
 * The value of a foreign key as the seeder sets it: a random existing parent, so that rows share the parents
 * their seeders made, and a new one from its factory only when there is none. A one to one takes a parent
 * that has no such row yet. A reference of the entity to itself takes an earlier row, none for the first.
 */
function parentValue(entity: Entity, foreignKey: ForeignKey): { line: string; imports: string[] } {
  const parent = parentClassOf(entity, foreignKey) ?? entity.naming.className;
  const without = foreignKey.parentHasOne === undefined ? '' : `->whereDoesntHave(${phpString(foreignKey.parentHasOne)})`;
  const existing = `${parent}::query()${without}->inRandomOrder()->value(${phpString(foreignKey.referencesColumn)})`;
  const value = parent === entity.naming.className ? existing : `${existing} ?? ${parent}::factory()`;
  return { line: `${phpString(foreignKey.column)} => ${value},`, imports: [`App\\Models\\${parent}`] };
}

/** Each belongsToMany attaches a few existing related rows (never the row itself) to the row just seeded. */
function attachedRelations(entity: Entity): AttachedRelation[] {
  return entity.relations.flatMap((relation) =>
    relation.kind === 'belongsToMany' && relation.target !== undefined
      ? [{ relation: relation.name, related: relation.target, self: relation.target === entity.naming.className }]
      : [],
  );
}

/** `database/seeders/<Class>Seeder.php`; registering it in DatabaseSeeder is a patch of the user's file. */
export function seederPath(entity: Entity): string {
  return `database/seeders/${entity.naming.className}Seeder.php`;
}

export function emitSeeder(entity: Entity, ctx: EmitContext): EmitResult {
  const { className, modelVariable } = entity.naming;
  const variable = modelVariable === LOOP_VARIABLE ? `${modelVariable}Model` : modelVariable;
  const parents = entity.foreignKeys.map((foreignKey) => parentValue(entity, foreignKey));
  const attached = attachedRelations(entity);
  return renderStubFiles(
    [
      {
        stub: 'seeder',
        path: seederPath(entity),
        artifact: 'Seeder',
        values: {
          namespace: 'Database\\Seeders',
          imports: renderImports([`App\\Models\\${className}`, ...parents.flatMap((parent) => parent.imports), ...attached.map(({ related }) => `App\\Models\\${related}`), 'Illuminate\\Database\\Seeder']),
          className: `${className}Seeder`,
          model: className,
          modelName: className,
          count: String(seededRows(entity)),
          variable,
          parents: parents.map((parent) => parent.line).join('\n'),
          attachments: attached.length === 0 ? '' : partial('seeder.attachments', { variable, perRow: String(ATTACHED_PER_ROW), relations: attached }),
        },
      },
    ],
    ctx,
  );
}
