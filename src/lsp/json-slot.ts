import { findNodeAtLocation, getLocation, parseTree, type Node } from 'jsonc-parser';
import { valueSlot, wordsFinished, type Slot } from './schema-slot.js';

/** A slot of a JSON schema file, and the text a completion replaces: offsets into the document. */
export interface JsonSlot {
  slot: Slot;
  start: number;
  end: number;
  /** Outside a string, a completion brings its own quotes. */
  quoted: boolean;
}

/**
 * The slot at `offset` of a JSON schema file, from the JSON structure around it: the path of keys from the root
 * and whether the cursor is on a key or in a value, read by jsonc-parser, which reads half-typed JSON too (an
 * unclosed string, a missing brace). Inside a string, the word at the cursor is replaced; where no string is
 * open yet, the word typed bare.
 */
export function jsonSlot(text: string, offset: number): JsonSlot | undefined {
  const location = getLocation(text, offset);
  const path = location.path.map(String);
  const node = location.previousNode;
  if (node !== undefined) return inString(text, offset, node) ? stringSlot(text, offset, node, path, location.isAtPropertyKey) : undefined;
  const bare = /[\w$]*$/.exec(text.slice(0, offset))?.[0] ?? '';
  const slot = location.isAtPropertyKey ? keySlot(text, path, undefined) : valueSlot(path, []);
  return slot === undefined ? undefined : { slot, start: offset - bare.length, end: offset, quoted: true };
}

function stringSlot(text: string, offset: number, node: Node, path: readonly string[], atKey: boolean): JsonSlot | undefined {
  const start = node.offset + 1;
  if (atKey) return { slot: keySlot(text, path, node), start, end: closed(text, node) ? node.offset + node.length - 1 : offset, quoted: false };
  const written = text.slice(start, offset);
  const slot = valueSlot(path, wordsFinished(written));
  const word = /\S*$/.exec(written)?.[0] ?? '';
  return slot === undefined ? undefined : { slot, start: offset - word.length, end: offset, quoted: false };
}

/**
 * On a key, the path's last step is the key being written (`editing`, once its quote is open): the keys offered
 * are those of the object holding it, but the ones it holds already.
 */
function keySlot(text: string, path: readonly string[], editing: Node | undefined): Slot {
  const objectPath = path.slice(0, -1);
  const root = parseTree(text);
  const object = root === undefined ? undefined : findNodeAtLocation(root, objectPath);
  const properties = object?.type === 'object' ? (object.children ?? []) : [];
  const present = properties.flatMap((property) => {
    const key = property.children?.[0];
    return key === undefined || key.offset === editing?.offset ? [] : [String(key.value)];
  });
  return { kind: 'key', path: objectPath, present };
}

/** Whether the cursor is between a string's quotes (or after the opening one of a string not closed yet). */
function inString(text: string, offset: number, node: Node): boolean {
  if (node.type !== 'string' && node.type !== 'property') return false;
  const end = node.offset + node.length;
  return offset > node.offset && (closed(text, node) ? offset < end : offset <= end);
}

function closed(text: string, node: Node): boolean {
  return node.length >= 2 && text[node.offset + node.length - 1] === '"';
}
