import type { Entity } from '../../ir/ir.generated.js';

/**
 * Marks each relation whose target entity asks for JSON:API resources (`--json-api`). Laravel's JsonApiResource
 * answers an included row through the resource class it is given and calls JSON:API methods on it: a standard
 * resource there answers 500, so the emitter needs to know which targets have a JSON:API one.
 */
export function markJsonApiTargets(entities: readonly Entity[]): Entity[] {
  const jsonApi = new Set(entities.filter((entity) => entity.options?.jsonApi === true).map((entity) => entity.naming.className));
  if (jsonApi.size === 0) return [...entities];
  return entities.map((entity) =>
    entity.relations.some((relation) => relation.target !== undefined && jsonApi.has(relation.target))
      ? { ...entity, relations: entity.relations.map((relation) => (relation.target !== undefined && jsonApi.has(relation.target) ? { ...relation, targetJsonApi: true } : relation)) }
      : entity,
  );
}
