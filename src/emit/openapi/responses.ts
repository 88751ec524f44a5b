import { objectSchema, responseRef, schemaRef, type JsonObject, type JsonSchema } from './json-schema.js';

/**
 * The answers Laravel gives for what goes wrong, as the application answers a client asking for JSON: a
 * `message`, and for a validation error the messages of each field under `errors`. With APP_DEBUG on, an
 * exception's answer has more members (the exception, file, line and trace): the schemas allow any.
 */

export const ERROR_STATUSES = {
  401: { name: 'Unauthenticated', description: 'No valid token: `{"message": "Unauthenticated."}`.' },
  403: { name: 'Forbidden', description: 'The policy refused the action.' },
  404: { name: 'NotFound', description: 'No row has this key.' },
  409: { name: 'DeletionRefused', description: 'Rows of other tables still refer to this one; `dependents` names them by relation, at most ten keys each.' },
  422: { name: 'ValidationFailed', description: 'The data sent is invalid: the messages of each field under `errors`.' },
} as const;

export type ErrorStatus = keyof typeof ERROR_STATUSES;

const MESSAGE: JsonSchema = { type: 'string' };

export function errorSchemas(): Record<string, JsonSchema> {
  return {
    ErrorMessage: objectSchema({ message: MESSAGE }, ['message']),
    DeletionRefused: objectSchema({ message: MESSAGE, dependents: { type: 'object', additionalProperties: { type: 'array', items: { type: ['integer', 'string'] } } } }, ['message', 'dependents']),
    ValidationErrors: objectSchema({ message: MESSAGE, errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } }, ['message', 'errors']),
  };
}

const BODY_OF: Record<ErrorStatus, string> = { 401: 'ErrorMessage', 403: 'ErrorMessage', 404: 'ErrorMessage', 409: 'DeletionRefused', 422: 'ValidationErrors' };

export function errorResponses(): Record<string, JsonObject> {
  return Object.fromEntries(
    Object.entries(ERROR_STATUSES).map(([status, { name, description }]) => [
      name,
      { description, content: { 'application/json': { schema: schemaRef(BODY_OF[Number(status) as ErrorStatus]) } } },
    ]),
  );
}

/** The operation's error answers, by status. */
export function errorAnswers(statuses: readonly ErrorStatus[]): Record<string, JsonObject> {
  return Object.fromEntries([...statuses].sort().map((status) => [String(status), responseRef(ERROR_STATUSES[status].name)]));
}

/** A JSON answer of the schema, under the media type the resource answers in. */
export function jsonAnswer(description: string, schema: JsonSchema, mediaType = 'application/json'): JsonObject {
  return { description, content: { [mediaType]: { schema } } };
}

export const NO_CONTENT: JsonObject = { description: 'Done: no content.' };
