import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { DocNode, MapEntry, MapNode, Range } from '../../text/doc-node.js';
import { locator, type Locate } from '../../text/positions.js';
import { MAX_YAML_DEPTH, readYaml } from './read-yaml.js';

/**
 * A schema file read one entity at a time, so that a watch session reads again only the entities a save
 * changed: the text of each entity under `entities:` is a YAML document of its own (a mapping of one entry,
 * indented), kept by its text from one run to the next; the rest of the file is read with those lines blanked,
 * so that every offset stays where it is. The pieces make the tree readYaml makes of the whole text
 * (tests/unit/frontends/yaml-blocks.test.ts compares them over the fixtures and random files), or nothing:
 * then the caller reads the whole text. Nothing is risked on a file where a piece could mean something else
 * alone: one with anchors or aliases (which reach across entities), tabs or carriage returns, directives or
 * document markers, a byte-order mark, a piece that is not one entity, or any problem at all (which the whole text then reports).
 */

/** An entity's text read alone: its tree with offsets into that text, and how deep it nests. */
export interface YamlBlock {
  entry?: MapEntry;
  /** The entry's range in the piece: the whole file's mapping of entities ends where its last entry ends. */
  range?: Range;
  depth: number;
}

/** Reads of entity texts, as a watch session keeps them (make-memory.ts). */
export type YamlBlockReads = (text: string) => YamlBlock;

export function readYamlBlock(text: string): YamlBlock {
  const read = readYaml(text, locator('', text));
  const root = read.root;
  if (read.diagnostics.length > 0 || root?.kind !== 'map' || root.entries.length !== 1) return { depth: Number.POSITIVE_INFINITY };
  const [entry] = root.entries;
  // A value left empty at the end of the text runs to the end of it, where in the whole file it would run
  // to the next entity's key: such an entity is read with the whole file.
  if (entry === undefined || root.range.end > endOfLastValueLine(text)) return { depth: Number.POSITIVE_INFINITY };
  return { entry, range: root.range, depth: depthOf(root) };
}

/** Where the last line that is neither blank nor a comment ends, its line break included. */
function endOfLastValueLine(text: string): number {
  const lines = linesOf(text);
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index];
    if (line !== undefined && !/^\s*(?:#.*)?$/.test(line.text)) return Math.min(line.start + line.text.length + 1, text.length);
  }
  return 0;
}

/** The whole text's tree from its pieces, or undefined when the text is not one this reading can be sure of. */
export function readYamlInBlocks(text: string, locate: Locate, blocks: YamlBlockReads): { root: DocNode; diagnostics: Diagnostic[] } | undefined {
  const split = splitEntities(text);
  if (split === undefined) return undefined;
  const rest = readYaml(split.rest, locate);
  const root = rest.root;
  if (rest.diagnostics.length > 0 || root?.kind !== 'map') return undefined;
  const sections = root.entries.filter((entry) => entry.key === ENTITIES);
  const section = sections[0];
  // The rest holds the last entity, as it is in the whole text: what follows it decides where the mappings end.
  if (sections.length !== 1 || section === undefined || section.value.kind !== 'map' || section.value.entries.length !== 1) return undefined;
  const last = section.value.entries[0];
  if (last === undefined || last.keyRange.start < split.lastStart) return undefined;
  const entries: MapEntry[] = [];
  let start = section.value.range.start;
  for (const [index, piece] of split.pieces.entries()) {
    const block = blocks(piece.text);
    // The entities' mapping is two levels below the root: the piece's own mapping stands for it.
    if (block.entry === undefined || block.range === undefined || block.depth + 1 >= MAX_YAML_DEPTH) return undefined;
    entries.push(movedEntry(block.entry, piece.start));
    if (index === 0) start = block.range.start + piece.start;
  }
  const entities: MapNode = { kind: 'map', range: { start, end: section.value.range.end }, entries: [...entries, last] };
  return { root: { ...root, entries: root.entries.map((entry) => (entry === section ? { ...entry, value: entities } : entry)) }, diagnostics: [] };
}

const ENTITIES = 'entities';
/**
 * An anchor (`&name`) or an alias (`*name`) starts a node, after a space, a line's start or a flow indicator.
 * Found anywhere (in a comment, a quoted string), the file is read whole: `a&b`, `.*` in a rule are not.
 */
const ANCHOR_OR_ALIAS = /(?:^|[\s[{,])[&*][^\s,[\]{}]/m;
const ENTITIES_LINE = /^entities:[ ]*(?:#.*)?$/;

interface Piece {
  start: number;
  text: string;
}

/**
 * The text of each entity but the last (from its key's line to the next entity's, the comments and blank lines
 * between going with the one before), and the text with those lines blanked. Undefined for a file whose
 * `entities:` is not a block of two entities or more at one indentation, or that has a construct reaching
 * across lines of the file as a whole.
 */
function splitEntities(text: string): { pieces: Piece[]; rest: string; lastStart: number } | undefined {
  if (/[\t\r\uFEFF]/.test(text) || ANCHOR_OR_ALIAS.test(text) || /^(?:---|\.\.\.|%)/m.test(text)) return undefined;
  const lines = linesOf(text);
  const opening = lines.findIndex((line) => ENTITIES_LINE.test(line.text));
  if (opening < 0) return undefined;
  const starts: number[] = [];
  let indent: number | undefined;
  for (const line of lines.slice(opening + 1)) {
    const content = line.text.trimStart();
    if (content === '' || content.startsWith('#')) continue;
    const lineIndent = line.text.length - content.length;
    if (lineIndent === 0) break;
    indent ??= lineIndent;
    if (lineIndent < indent) return undefined;
    if (lineIndent === indent) starts.push(line.start);
  }
  const firstStart = starts[0];
  const lastStart = starts.at(-1);
  if (firstStart === undefined || lastStart === undefined || starts.length < 2) return undefined;
  const pieces = starts.slice(0, -1).map((start, index) => ({ start, text: text.slice(start, starts[index + 1]) }));
  const blanked = text.slice(firstStart, lastStart).replace(/[^\n]/g, ' ');
  return { pieces, rest: `${text.slice(0, firstStart)}${blanked}${text.slice(lastStart)}`, lastStart };
}

function linesOf(text: string): { start: number; text: string }[] {
  const lines: { start: number; text: string }[] = [];
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    lines.push({ start, text: text.slice(start, end) });
    if (newline < 0) break;
    start = newline + 1;
  }
  return lines;
}

function movedEntry(entry: MapEntry, by: number): MapEntry {
  return { key: entry.key, keyRange: moved(entry.keyRange, by), value: movedNode(entry.value, by) };
}

function movedNode(node: DocNode, by: number): DocNode {
  switch (node.kind) {
    case 'map':
      return { kind: 'map', range: moved(node.range, by), entries: node.entries.map((entry) => movedEntry(entry, by)) };
    case 'list':
      return { kind: 'list', range: moved(node.range, by), items: node.items.map((item) => movedNode(item, by)) };
    case 'scalar':
      return node.textStart === undefined
        ? { kind: 'scalar', range: moved(node.range, by), value: node.value }
        : { kind: 'scalar', range: moved(node.range, by), value: node.value, textStart: node.textStart + by };
  }
}

function moved(range: Range, by: number): Range {
  return { start: range.start + by, end: range.end + by };
}

function depthOf(node: DocNode): number {
  if (node.kind === 'scalar') return 0;
  const children = node.kind === 'map' ? node.entries.map((entry) => entry.value) : node.items;
  return 1 + Math.max(0, ...children.map(depthOf));
}
