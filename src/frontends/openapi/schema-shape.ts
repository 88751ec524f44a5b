/**
 * What a dereferenced schema says, read defensively: a document is the user's, so any key may hold anything.
 * Circular `$ref`s make cycles of objects, so every walk through `allOf` keeps the schemas it has seen.
 */

export type Schema = Record<string, unknown>;

export function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The type words of a schema: `type: string` and 3.1's `type: [string, "null"]` alike. */
export function typesOf(schema: Schema): string[] {
  const { type } = schema;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((word): word is string => typeof word === 'string') : [];
}

/** The type other than "null", when there is exactly one. */
export function valueType(schema: Schema): string | undefined {
  const types = typesOf(schema).filter((type) => type !== 'null');
  return types.length === 1 ? types[0] : undefined;
}

/** Null allowed by the schema itself, in any version's spelling. */
export function saysNullable(schema: Schema): boolean {
  return schema['nullable'] === true || schema['x-nullable'] === true || typesOf(schema).includes('null');
}

/** One property of an object schema, with the `properties` object it is written in (for its position). */
export interface Property {
  name: string;
  schema: Schema;
  writtenIn: object;
}

/** The properties and required names of a schema, those of its `allOf` parts merged in, later parts winning. */
export interface MergedObject {
  properties: Property[];
  required: Set<string>;
}

export function mergedObject(schema: Schema, seen: Set<Schema> = new Set()): MergedObject {
  const byName = new Map<string, Property>();
  const required = new Set<string>();
  const merge = (part: Schema): void => {
    if (seen.has(part)) return;
    seen.add(part);
    const allOf = part['allOf'];
    if (Array.isArray(allOf)) for (const inner of allOf) if (isObject(inner)) merge(inner);
    const properties = part['properties'];
    if (isObject(properties)) {
      for (const [name, value] of Object.entries(properties)) if (isObject(value)) byName.set(name, { name, schema: value, writtenIn: properties });
    }
    const names = part['required'];
    if (Array.isArray(names)) for (const name of names) if (typeof name === 'string') required.add(name);
  };
  merge(schema);
  return { properties: [...byName.values()], required };
}

/** `allOf: [{$ref: X}]` alone (the way to add a description beside a $ref before 3.1): X, dereferenced. */
export function singleAllOf(schema: Schema): Schema | undefined {
  const allOf = schema['allOf'];
  return Array.isArray(allOf) && allOf.length === 1 && isObject(allOf[0]) ? allOf[0] : undefined;
}

/** An object schema: `type: object`, or properties or allOf without a type. */
export function isObjectSchema(schema: Schema): boolean {
  const type = valueType(schema);
  if (type !== undefined) return type === 'object';
  return typesOf(schema).length === 0 && (isObject(schema['properties']) || Array.isArray(schema['allOf']));
}

/**
 * 3.1's way to make a `$ref` nullable, `oneOf: [{$ref: X}, {type: "null"}]` (or anyOf): X, said nullable. Any
 * other schema is itself.
 */
export function withoutNullUnion(schema: Schema): { schema: Schema; nullable: boolean } {
  const members = Array.isArray(schema['oneOf']) ? schema['oneOf'] : schema['anyOf'];
  if (!Array.isArray(members)) return { schema, nullable: false };
  const isNull = (member: unknown): boolean => isObject(member) && typesOf(member).length === 1 && typesOf(member)[0] === 'null';
  const others = members.filter((member) => !isNull(member));
  const only = others[0];
  return others.length === 1 && others.length < members.length && isObject(only) ? { schema: only, nullable: true } : { schema, nullable: false };
}
