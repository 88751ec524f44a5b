import { API_SCHEMA } from '../frontends/schema/api-schema.generated.js';

/** The part of a JSON Schema that says which keys an object takes, and what each is. */
interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  anyOf?: SchemaNode[];
}

/** A key the schema file's JSON Schema allows, with the words it describes it in. */
export interface SchemaKey {
  name: string;
  type?: string;
  description?: string;
}

const ROOT = API_SCHEMA as SchemaNode;

/**
 * The keys the object at `path` of a schema file may hold, as api-schema.schema.json declares them: the
 * options under `options`, an entity's sections and options, a mapping-form field's or relation's properties.
 * Under a key the schema leaves free (an entity's or a field's name), there is nothing to offer.
 */
export function schemaKeysAt(path: readonly string[]): SchemaKey[] {
  const objects = path.reduce<SchemaNode[]>((schemas, key) => schemas.flatMap((schema) => childSchemas(schema, key)), [ROOT]).flatMap(alternatives);
  const keys = new Map<string, SchemaKey>();
  for (const [name, property] of objects.flatMap((schema) => Object.entries(schema.properties ?? {}))) {
    if (!keys.has(name)) keys.set(name, describe(name, property));
  }
  return [...keys.values()];
}

function childSchemas(schema: SchemaNode, key: string): SchemaNode[] {
  return alternatives(schema).flatMap((object) => {
    const named = object.properties?.[key];
    if (named !== undefined) return [named];
    return typeof object.additionalProperties === 'object' ? [object.additionalProperties] : [];
  });
}

/** A schema with its reference followed and its `anyOf` spread: a field is a shorthand string or a mapping. */
function alternatives(schema: SchemaNode): SchemaNode[] {
  const target = resolved(schema);
  return target.anyOf === undefined ? [target] : target.anyOf.flatMap(alternatives);
}

function resolved(schema: SchemaNode): SchemaNode {
  const name = /^#\/\$defs\/(.+)$/.exec(schema.$ref ?? '')?.[1];
  if (name === undefined) return schema;
  const definitions = (API_SCHEMA.$defs ?? {}) as Record<string, SchemaNode>;
  const target = definitions[name];
  return target === undefined ? schema : resolved(target);
}

/** A property's own description, else its definition's (an option is a reference to one). */
function describe(name: string, property: SchemaNode): SchemaKey {
  const target = resolved(property);
  const description = property.description ?? target.description;
  const type = typeof target.type === 'string' ? target.type : undefined;
  return { name, ...(type === undefined ? {} : { type }), ...(description === undefined ? {} : { description }) };
}
