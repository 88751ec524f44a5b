import type { Entity } from '../../../ir/ir.generated.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult } from '../../emit-result.js';
import { renderImports } from '../values/php-literals.js';

/** The skeleton's user model: the policy's first parameter, null for a guest. */
const USER_MODEL = 'App\\Models\\User';

/**
 * `app/Policies/<Class>Policy.php`, found by Laravel's policy discovery without registration. Every method
 * takes `?User` and returns true: the API is public until a method is edited. restore() and forceDelete()
 * are always there; only an entity with soft deletes has the routes that ask them.
 */
export function policyPath(entity: Entity): string {
  return `app/Policies/${entity.naming.className}Policy.php`;
}

export function emitPolicy(entity: Entity, ctx: EmitContext): EmitResult {
  const { className } = entity.naming;
  return renderStubFiles(
    [
      {
        stub: 'policy',
        path: policyPath(entity),
        artifact: 'Policy',
        values: {
          namespace: 'App\\Policies',
          imports: renderImports([`App\\Models\\${className}`, USER_MODEL]),
          className: `${className}Policy`,
          model: className,
          modelVariable: subjectVariable(entity),
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
