import { basename, extname } from 'node:path';
import type { Span } from '../../ir/ir.generated.js';
import type { DocNode } from '../../text/doc-node.js';
import type { Origins } from './origins.js';
import { isObject, mergedObject, type Schema } from './schema-shape.js';
import type { NamedSchema } from './schema-kinds.js';

/** A schema named by the file it was written in, with the place diagnostics about it point at. */
export interface FileSchema extends NamedSchema {
  span: Span;
}

/**
 * A document split over files often keeps each schema in a file of its own and names it from the operations
 * (`$ref: Pet.yaml`, `$ref: ../common/Error.yaml`) or from another schema's property, never from
 * components.schemas. Such a schema is named as its file is (`Pet.yaml` is Pet, `new-pet.yaml` NewPet); one
 * written under a key at the top of a file of several (`$ref: models.yaml#/Pet`) by that key. The walk starts at
 * what the operations send and answer and at the named schemas, and goes on through the properties (and array
 * items, and allOf parts) of each schema it names. A name already taken keeps its first schema.
 */
export function fileSchemas(
  starts: Iterable<Schema>,
  named: readonly NamedSchema[],
  fileRoots: ReadonlyMap<string, DocNode>,
  rootFile: string,
  origins: Origins,
): FileSchema[] {
  const nameOfNode = fileNodeNames(fileRoots, rootFile);
  const known = new Set(named.map((entry) => entry.schema));
  const taken = new Set(named.map((entry) => entry.name));
  const found: FileSchema[] = [];
  const seen = new Set<Schema>();
  const pending = [...starts, ...named.map((entry) => entry.schema)];
  for (let schema = pending.pop(); schema !== undefined; schema = pending.pop()) {
    if (seen.has(schema)) continue;
    seen.add(schema);
    const origin = origins.get(schema);
    const name = origin === undefined ? undefined : nameOfNode.get(origin.node);
    if (name !== undefined && !known.has(schema) && !taken.has(name)) {
      taken.add(name);
      found.push({ name, schema, span: origin?.locate(origin.node.range) ?? { file: rootFile } });
    }
    pending.push(...reachedFrom(schema));
  }
  return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The root node of each file but the document, by its file's name, and each mapping at its top level by its key. */
function fileNodeNames(fileRoots: ReadonlyMap<string, DocNode>, rootFile: string): Map<DocNode, string> {
  const names = new Map<DocNode, string>();
  for (const [path, root] of fileRoots) {
    if (path === rootFile) continue;
    names.set(root, className(basename(path, extname(path))));
    if (root.kind === 'map') for (const entry of root.entries) if (entry.value.kind === 'map') names.set(entry.value, entry.key);
  }
  return names;
}

/** `new-pet` and `new_pet` as a class is named, NewPet; `Pet` stays. */
function className(fileName: string): string {
  return fileName
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '')
    .map((part) => `${part.charAt(0).toUpperCase()}${part.slice(1)}`)
    .join('');
}

/** The schemas a schema's properties, array items and allOf parts are. */
function reachedFrom(schema: Schema): Schema[] {
  const items = schema['items'];
  const allOf = Array.isArray(schema['allOf']) ? schema['allOf'].filter(isObject) : [];
  const properties = mergedObject(schema).properties.flatMap((property) => {
    const inner = property.schema['items'];
    return isObject(inner) ? [property.schema, inner] : [property.schema];
  });
  return [...(isObject(items) ? [items] : []), ...allOf, ...properties];
}
