import { isObject, type Schema } from './schema-shape.js';

/** Which schemas the operations of `paths` send as request bodies and which they answer with, by identity. */
export interface SchemaUsage {
  requests: Set<Schema>;
  responses: Set<Schema>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function schemaUsage(document: Schema): SchemaUsage {
  const usage: SchemaUsage = { requests: new Set(), responses: new Set() };
  const paths = document['paths'];
  if (!isObject(paths)) return usage;
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      for (const schema of requestSchemas(operation)) usage.requests.add(schema);
      for (const schema of responseSchemas(operation)) usage.responses.add(schema);
    }
  }
  return usage;
}

/** 3.x's requestBody content, and 2.0's `in: body` parameter. */
function requestSchemas(operation: Schema): Schema[] {
  const body = operation['requestBody'];
  const parameters = operation['parameters'];
  const bodyParameters = Array.isArray(parameters) ? parameters.filter((parameter) => isObject(parameter) && parameter['in'] === 'body') : [];
  return [...(isObject(body) ? contentSchemas(body) : []), ...bodyParameters.flatMap((parameter: Schema) => schemaOf(parameter))];
}

function responseSchemas(operation: Schema): Schema[] {
  const responses = operation['responses'];
  if (!isObject(responses)) return [];
  const answered = Object.values(responses).flatMap((response) => (isObject(response) ? [...contentSchemas(response), ...schemaOf(response)] : []));
  return answered.flatMap((schema) => [schema, ...envelopedSchemas(schema)]);
}

/**
 * Laravel's API resources answer a row, or a page of rows, inside `data`: a document written for such an API
 * answers its entities there, so what `data` holds (or lists) is answered too.
 */
function envelopedSchemas(schema: Schema): Schema[] {
  const properties = schema['properties'];
  const data = isObject(properties) ? properties['data'] : undefined;
  if (!isObject(data)) return [];
  const items = data['items'];
  return isObject(items) ? [data, items] : [data];
}

/** The schemas of a 3.x content map, with the items of an array answer (a list of pets) counted too. */
function contentSchemas(holder: Schema): Schema[] {
  const content = holder['content'];
  if (!isObject(content)) return [];
  return Object.values(content).flatMap((media) => (isObject(media) ? schemaOf(media) : []));
}

function schemaOf(holder: Schema): Schema[] {
  const schema = holder['schema'];
  if (!isObject(schema)) return [];
  const items = schema['items'];
  return isObject(items) ? [schema, items] : [schema];
}
