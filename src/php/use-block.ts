import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { classImports, sameClass, shortName, type ClassImport } from './class-references.js';
import {
  children,
  field,
  indentAt,
  insertLinesAfter,
  lineStart,
  shapeError,
  start,
  startsLine,
  statementEnd,
  tokensBetween,
  type Edit,
  type Parsed,
  type PhpFile,
  type PhpNode,
} from './php-source.js';

/** The edits that import classes, and the `use` lines to append at the end when the file has no statement. */
export interface ImportChange {
  edits: Edit[];
  tail: string[][];
}

/**
 * Imports each of `required` under its short name, in the file's first block of `use` statements.
 * A block of plain class imports is rewritten whole, one import per statement, deduplicated and in
 * Pint's `ordered_imports` order; a block holding comments, groups or function imports is kept and the
 * new lines go where that order puts them. `statements` are those of the global namespace.
 */
export function ensureClassImports(
  file: PhpFile,
  statements: readonly PhpNode[],
  required: readonly string[],
  layout: UseLayout = readUseLayout(file, statements),
): Parsed<ImportChange> {
  const { byLocalName, block } = layout;
  for (const name of required) {
    const clash = importClash(file, layout, name);
    if (clash !== undefined) return { ok: false, diagnostic: clash };
  }
  const missing = required.filter((name) => !byLocalName.has(shortName(name).toLowerCase())).sort(compareImports);
  if (block === undefined) return { ok: true, value: placeNewBlock(file, statements, missing.map((name) => `use ${name};`)) };
  if (layout.plainImports === undefined) {
    const plain = singleImports(block);
    return { ok: true, value: { edits: missing.map((name) => insertSorted(file, block, plain, name)), tail: [] } };
  }
  const edits = missing.length === 0 && layout.rewrittenAsIs !== undefined ? layout.rewrittenAsIs : rewriteBlock(file, block, layout.plainImports, missing);
  return { ok: true, value: { edits, tail: [] } };
}

/** The error of importing `name` where the file already imports another class under its short name. */
export function importClash(file: PhpFile, layout: UseLayout, name: string): Diagnostic | undefined {
  const holder = layout.byLocalName.get(shortName(name).toLowerCase())?.find((entry) => !sameClass(entry.name, name));
  if (holder === undefined) return undefined;
  const message = `${file.path} imports ${holder.name} as ${holder.localName}, the name fullapi needs for ${name}`;
  return shapeError(file, start(holder.item), message, 'Alias or remove that import, then run fullapi again.');
}

/** What `ensureClassImports` reads off a file, whatever it is asked to import: the same for every call on one parse. */
export interface UseLayout {
  imports: ClassImport[];
  /** The imports by local name in lower case (PHP class names ignore case), in file order. */
  byLocalName: ReadonlyMap<string, readonly ClassImport[]>;
  block?: UseBlock;
  /** The imports of a block of plain class imports, in file order; undefined when the block is not plain. */
  plainImports?: SortableImport[];
  /** The edits that put a plain block in order when nothing is missing: nearly always none. */
  rewrittenAsIs?: Edit[];
}

/** `statements` are those of the global namespace. */
export function readUseLayout(file: PhpFile, statements: readonly PhpNode[]): UseLayout {
  const imports = classImports(statements);
  const byLocalName = new Map<string, ClassImport[]>();
  for (const entry of imports) {
    const key = entry.localName.toLowerCase();
    byLocalName.set(key, [...(byLocalName.get(key) ?? []), entry]);
  }
  const block = firstUseBlock(file, statements);
  if (block === undefined || !isPlain(file, block)) return { imports, byLocalName, ...(block === undefined ? {} : { block }) };
  const plainImports = classImports(block.statements).map((entry) => sortable(importText(entry)));
  return { imports, byLocalName, block, plainImports, rewrittenAsIs: rewriteBlock(file, block, plainImports, []) };
}

/** The first run of consecutive `use` statements, from the first one's start to the last one's `;`. */
interface UseBlock {
  statements: PhpNode[];
  last: PhpNode;
  start: number;
  end: number;
}

function firstUseBlock(file: PhpFile, statements: readonly PhpNode[]): UseBlock | undefined {
  const first = statements.findIndex((statement) => statement.kind === 'usegroup');
  if (first === -1) return undefined;
  const length = statements.slice(first).findIndex((statement) => statement.kind !== 'usegroup');
  const run = statements.slice(first, length === -1 ? undefined : first + length);
  const [head, last] = [run[0], run[run.length - 1]];
  if (head === undefined || last === undefined) return undefined;
  return { statements: run, last, start: start(head), end: statementEnd(file, last) };
}

