import type { Entity } from '../../ir/ir.generated.js';
import { objectSchema, type JsonObject } from './json-schema.js';
import { errorAnswers, jsonAnswer, NO_CONTENT } from './responses.js';

/**
 * `--auth`: Sanctum personal access tokens. AuthController's routes (auth-routes.ts registers them: `register` and
 * `login` public, `logout` and `user` behind `auth:sanctum`) and the bearer scheme the entity routes ask for. The
 * bodies are the rules of stubs/request.register.stub and request.login.stub; the answers AuthController's.
 */

export const BEARER_SCHEME = 'sanctum';

export function usesAuth(entities: readonly Entity[]): boolean {
  return entities.some((entity) => entity.options?.auth === true);
}

export function securitySchemes(): JsonObject {
  return { [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', description: 'A token POST /api/register or POST /api/login answers.' } };
}

export const GUARDED: JsonObject[] = [{ [BEARER_SCHEME]: [] }];

const TOKEN = { type: 'string', description: 'Send it as `Authorization: Bearer <token>`.' };

const EMAIL = { type: 'string', format: 'email', maxLength: 255 };

/** The skeleton's user as the model's JSON form answers it: its hidden attributes (the password) left out. */
const USER = objectSchema({ id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } }, ['id', 'name', 'email']);

export function authPaths(): Record<string, JsonObject> {
  const body = (properties: Record<string, JsonObject>): JsonObject => ({
    required: true,
    content: { 'application/json': { schema: objectSchema(properties, Object.keys(properties)) } },
  });
  return {
    '/api/register': {
      post: {
        operationId: 'auth.register',
        tags: ['Auth'],
        summary: 'Create a user and a first token',
        requestBody: body({
          name: { type: 'string', maxLength: 255 },
          email: { ...EMAIL, description: 'No user has it yet.' },
          password: { type: 'string', minLength: 8 },
          password_confirmation: { type: 'string', description: 'The password again.' },
        }),
        responses: { '201': jsonAnswer('The token and the user.', objectSchema({ token: TOKEN, user: USER }, ['token', 'user'])), ...errorAnswers([422]) },
      },
    },
    '/api/login': {
      post: {
        operationId: 'auth.login',
        tags: ['Auth'],
        summary: 'A new token for a known email and password',
        requestBody: body({ email: { type: 'string', format: 'email' }, password: { type: 'string' } }),
        responses: { '200': jsonAnswer('The token.', objectSchema({ token: TOKEN }, ['token'])), ...errorAnswers([422]) },
      },
    },
    '/api/logout': {
      post: { operationId: 'auth.logout', tags: ['Auth'], summary: 'Revoke the token of this request', security: GUARDED, responses: { '204': NO_CONTENT, ...errorAnswers([401]) } },
    },
    '/api/user': {
      get: { operationId: 'auth.user', tags: ['Auth'], summary: 'The user the token belongs to', security: GUARDED, responses: { '200': jsonAnswer('The user.', USER), ...errorAnswers([401]) } },
    },
  };
}
