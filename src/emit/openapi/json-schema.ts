/**
 * The plain objects the OpenAPI document is made of. OpenAPI 3.1 schemas are JSON Schema 2020-12: a nullable
 * value is a type list with `null`, and `$ref` may stand beside other keywords.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** The schema itself is a JSON object; the type names the keywords this emitter writes. */
export type JsonSchema = JsonObject;

/** The schema, or null too. A `$ref` (or an `enum`) is widened with `anyOf`, which every validator reads alike. */
export function orNull(schema: JsonSchema): JsonSchema {
  const type = schema['type'];
  if (typeof type === 'string') {
    const enumerated = schema['enum'];
    const widened: JsonSchema = { ...schema, type: [type, 'null'] };
    return Array.isArray(enumerated) ? { ...widened, enum: [...enumerated, null] } : widened;
  }
  if (Array.isArray(type)) return type.includes('null') ? schema : { ...schema, type: [...type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

/** An object with these properties, the required ones listed when there are any; other members are allowed. */
export function objectSchema(properties: Record<string, JsonSchema>, required: readonly string[] = []): JsonSchema {
  return { type: 'object', properties, ...(required.length === 0 ? {} : { required: [...required] }) };
}

/** `#/components/schemas/<name>` */
export function schemaRef(name: string): JsonSchema {
  return { $ref: `#/components/schemas/${name}` };
}

/** `#/components/responses/<name>` */
export function responseRef(name: string): JsonObject {
  return { $ref: `#/components/responses/${name}` };
}
