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
  const entities = source.entities.map((entity) => {
    if (entity.parent === undefined) return entity;
    const chain = ancestorsOf(entity, byName);
    if ('diagnostic' in chain) {
      diagnostics.push(chain.diagnostic);
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

/** Nearest first. A parent that is not declared, or a chain that comes back to the entity, is an error. */
function ancestorsOf(entity: SourceEntity, byName: ReadonlyMap<string, SourceEntity>): { ancestors: SourceEntity[] } | { diagnostic: Diagnostic } {
  const ancestors: SourceEntity[] = [];
  const seen = [entity.name];
  for (let parentName = entity.parent; parentName !== undefined; ) {
    const parent = byName.get(parentName);
    if (parent === undefined) {
      return { diagnostic: error('unknown_entity', `${entity.name} extends ${parentName}, which is not declared in this file`, entity.span) };
    }
    if (seen.includes(parent.name)) {
      return { diagnostic: error('relation_cycle', `${[...seen, parent.name].join(' -> ')}: these entities extend each other`, entity.span) };
    }
    seen.push(parent.name);
    ancestors.push(parent);
    parentName = parent.parent;
  }
  return { ancestors };
}

/** The farthest ancestor's fields first; a field declared again lower down replaces the inherited one. */
function mergeFields(ancestors: readonly SourceEntity[], own: readonly SourceField[]): SourceField[] {
  const merged = new Map<string, SourceField>();
  for (const ancestor of [...ancestors].reverse()) for (const field of ancestor.fields) merged.set(field.name, field);
  for (const field of own) merged.set(field.name, field);
  return [...merged.values()];
}
