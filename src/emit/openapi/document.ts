import type { Entity, ProjectFacts } from '../../ir/ir.generated.js';
import type { JsonObject } from './json-schema.js';
import { entityPaths } from './paths.js';
import { errorResponses, errorSchemas } from './responses.js';
import { resourceSchemas } from './schemas.js';
import { authPaths, securitySchemes, usesAuth } from './security.js';

/**
 * The OpenAPI 3.1 document of the API the entities have in the project: a pure function of the checked IR
 * lowered into the project (what the Laravel emitters read) and the project's facts (page sizes, Laravel's
 * release). Its members come in a fixed order, the entities in the model's, the components by name.
 */

export const OPENAPI_VERSION = '3.1.0';

export function openApiDocument(entities: readonly Entity[], project: ProjectFacts): JsonObject {
  const auth = usesAuth(entities);
  const paths = Object.assign({}, ...entities.map((entity) => entityPaths(entity, project)), auth ? authPaths() : {}) as JsonObject;
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'API',
      version: '1.0.0',
      description: 'The API fullapi generated: every route of each entity, its query string, bodies and answers.',
    },
    paths,
    components: {
      schemas: sortedByName({ ...resourceSchemas(entities, project), ...errorSchemas() }),
      responses: sortedByName(errorResponses()),
      ...(auth ? { securitySchemes: securitySchemes() } : {}),
    },
  };
}

function sortedByName<T>(members: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(members).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
