import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { Pivot, PivotSide, DeclaredRelation } from '../../ir/ir.generated.js';
import { singular, snake } from '../naming/str.js';
import { MAX_DATABASE_NAME_LENGTH } from '../php-names.js';
import { byClassName, inverseOf } from './relation-pairs.js';
import type { RelatingEntity } from './relating-entity.js';

/**
 * One join table per belongsToMany pair. The side of the relation the user declared comes first (a pair
 * declared on both sides: the first in source order). Pairs are found before the relations are keyed, while a
 * pivot table left to convention is still unnamed on both sides.
 */
export function pivotsOf(entities: readonly RelatingEntity[]): Pivot[] {
  const classes = byClassName(entities);
  const manyToMany = entities.flatMap((owner) =>
    owner.relations.filter((relation) => relation.kind === 'belongsToMany').map((relation) => ({ owner, relation })),
  );
  const declaredFirst = [...manyToMany.filter(({ relation }) => !relation.synthesized), ...manyToMany.filter(({ relation }) => relation.synthesized)];
  const done = new Set<DeclaredRelation>();
  return declaredFirst.flatMap(({ owner, relation }) => {
    const target = relation.target === undefined ? undefined : classes.get(relation.target);
    if (done.has(relation) || target === undefined) return [];
    const inverse = inverseOf(owner, relation, target);
    done.add(relation);
    if ('found' in inverse) done.add(inverse.found);
    const [own, related] = pivotColumns(owner, relation, target);
    const table = relation.pivotTable ?? conventionalPivotTable(owner.naming.snake, target.naming.snake);
    return [{ table, sides: [pivotSide(owner, own), pivotSide(target, related)], span: relation.span }];
  });
}

/** `Model::joiningTable()`: both `Str::snake` class names, sorted bytewise as PHP's sort(), lowercased. */
export function conventionalPivotTable(snakeA: string, snakeB: string): string {
  const segments = [snakeA, snakeB].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  return segments.join('_').toLowerCase();
}

/**
 * `Model::getForeignKey()` of each side. An entity related to itself would get the same column twice, so the
 * related side is named after the relation instead (`friends` -> `friend_id`).
 */
export function pivotColumns(owner: RelatingEntity, relation: DeclaredRelation, target: RelatingEntity): [string, string] {
  const own = `${owner.naming.snake}_${owner.primaryKey.column}`;
  if (target !== owner) return [own, `${target.naming.snake}_${target.primaryKey.column}`];
  const related = `${snake(singular(relation.name))}_${target.primaryKey.column}`;
  return [own, related === own ? `related_${own}` : related];
}

function pivotSide(entity: RelatingEntity, column: string): PivotSide {
  return {
    entity: entity.naming.className,
    column,
    fieldType: entity.primaryKey.fieldType,
    referencesTable: entity.naming.table,
    referencesColumn: entity.primaryKey.column,
  };
}

/**
 * Two pairs on one pivot would read each other's rows; a pivot named like an entity's table would replace it;
 * a name by convention of two long entity names can outgrow what a database accepts (a name given in the
 * input was checked where it was read).
 */
export function pivotClashes(pivots: readonly Pivot[], entities: readonly RelatingEntity[]): Diagnostic[] {
  const seen = new Map<string, Pivot>();
  return pivots.flatMap((pivot) => {
    if (pivot.table.length > MAX_DATABASE_NAME_LENGTH) {
      return [
        error(
          'invalid_identifier',
          `the pivot table ${pivot.table} of ${describe(pivot)} is ${pivot.table.length} characters long; PostgreSQL and MySQL accept ${MAX_DATABASE_NAME_LENGTH} at most`,
          pivot.span,
          'give the belongsToMany a shorter pivot name',
        ),
      ];
    }
    const earlier = seen.get(pivot.table);
    seen.set(pivot.table, pivot);
    const owner = entities.find((entity) => entity.naming.table === pivot.table);
    if (owner !== undefined) {
      return [
        error(
          'invalid_relation',
          `the pivot table ${pivot.table} of ${describe(pivot)} is the table of the entity ${owner.naming.className}`,
          pivot.span,
          'give the belongsToMany another pivot name',
        ),
      ];
    }
    if (earlier === undefined) return [];
    return [
      error(
        'duplicate_relation',
        `${describe(pivot)} and ${describe(earlier)} would share the pivot table ${pivot.table}`,
        pivot.span,
        'give one of the belongsToMany pairs its own pivot name',
      ),
    ];
  });
}

function describe(pivot: Pivot): string {
  const [a, b] = pivot.sides;
  return `the belongsToMany between ${a.entity} and ${b.entity}`;
}