/** Only `use Foo\Bar;` or `use Foo\Bar as Baz;` statements, with nothing but white space between them. */
function isPlain(file: PhpFile, block: UseBlock): boolean {
  const plainStatements = block.statements.every((statement) => field(statement, 'name') === undefined && classImports([statement]).length === children(statement, 'items').length);
  const tokens = tokensBetween(file, block.start, block.end);
  return plainStatements && tokens.every((token) => token.type !== 'T_COMMENT' && token.type !== 'T_DOC_COMMENT');
}

function rewriteBlock(file: PhpFile, block: UseBlock, written: readonly SortableImport[], missing: readonly string[]): Edit[] {
  const seen = new Set<string>();
  const unique = [...written, ...missing.map(sortable)].filter(({ text }) => {
    const key = text.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const lines = unique.sort((a, b) => compareKeys(a.key, b.key)).map(({ text }) => `use ${text};`);
  const edit = { start: block.start, end: block.end, text: lines.join(file.eol) };
  return file.text.slice(edit.start, edit.end) === edit.text ? [] : [edit];
}

/** What follows `use ` in the import's statement: Pint sorts on that text, alias included. */
function importText(entry: ClassImport): string {
  return entry.explicitAlias ? `${entry.name} as ${entry.localName}` : entry.name;
}

/**
 * Pint's `ordered_imports` with `sort_algorithm: alpha`: PHP's strcasecmp over the import text with each
 * `\` read as a space, so `App\Models\Post` sorts before `App\ModelsX`.
 */
function compareImports(a: string, b: string): number {
  return compareKeys(importSortKey(a), importSortKey(b));
}

function importSortKey(text: string): string {
  return text.replaceAll('\\', ' ').replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

function compareKeys(left: string, right: string): number {
  if (left === right) return 0;
  return left < right ? -1 : 1;
}

/** An import's text with its `compareImports` key, computed once rather than at every comparison. */
interface SortableImport {
  text: string;
  key: string;
}

function sortable(text: string): SortableImport {
  return { text, key: importSortKey(text) };
}

/**
 * Before the first plain class import that sorts after `name`; else after the last class or constant
 * import, since Pint orders constants, then classes, then functions; else before the whole block.
 */
function insertSorted(file: PhpFile, block: UseBlock, plain: readonly ClassImport[], name: string): Edit {
  const line = `use ${name};`;
  const before = plain.find((entry) => compareImports(importText(entry), name) > 0)?.statement;
  const after = before === undefined ? block.statements.filter((statement) => field(statement, 'type') !== 'function').at(-1) : undefined;
  if (after !== undefined) return insertLinesAfter(file, statementEnd(file, after), [line], indentAt(file.text, start(after)));
  const at = start(before ?? block.statements[0] ?? block.last);
  if (!startsLine(file.text, at)) return { start: at, end: at, text: `${line} ` };
  return { start: lineStart(file.text, at), end: lineStart(file.text, at), text: indentAt(file.text, at) + line + file.eol };
}

/** The block's class imports that have a statement of their own: `use Foo\Bar;`, not a group or a list. */
function singleImports(block: UseBlock): ClassImport[] {
  return classImports(block.statements).filter((entry) => field(entry.statement, 'name') === undefined && children(entry.statement, 'items').length === 1);
}

/** Before the first statement (after any `declare`), or at the end of a file that has none. */
function placeNewBlock(file: PhpFile, statements: readonly PhpNode[], lines: readonly string[]): ImportChange {
  if (lines.length === 0) return { edits: [], tail: [] };
  // php-parser reports a file of only comments as a `noop` spanning the whole file, opening tag included.
  const first = statements.find((statement) => statement.kind !== 'declare' && statement.kind !== 'noop');
  if (first === undefined) return { edits: [], tail: [[...lines]] };
  const at = start(first);
  const text = lines.join(file.eol) + file.eol + file.eol;
  return startsLine(file.text, at)
    ? { edits: [{ start: lineStart(file.text, at), end: lineStart(file.text, at), text }], tail: [] }
    : { edits: [{ start: at, end: at, text }], tail: [] };
}
