import type { Span } from '../../ir/ir.generated.js';
import { entryOf, type DocNode, type MapNode } from '../../text/doc-node.js';
import type { Locate } from '../../text/positions.js';

/** Where a plain object or array of a document was written: its file's locator and its node there. */
export interface Origin {
  locate: Locate;
  node: DocNode;
}

/**
 * The plain values json-schema-ref-parser works on, each object and array mapped back to its node. Keyed by
 * identity: the library keeps the objects a parser gives it, so a schema found after dereferencing still
 * knows its line and column.
 */
export type Origins = WeakMap<object, Origin>;

/** A DocNode as plain values, every object and array recorded in `origins`; a repeated key keeps its last value, as JSON.parse does. */
export function plainWithOrigins(node: DocNode, locate: Locate, origins: Origins): unknown {
  if (node.kind === 'scalar') return node.value;
  if (node.kind === 'list') {
    const list = node.items.map((item) => plainWithOrigins(item, locate, origins));
    origins.set(list, { locate, node });
    return list;
  }
  // fromEntries defines own properties, so a key named __proto__ stays a key.
  const map = Object.fromEntries(node.entries.map((entry) => [entry.key, plainWithOrigins(entry.value, locate, origins)]));
  origins.set(map, { locate, node });
  return map;
}

/** Where `key` is written in the object `container`, else where the object is, else nothing known. */
export function keySpan(origins: Origins, container: object, key: string): Span | undefined {
  const origin = origins.get(container);
  if (origin === undefined) return undefined;
  const entry = origin.node.kind === 'map' ? entryOf(origin.node, key) : undefined;
  return origin.locate(entry?.keyRange ?? origin.node.range);
}

/** Where the value of `key` is written in the object `container`. */
export function valueSpan(origins: Origins, container: object, key: string): Span | undefined {
  const origin = origins.get(container);
  if (origin?.node.kind !== 'map') return undefined;
  const entry = entryOf(origin.node as MapNode, key);
  return entry === undefined ? undefined : origin.locate(entry.value.range);
}
