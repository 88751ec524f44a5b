/**
 * The parsed document both readers produce, YAML and JSON alike: plain values plus where each came from,
 * so that every later error points at the user's own text. Keys keep their order and their repeats
 * (a repeated entity is an error to report, not a value to lose).
 */

/** Character offsets into the file's text, end exclusive. */
export interface Range {
  start: number;
  end: number;
}

export type DocNode = MapNode | ListNode | ScalarNode;

export interface MapNode {
  kind: 'map';
  range: Range;
  entries: MapEntry[];
}

export interface MapEntry {
  key: string;
  keyRange: Range;
  value: DocNode;
}

export interface ListNode {
  kind: 'list';
  range: Range;
  items: DocNode[];
}

export type ScalarValue = string | number | boolean | null;

export interface ScalarNode {
  kind: 'scalar';
  range: Range;
  value: ScalarValue;
  /** For a string written verbatim in the file (no escapes, one line): the offset of its first character. */
  textStart?: number;
}

export interface StringNode extends ScalarNode {
  value: string;
}

/** Where a string's characters start in `text`, when the source spells them verbatim (plain, or quoted without escapes). */
export function verbatimStart(text: string, range: Range, value: ScalarValue): number | undefined {
  if (typeof value !== 'string' || value.includes('\n')) return undefined;
  const raw = text.slice(range.start, range.end);
  if (raw === value) return range.start;
  if (raw.length === value.length + 2 && raw.slice(1, -1) === value) return range.start + 1;
  return undefined;
}

/** A key's range without its quotes, when it has any and no escapes: what a reader sees as the name. */
export function keyRangeOf(text: string, range: Range, key: string): Range {
  const start = verbatimStart(text, range, key);
  return start === undefined ? range : { start, end: start + key.length };
}

/** The plain value ajv validates; a repeated key keeps its last value, as JSON.parse does. */
export function plainValue(node: DocNode): unknown {
  if (node.kind === 'scalar') return node.value;
  if (node.kind === 'list') return node.items.map(plainValue);
  // fromEntries defines own properties, so a key named __proto__ stays a key.
  return Object.fromEntries(node.entries.map((entry) => [entry.key, plainValue(entry.value)]));
}

/**
 * A key name checked against the document types generated from the JSON Schema: renaming a key there
 * stops this code compiling until it follows.
 */
export function keyOf<T>(key: keyof T & string): string {
  return key;
}

/** The last entry of a key, the one plainValue keeps. */
export function entryOf(map: MapNode, key: string): MapEntry | undefined {
  for (let i = map.entries.length - 1; i >= 0; i--) {
    const entry = map.entries[i];
    if (entry?.key === key) return entry;
  }
  return undefined;
}

/** A node and, when it is the value of a mapping entry, that entry (whose key is where to point). */
export interface Located {
  node: DocNode;
  entry?: MapEntry;
}

/** The node an ajv instancePath (a JSON Pointer) names, resolved as plainValue resolves repeated keys. */
export function nodeAtPointer(root: DocNode, pointer: string): Located | undefined {
  let located: Located = { node: root };
  const tokens = pointer === '' ? [] : pointer.slice(1).split('/').map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
  for (const token of tokens) {
    const { node } = located;
    if (node.kind === 'map') {
      const entry = entryOf(node, token);
      if (entry === undefined) return undefined;
      located = { node: entry.value, entry };
    } else if (node.kind === 'list') {
      const item = node.items[Number(token)];
      if (item === undefined) return undefined;
      located = { node: item };
    } else {
      return undefined;
    }
  }
  return located;
}

export function isString(node: DocNode | undefined): node is StringNode {
  return node?.kind === 'scalar' && typeof node.value === 'string';
}

/** A boolean's value; anything else is ignored here, the JSON Schema reports it. */
export function booleanAt(map: MapNode, key: string): boolean | undefined {
  const node = entryOf(map, key)?.value;
  return node?.kind === 'scalar' && typeof node.value === 'boolean' ? node.value : undefined;
}

/** The range of a string's own characters when known (inside its quotes), else of the whole node. */
export function textRange(node: StringNode): Range {
  return node.textStart === undefined ? node.range : { start: node.textStart, end: node.textStart + node.value.length };
}
