import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { Entity, Relation } from '../ir/ir.generated.js';

/**
 * Parents first: an entity comes after every entity its belongsTo reference, so each migration creates its
 * table after the tables its foreign keys point to. Otherwise source order is kept. A reference of an entity
 * to itself is no dependency (its column is nullable). Entities that reference each other in a circle cannot
 * be created in any order: each cycle is an error naming it.
 */
export function orderEntities(entities: readonly Entity[]): { entities: Entity[]; diagnostics: Diagnostic[] } {
  const ordered: Entity[] = [];
  const placed = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  let remaining = [...entities];
  while (remaining.length > 0) {
    const next = remaining.find((entity) => parentsOf(entity).every((parent) => placed.has(parent)));
    if (next !== undefined) {
      ordered.push(next);
      placed.add(next.naming.className);
      remaining = remaining.filter((entity) => entity !== next);
      continue;
    }
    // Every remaining entity waits on another remaining one: following first parents must come round.
    const cycle = cycleFrom(remaining, placed);
    diagnostics.push(cycleError(cycle));
    // Reported once; its members are set aside so that other cycles are found too.
    for (const { entity } of cycle) placed.add(entity.naming.className);
  }
  return { entities: ordered, diagnostics };
}

function parentsOf(entity: Entity): string[] {
  return referencesOf(entity).map((relation) => relation.target ?? '');
}

/** The belongsTo of an entity to other entities: the foreign keys a migration constrains. */
function referencesOf(entity: Entity): Relation[] {
  return entity.relations.filter(
    (relation) => relation.kind === 'belongsTo' && relation.target !== undefined && relation.target !== entity.naming.className,
  );
}

interface CycleStep {
  entity: Entity;
  /** The belongsTo by which this entity waits on the next one of the cycle. */
  via: Relation;
}

/**
 * Walks from the first remaining entity along belongsTo to unplaced parents until an entity repeats. Each
 * remaining entity has an unplaced parent (none could be placed), so the walk always comes round, and never
 * into a cycle already reported, whose members count as placed.
 */
function cycleFrom(remaining: readonly Entity[], placed: ReadonlySet<string>): CycleStep[] {
  const unplaced = remaining.filter((entity) => !placed.has(entity.naming.className));
  const byClass = new Map(unplaced.map((entity) => [entity.naming.className, entity]));
  const path: CycleStep[] = [];
  let current = remaining[0];
  while (current !== undefined) {
    const at = path.findIndex((step) => step.entity === current);
    if (at !== -1) return path.slice(at);
    const via = referencesOf(current).find((relation) => byClass.has(relation.target ?? ''));
    if (via === undefined) return path;
    path.push({ entity: current, via });
    current = byClass.get(via.target ?? '');
  }
  return path;
}

function cycleError(cycle: readonly CycleStep[]): Diagnostic {
  const [first] = cycle;
  const names = [...cycle.map((step) => step.entity.naming.className), first?.entity.naming.className ?? ''];
  const links = cycle.map((step) => `${step.entity.naming.className}.${step.via.name}`).join(', ');
  return error(
    'relation_cycle',
    `${names.join(' -> ')}: these entities reference each other (${links}), so no table can be created first`,
    first?.via.span,
    'drop one of these belongsTo, or make it a belongsToMany',
  );
}
