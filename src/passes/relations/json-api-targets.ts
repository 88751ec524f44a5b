import type { Entity, Relation } from '../../ir/ir.generated.js';
import { relationTarget } from '../../ir/relations.js';

/**
 * Marks each relation whose target entity asks for JSON:API resources (`--json-api`). Laravel's JsonApiResource
 * answers an included row through the resource class it is given and calls JSON:API methods on it: a standard
 * resource there answers 500, so the emitter needs to know which targets have a JSON:API one.
 */
export function markJsonApiTargets(entities: readonly Entity[]): Entity[] {
  const jsonApi = new Set(entities.filter((entity) => entity.options?.jsonApi === true).map((entity) => entity.naming.className));
  if (jsonApi.size === 0) return [...entities];
  const targetsJsonApi = (relation: Relation): boolean => {
    const target = relationTarget(relation);
    return target !== undefined && jsonApi.has(target);
  };
  return entities.map((entity) =>
    entity.relations.some(targetsJsonApi)
      ? { ...entity, relations: entity.relations.map((relation) => (targetsJsonApi(relation) ? { ...relation, targetJsonApi: true } : relation)) }
      : entity,
  );
}
