import type { Entity, RelatedKey, Relation } from '../../../ir/ir.generated.js';
import { camel } from '../../../passes/naming/str.js';
import { syncedKeysName } from '../../../passes/relations/relations.js';

/**
 * The many-to-many relations a client writes through store and update: a list of the related rows' keys
 * under `<singular relation>_ids` (`tags` takes `tag_ids`), synced into the pivot.
 */
export interface SyncedRelation {
  /** The relation method: `tags`. */
  relation: string;
  /** The request key: `tag_ids`. */
  input: string;
  /** The DTO property: `tagIds`. */
  property: string;
  relatedKey: RelatedKey;
  /** The related model, for the tests' factories. */
  target: string;
}

export function syncedRelations(entity: Entity): SyncedRelation[] {
  return entity.relations.flatMap((relation: Relation) => {
    if (relation.kind !== 'belongsToMany' || relation.relatedKey === undefined || relation.target === undefined) return [];
    const input = syncedKeysName(relation.name);
    return [{ relation: relation.name, input, property: camel(input), relatedKey: relation.relatedKey, target: relation.target }];
  });
}
