import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { BelongsToRelation, Entity } from '../ir/ir.generated.js';

/**
 * The class of the user `--auth` signs in: an owner is one of them. The emitters' AUTH_USER_MODEL is this
 * class in App\Models, where every entity's model lives.
 */
const SIGNED_IN_USER = 'User';

/**
 * An owner (`owner: true` on a belongsTo) says that each row belongs to the user who signed in and created
 * it: only with `--auth` is there such a user, only the user model can be one, and a row has one owner, who
 * cannot be missing (nobody could see the row).
 */
export function ownerProblems(entities: readonly Entity[]): Diagnostic[] {
  return entities.flatMap((entity) => {
    const owners = entity.relations.filter((relation): relation is BelongsToRelation => relation.kind === 'belongsTo' && relation.owner === true);
    const { className } = entity.naming;
    return owners.flatMap((owner, index): Diagnostic[] => {
      const at = `the owner ${className}.${owner.name}`;
      if (index > 0) return [error('invalid_owner', `${at}: ${className} has an owner already, ${owners[0]?.name ?? ''}; a row belongs to one user`, owner.span)];
      if (owner.target !== SIGNED_IN_USER) {
        return [error('invalid_owner', `${at} targets ${owner.target}: an owner is the signed-in user, a ${SIGNED_IN_USER}`, owner.span, `write ${owner.name}: { kind: belongsTo, target: ${SIGNED_IN_USER}, owner: true }`)];
      }
      if (className === SIGNED_IN_USER) return [error('invalid_owner', `${at}: a user cannot be owned by another user`, owner.span)];
      if (entity.options?.auth !== true) {
        return [error('invalid_owner', `${at}: ${className} is made without auth, so no user is signed in to own its rows`, owner.span, 'add --auth, or auth: true to the options')];
      }
      if (owner.nullable === true) return [error('invalid_owner', `${at} is nullable: a row without an owner could be seen by nobody`, owner.span, 'remove nullable')];
      return [];
    });
  });
}
