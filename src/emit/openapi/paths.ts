import type { Entity, ProjectFacts } from '../../ir/ir.generated.js';
import { writesJsonApi } from '../laravel/values/json-api.js';
import { MEMBER_ROUTES } from '../laravel/edits/api-routes.js';
import type { RequestKind } from '../laravel/artifacts/requests.js';
import { requestBodySchema } from './request-bodies.js';
import { includeParameters, indexParameters, pathParameter } from './parameters.js';
import { errorAnswers, jsonAnswer, NO_CONTENT, type ErrorStatus } from './responses.js';
import { collectionDocument, singleDocument } from './schemas.js';
import { GUARDED } from './security.js';
import type { JsonObject } from './json-schema.js';

/**
 * An entity's routes as `routes/api.php` registers them (api-routes.ts): `Route::apiResource` under the `api`
 * prefix, and with soft deletes the restore and force-delete member routes. Each action asks the policy first
 * (403); a member route binds the row by its key (404); the deletions that a foreign key restricts answer 409.
 */

/** The media type of a JSON:API resource's answers; its errors stay Laravel's JSON. */
const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';

export function entityPaths(entity: Entity, project: ProjectFacts): Record<string, JsonObject> {
  const { routeSegment: segment, routeParameter: parameter, className } = entity.naming;
  const guarded = entity.options?.auth === true;
  const mediaType = writesJsonApi(entity, project) ? JSON_API_MEDIA_TYPE : 'application/json';
  const single = (description: string): JsonObject => jsonAnswer(description, singleDocument(entity, project), mediaType);
  const operation = (action: string, summary: string, responses: JsonObject, errors: ErrorStatus[], more: JsonObject = {}): JsonObject => ({
    operationId: `${segment}.${action}`,
    tags: [className],
    summary,
    ...more,
    ...(guarded ? { security: GUARDED } : {}),
    responses: { ...responses, ...errorAnswers(guarded ? [401, ...errors] : errors) },
  });
  const body = (kind: RequestKind): JsonObject => ({ requestBody: { required: true, content: { 'application/json': { schema: requestBodySchema(entity, kind) } } } });
  // A soft delete sets deleted_at and never breaks a foreign key.
  const deletion: ErrorStatus[] = entity.softDeletes ? [403, 404] : [403, 404, 409];
  const update = (): JsonObject => operation('update', `Update a ${className}: only the fields sent change`, { '200': single(`The ${className} updated.`) }, [403, 404, 422], body('update'));
  const collection = `/api/${segment}`;
  const member = `${collection}/{${parameter}}`;
  const paths: Record<string, JsonObject> = {
    [collection]: {
      get: operation(
        'index',
        `A page of ${className} rows`,
        { '200': jsonAnswer(`A page of ${className} rows.`, collectionDocument(entity, project), mediaType) },
        [403],
        { parameters: indexParameters(entity, project) },
      ),
      post: operation('store', `Create a ${className}`, { '201': single(`The ${className} created.`) }, [403, 422], body('store')),
    },
    [member]: {
      parameters: [pathParameter(entity)],
      get: operation('show', `One ${className}`, { '200': single(`The ${className}.`) }, [403, 404], { parameters: includeParameters(entity, project) }),
      put: update(),
      patch: update(),
      delete: operation('destroy', `Delete a ${className}${entity.softDeletes ? ' (softly: it can be restored)' : ''}`, { '204': NO_CONTENT }, deletion),
    },
  };
  if (!entity.softDeletes) return paths;
  const memberRoute = (kind: keyof typeof MEMBER_ROUTES): string => `${member}/${MEMBER_ROUTES[kind].suffix}`;
  return {
    ...paths,
    [memberRoute('restore')]: {
      parameters: [pathParameter(entity)],
      [MEMBER_ROUTES.restore.verb]: operation(MEMBER_ROUTES.restore.suffix, `Restore a soft-deleted ${className}`, { '200': single(`The ${className} restored.`) }, [403, 404]),
    },
    [memberRoute('forceDelete')]: {
      parameters: [pathParameter(entity)],
      [MEMBER_ROUTES.forceDelete.verb]: operation(MEMBER_ROUTES.forceDelete.suffix, `Delete a ${className} for good`, { '204': NO_CONTENT }, [403, 404, 409]),
    },
  };
}
