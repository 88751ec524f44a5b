import type { PatchResult } from '../diagnostics/patch-result.js';
import { classImports, importsByLocalName, resolveName, type ClassImport, type NameScope } from './class-references.js';
import {
  children,
  expressionEnd,
  finishPatch,
  lineStart,
  previousSignificant,
  start,
  startsLine,
  statementEnd,
  walk,
  type Edit,
  type PhpFile,
  type PhpNode,
  type PhpParses,
} from './php-source.js';

/** Removals from PHP files the user owns (route statements, seeder calls), leaving the rest byte for byte. */

export interface Range {
  start: number;
  end: number;
}

/**
 * Removes the statements and the `pieces` (array items with their commas, say), and the imports only they used;
 * the blank lines around them are kept as Pint wants them: one between statements, none at the edge of a block.
 * Nothing to remove returns the text unchanged.
 */
export function removeStatements(file: PhpFile, statements: readonly PhpNode[], pieces: readonly Range[], parses: PhpParses): PatchResult {
  if (statements.length === 0 && pieces.length === 0) return { ok: true, content: file.text };
  const ranges = statements.map((statement) => ({ start: start(statement), end: statementEnd(file, statement) }));
  const imports = unusedImports(file, [...ranges, ...pieces]);
  const edits = [...[...ranges, ...imports].map((range) => statementRemoval(file, range)), ...pieces.map((piece) => ({ ...piece, text: '' }))];
  return finishPatch(file, blankLinesSettled(file, edits), [], parses);
}

/**
 * The imports that names inside `removed` used and no name outside does any more: whole `use` statements, or the
 * items of a statement that imports other classes too.
 */
function unusedImports(file: PhpFile, removed: readonly Range[]): Range[] {
  const topLevel = children(file.program, 'children');
  // A file with `namespace X;` holds its imports inside the namespace.
  const namespace = topLevel.find((statement) => statement.kind === 'namespace');
  const statements = namespace === undefined ? topLevel : children(namespace, 'children');
  const imports = classImports(statements);
  const scope: NameScope = { namespace: '', imports: [importsByLocalName(imports)] };
  const [inside, outside] = [new Set<string>(), new Set<string>()];
  walk(file.program, (node, ancestors) => {
    if (node.kind !== 'name' || ancestors.some((ancestor) => ancestor.kind === 'usegroup')) return;
    const isRemoved = removed.some((range) => range.start <= start(node) && start(node) < range.end);
    (isRemoved ? inside : outside).add(resolveName(scope, node).toLowerCase());
  });
  const unused = imports.filter((entry) => inside.has(entry.name.toLowerCase()) && !outside.has(entry.name.toLowerCase()));
  const byStatement = new Map<PhpNode, ClassImport[]>();
  for (const entry of unused) byStatement.set(entry.statement, [...(byStatement.get(entry.statement) ?? []), entry]);
  return [...byStatement].flatMap(([statement, entries]) => {
    const items = children(statement, 'items');
    if (entries.length === items.length) return [{ start: start(statement), end: statementEnd(file, statement) }];
    return entries.map((entry) => itemRange(file, items, entry.item));
  });
}

/** An item of a `use` list with the comma that separates it from its neighbour. */
function itemRange(file: PhpFile, items: readonly PhpNode[], item: PhpNode): Range {
  const index = items.indexOf(item);
  const next = items[index + 1];
  if (next !== undefined) return { start: start(item), end: start(next) };
  const previous = items[index - 1];
  return {
    start: previous === undefined ? start(item) : expressionEnd(file, start(previous)),
    end: expressionEnd(file, start(item)),
  };
}

/**
 * A statement alone on its lines goes with those lines (a comment after it on its last line too); one sharing a
 * line goes with the white space before it.
 */
function statementRemoval(file: PhpFile, range: Range): Edit {
  const lineEnd = file.text.indexOf('\n', range.end);
  const rest = file.text.slice(range.end, lineEnd === -1 ? file.text.length : lineEnd);
  if (startsLine(file.text, range.start) && /^\s*(\/\/[^\n]*)?$/.test(rest)) {
    return {
      start: lineStart(file.text, range.start),
      end: lineEnd === -1 ? file.text.length : lineEnd + 1,
      text: '',
    };
  }
  const before = previousSignificant(file, range.start)?.end ?? range.start;
  return { start: before, end: range.end, text: '' };
}

/**
 * Adds to the removals of whole lines the blank lines they leave doubled or at the edge of a block. Each run of
 * removed and blank lines keeps its first blank line, none when it opens or closes a block or the file.
 */
function blankLinesSettled(file: PhpFile, edits: readonly Edit[]): Edit[] {
  const lines = splitLines(file.text);
  const isRemoved = (line: Range): boolean => edits.some((edit) => edit.start <= line.start && line.end <= edit.end && line.end > line.start);
  const isBlank = (line: Range): boolean => file.text.slice(line.start, line.end).trim() === '';
  const extra: Edit[] = [];
  let index = 0;
  while (index < lines.length) {
    let last = index;
    let holdsRemoval = false;
    while (last < lines.length && (isRemoved(lines[last] as Range) || isBlank(lines[last] as Range))) {
      holdsRemoval ||= isRemoved(lines[last] as Range);
      last++;
    }
    if (!holdsRemoval) {
      index = Math.max(last, index + 1);
      continue;
    }
    const run = lines.slice(index, last);
    const before = file.text.slice(lines[index - 1]?.start ?? 0, lines[index - 1]?.end ?? 0).trimEnd();
    const after = file.text.slice(lines[last]?.start ?? 0, lines[last]?.end ?? 0).trim();
    const atEdge = after === '' || /^[}\])]/.test(after) || /[{[(]$/.test(before);
    const blanks = run.filter((line) => !isRemoved(line) && isBlank(line));
    for (const blank of atEdge ? blanks : blanks.slice(1)) extra.push({ start: blank.start, end: blank.end, text: '' });
    index = last;
  }
  return [...edits, ...extra];
}

/** The lines of the text, each with its line break. */
function splitLines(text: string): Range[] {
  const lines: Range[] = [];
  let from = 0;
  while (from < text.length) {
    const newline = text.indexOf('\n', from);
    const to = newline === -1 ? text.length : newline + 1;
    lines.push({ start: from, end: to });
    from = to;
  }
  return lines;
}

/**
 * Each run of removed items, with the comma after it up to the next item kept; a run at the end, from the end of
 * the item kept before it, so the array keeps its trailing comma or its absence.
 */
export function itemRanges(file: PhpFile, items: readonly PhpNode[], gone: readonly PhpNode[]): Range[] {
  const ranges: Range[] = [];
  let index = 0;
  while (index < items.length) {
    const first = items[index];
    if (first === undefined || !gone.includes(first)) {
      index++;
      continue;
    }
    let last = index;
    while (last + 1 < items.length && gone.includes(items[last + 1] as PhpNode)) last++;
    const next = items[last + 1];
    const previous = items[index - 1];
    const lastGone = items[last] as PhpNode;
    if (next !== undefined) ranges.push({ start: start(first), end: start(next) });
    else ranges.push({ start: previous === undefined ? start(first) : expressionEnd(file, start(previous)), end: expressionEnd(file, start(lastGone)) });
    index = last + 1;
  }
  return ranges;
}
