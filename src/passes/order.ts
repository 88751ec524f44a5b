import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { BelongsToRelation, Entity } from '../ir/ir.generated.js';

/**
 * Parents first: an entity comes after every entity its belongsTo reference, so each migration creates its
 * table after the tables its foreign keys point to. Otherwise source order is kept. A reference of an entity
 * to itself is no dependency (its column is nullable). Entities that reference each other in a circle cannot
 * be created in any order: each cycle is an error naming it.
 */
export function orderEntities(entities: readonly Entity[]): { entities: Entity[]; diagnostics: Diagnostic[] } {
  const indexOfClass = new Map(entities.map((entity, index) => [entity.naming.className, index]));
  const parents = entities.map((entity) => [...new Set(parentsOf(entity).flatMap((name) => indexOfClass.get(name) ?? []))]);
  const children: number[][] = entities.map(() => []);
  parents.forEach((ofEntity, child) => ofEntity.forEach((parent) => children[parent]?.push(child)));
  const unplacedParents = parents.map((ofEntity) => ofEntity.length);
  const placed = entities.map(() => false);
  // The entities ready to place, smallest source index first: source order is kept wherever it can be.
  const ready = new MinHeap();
  unplacedParents.forEach((count, index) => count === 0 && ready.push(index));
  const place = (index: number): void => {
    placed[index] = true;
    for (const child of children[index] ?? []) if (--(unplacedParents[child] as number) === 0 && !placed[child]) ready.push(child);
  };
  const ordered: Entity[] = [];
  const diagnostics: Diagnostic[] = [];
  let firstUnplaced = 0;
  for (;;) {
    const next = ready.pop();
    if (next !== undefined) {
      if (placed[next]) continue;
      ordered.push(entities[next] as Entity);
      place(next);
      continue;
    }
    while (placed[firstUnplaced] === true) firstUnplaced++;
    if (firstUnplaced >= entities.length) break;
    // Every unplaced entity waits on another unplaced one: following first parents must come round.
    const cycle = cycleFrom(firstUnplaced, entities, parents, placed);
    diagnostics.push(cycleError(cycle.map((step) => ({ entity: entities[step.index] as Entity, via: step.via }))));
    // Reported once; its members are set aside so that other cycles are found too.
    for (const step of cycle) place(step.index);
  }
  return { entities: ordered, diagnostics };
}

function parentsOf(entity: Entity): string[] {
  return referencesOf(entity).map((relation) => relation.target);
}

/** The belongsTo of an entity to other entities: the foreign keys a migration constrains. */
function referencesOf(entity: Entity): BelongsToRelation[] {
  return entity.relations.filter((relation): relation is BelongsToRelation => relation.kind === 'belongsTo' && relation.target !== entity.naming.className);
}

interface CycleStep {
  entity: Entity;
  /** The belongsTo by which this entity waits on the next one of the cycle. */
  via: BelongsToRelation;
}

/**
 * Walks from an unplaced entity along belongsTo to unplaced parents until an entity repeats. Each unplaced
 * entity has an unplaced parent (none could be placed), so the walk always comes round, and never into a
 * cycle already reported, whose members count as placed.
 */
function cycleFrom(
  start: number,
  entities: readonly Entity[],
  parents: readonly number[][],
  placed: readonly boolean[],
): { index: number; via: BelongsToRelation }[] {
  const path: { index: number; via: BelongsToRelation }[] = [];
  const stepAt = new Map<number, number>();
  let current: number | undefined = start;
  while (current !== undefined) {
    const at = stepAt.get(current);
    if (at !== undefined) return path.slice(at);
    const entity = entities[current] as Entity;
    const parent: number | undefined = parents[current]?.find((candidate) => !placed[candidate]);
    const via = referencesOf(entity).find((relation) => relation.target === entities[parent ?? -1]?.naming.className);
    if (parent === undefined || via === undefined) return path;
    stepAt.set(current, path.length);
    path.push({ index: current, via });
    current = parent;
  }
  return path;
}

/** A binary heap of numbers, smallest first. */
class MinHeap {
  private readonly items: number[] = [];

  push(value: number): void {
    const items = this.items;
    items.push(value);
    for (let child = items.length - 1; child > 0; ) {
      const parent = (child - 1) >> 1;
      if ((items[parent] as number) <= value) break;
      items[child] = items[parent] as number;
      items[parent] = value;
      child = parent;
    }
  }

  pop(): number | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    items[0] = last;
    for (let parent = 0; ; ) {
      const left = parent * 2 + 1;
      const right = left + 1;
      let smallest = parent;
      if (left < items.length && (items[left] as number) < (items[smallest] as number)) smallest = left;
      if (right < items.length && (items[right] as number) < (items[smallest] as number)) smallest = right;
      if (smallest === parent) break;
      [items[parent], items[smallest]] = [items[smallest] as number, items[parent] as number];
      parent = smallest;
    }
    return top;
  }
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
