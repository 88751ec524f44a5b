import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { SourceEntity, SourceField, SourceModel } from '../ir/ir.generated.js';

/**
 * `parent` (class_data.json): the entity's model extends its parent's model and its table holds the
 * parent's fields as well as its own, as a subclass inherits attributes. Runs first, on the source model,
 * so every later pass sees the inherited fields like any other. Relations are not inherited: a parent with
 * relations would hand its children relation methods whose keys their tables lack, so it is refused.
 */
export function inheritFields(source: SourceModel): { model: SourceModel; diagnostics: Diagnostic[] } {
  const byName = new Map(source.entities.map((entity) => [entity.name, entity]));
  const diagnostics: Diagnostic[] = [];
  // Every entity of a cycle, and every one extending one of them, reaches it: it is reported once.
  const reportedCycles = new Set<string>();
  const entities = source.entities.map((entity) => {
    if (entity.parent === undefined) return entity;
    const chain = ancestorsOf(entity, byName);
    if ('diagnostic' in chain) {
      diagnostics.push(chain.diagnostic);
      return entity;
    }
    if ('cycle' in chain) {
      const members = chain.cycle.map((member) => member.name).sort().join(' ');
      if (!reportedCycles.has(members)) diagnostics.push(cycleError(chain.cycle, source.entities));
      reportedCycles.add(members);
      return entity;
    }
    const withRelations = chain.ancestors.find((ancestor) => ancestor.relations.length > 0);
    if (withRelations !== undefined) {
      diagnostics.push(
        error(
          'option_not_supported',
          `${entity.name} extends ${withRelations.name}, which has relations: inheriting relations is not generated yet`,
          entity.span,
          `declare the relations on ${entity.name} itself, or drop its parent`,
        ),
      );
      return entity;
    }
    return { ...entity, fields: mergeFields(chain.ancestors, entity.fields) };
  });
  return { model: { ...source, entities }, diagnostics };
}

/**
 * Nearest first. A parent that is not declared is an error; a chain that comes back on itself gives the entities
 * of the circle, each extending the next.
 */
function ancestorsOf(
  entity: SourceEntity,
  byName: ReadonlyMap<string, SourceEntity>,
): { ancestors: SourceEntity[] } | { diagnostic: Diagnostic } | { cycle: SourceEntity[] } {
  const chain = [entity];
  for (let parentName = entity.parent; parentName !== undefined; ) {
    const parent = byName.get(parentName);
    if (parent === undefined) {
      return { diagnostic: error('unknown_entity', `${entity.name} extends ${parentName}, which is not declared in this file`, entity.span) };
    }
    const repeated = chain.indexOf(parent);
    if (repeated !== -1) return { cycle: chain.slice(repeated) };
    chain.push(parent);
    parentName = parent.parent;
  }
  return { ancestors: chain.slice(1) };
}

/** Said from the entity of the circle declared first, and placed there, however the circle was reached. */
function cycleError(cycle: readonly SourceEntity[], declared: readonly SourceEntity[]): Diagnostic {
  const ranks = cycle.map((member) => declared.indexOf(member));
  const start = ranks.reduce((first, rank, index) => (rank < (ranks[first] ?? rank) ? index : first), 0);
  const names = [...cycle.slice(start), ...cycle.slice(0, start + 1)].map((member) => member.name);
  return error('relation_cycle', `${names.join(' -> ')}: these entities extend each other`, cycle[start]?.span);
}

/** The farthest ancestor's fields first; a field declared again lower down replaces the inherited one. */
function mergeFields(ancestors: readonly SourceEntity[], own: readonly SourceField[]): SourceField[] {
  const merged = new Map<string, SourceField>();
  for (const ancestor of [...ancestors].reverse()) for (const field of ancestor.fields) merged.set(field.name, field);
  for (const field of own) merged.set(field.name, field);
  return [...merged.values()];
}
