/**
 * An OpenAPI 3.0 document's schemas as JSON Schema 2020-12, which ajv checks answers with (3.1's already are).
 * What 3.0 says otherwise and a document for a Laravel API writes is `nullable: true`: per 3.0.3 it adds null to
 * the values of the schema's `type`, so it becomes `"null"` among the types (and among the `enum` values, which
 * would refuse it otherwise); beside no `type` it allows nothing more. Other 3.0 keywords are annotations ajv
 * leaves alone (`example`), or ones its compiler refuses (a boolean `exclusiveMinimum`): none is read otherwise.
 */

/** The document as parsed JSON: its shape is what is examined. */
type Json = any;

/** A 3.0 document with its schemas in 2020-12; any other document as it is. */
export function asJsonSchema2020(document: Json): Json {
  return typeof document?.openapi === 'string' && document.openapi.startsWith('3.0.') ? withoutNullable(document) : document;
}

function withoutNullable(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutNullable);
  if (typeof value !== 'object' || value === null) return value;
  const copied = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withoutNullable(inner)]));
  // A property named `nullable` is an object, a schema: only the boolean is the keyword.
  if (typeof copied['nullable'] !== 'boolean') return copied;
  const { nullable, ...schema } = copied;
  return nullable && typeof schema['type'] === 'string' ? nullAllowed(schema) : schema;
}

function nullAllowed(schema: Record<string, Json>): Record<string, Json> {
  const { type, enum: values } = schema;
  return { ...schema, type: [type, 'null'], ...(Array.isArray(values) && !values.includes(null) ? { enum: [...values, null] } : {}) };
}
