import type { BelongsToRelation, Entity } from '../../../ir/ir.generated.js';

/**
 * The belongsTo to the signed-in user that owns each row (`owner: true`, checked by src/passes/owners.ts): the
 * policy, the index, store and the requests keep every row to its owner.
 */
export function ownerOf(entity: Entity): BelongsToRelation | undefined {
  return entity.relations.find((relation): relation is BelongsToRelation => relation.kind === 'belongsTo' && relation.owner === true);
}
