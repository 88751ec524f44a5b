import type { Entity } from '../../../ir/ir.generated.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult } from '../../emit-result.js';
import { DTO_NAMESPACE, dtoClassName } from './dto.js';
import { ownerOf } from '../values/owner.js';
import { phpStringBody, renderImports } from '../values/php-literals.js';
import { partial } from '../values/stub-values/registry.js';
import { REQUEST_NAMESPACE, storeRequestClassName, updateRequestClassName } from './requests.js';
import { RESOURCE_NAMESPACE, resourceClassName } from './resource.js';
import { SERVICE_NAMESPACE, serviceClassName } from './service.js';
import { AUTH_USER_MODEL } from '../values/auth-user.js';
import { indentedInClass, names3x } from '../values/legacy-stubs.js';

/**
 * `app/Http/Controllers/<Class>Controller.php`: each action asks the policy through `Gate::authorize()` (the
 * skeleton's base Controller has no AuthorizesRequests trait), then hands over to the service. The bound model
 * is named after the route parameter, since implicit binding matches by name only.
 */
export function controllerPath(entity: Entity): string {
  return `app/Http/Controllers/${entity.naming.className}Controller.php`;
}

export function emitController(entity: Entity, ctx: EmitContext): EmitResult {
  const { className } = entity.naming;
  const owner = ownerOf(entity);
  const imports = [
    `App\\Models\\${className}`,
    `${DTO_NAMESPACE}\\${dtoClassName(entity)}`,
    `${REQUEST_NAMESPACE}\\${storeRequestClassName(entity)}`,
    `${REQUEST_NAMESPACE}\\${updateRequestClassName(entity)}`,
    `${RESOURCE_NAMESPACE}\\${resourceClassName(entity)}`,
    `${SERVICE_NAMESPACE}\\${serviceClassName(entity)}`,
    'Illuminate\\Http\\JsonResponse',
    'Illuminate\\Http\\Request',
    'Illuminate\\Http\\Resources\\Json\\AnonymousResourceCollection',
    'Illuminate\\Http\\Response',
    'Illuminate\\Support\\Facades\\Gate',
    // The signed-in user, injected into index and store, is the owner of the rows they list and create.
    ...(owner === undefined ? [] : [AUTH_USER_MODEL, 'Illuminate\\Container\\Attributes\\CurrentUser']),
  ];
  const softDeleteActions = { model: className, modelVariable: entity.naming.modelVariable, resource: resourceClassName(entity) };
  return renderStubFiles(
    [
      {
        stub: 'controller',
        path: controllerPath(entity),
        artifact: 'Controller',
        values: {
          namespace: 'App\\Http\\Controllers',
          imports: renderImports(imports),
          className: `${className}Controller`,
          model: className,
          modelVariable: entity.naming.modelVariable,
          routeParameter: entity.naming.routeParameter,
          service: serviceClassName(entity),
          dto: dtoClassName(entity),
          storeRequest: storeRequestClassName(entity),
          updateRequest: updateRequestClassName(entity),
          resource: resourceClassName(entity),
          ownerRelation: owner?.name ?? '',
          ownerKey: owner === undefined ? '' : phpStringBody(owner.foreignKey),
          // Their routes resolve the model `->withTrashed()`, so a soft-deleted row binds.
          softDeleteActions: entity.softDeletes ? partial('controller.soft-delete-actions', softDeleteActions) : '',
          ...names3x(entity),
          softDeleteMethods: entity.softDeletes ? partial('controller.soft-delete-actions', softDeleteActions, indentedInClass) : '',
        },
      },
    ],
    ctx,
  );
}
