import type { Entity } from '../../../ir/ir.generated.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult } from '../../emit-result.js';
import { ownerOf } from '../values/owner.js';
import { renderImports } from '../values/php-literals.js';

/** The skeleton's user model: the policy's first parameter, null for a guest. */
const USER_MODEL = 'App\\Models\\User';

/** What an owner's abilities answer: a refusal as a 404 (Response::denyAsNotFound). */
const ACCESS_RESPONSE = 'Illuminate\\Auth\\Access\\Response';

/**
 * `app/Policies/<Class>Policy.php`, found by Laravel's policy discovery without registration. Every method
 * takes `?User` and returns true: the API is public until a method is edited (with an owner,
 * viewing, changing and deleting a row answer its owner only). restore() and forceDelete()
 * are always there; only an entity with soft deletes has the routes that ask them.
 */
export function policyPath(entity: Entity): string {
  return `app/Policies/${entity.naming.className}Policy.php`;
}

export function emitPolicy(entity: Entity, ctx: EmitContext): EmitResult {
  const { className } = entity.naming;
  const owner = ownerOf(entity);
  return renderStubFiles(
    [
      {
        stub: 'policy',
        path: policyPath(entity),
        artifact: 'Policy',
        values: {
          namespace: 'App\\Policies',
          imports: renderImports([`App\\Models\\${className}`, USER_MODEL, ...(owner === undefined ? [] : [ACCESS_RESPONSE])]),
          className: `${className}Policy`,
          model: className,
          modelVariable: subjectVariable(entity),
          ownerRelation: owner?.name ?? '',
          modelName: className,
          modelNameLower: subjectVariable(entity),
        },
      },
    ],
    ctx,
  );
}

/** A policy of users would declare `$user` twice; Laravel's own policy stub names the subject `$model` then. */
function subjectVariable(entity: Entity): string {
  return entity.naming.modelVariable === 'user' ? 'model' : entity.naming.modelVariable;
}
