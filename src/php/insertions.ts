import {
  child,
  children,
  closingBracket,
  expressionEnd,
  indentAt,
  indentUnit,
  insertLinesAfter,
  lineStart,
  nextSignificant,
  onSameLine,
  previousSignificant,
  start,
  startsLine,
  statementEnd,
  type Edit,
  type PhpFile,
  type PhpNode,
} from './php-source.js';

/** Additions to a list the user wrote (an array, a method's body), laid out as the list already is. */

/**
 * A multi-line array gets each item on its own line with a trailing comma, as Pint wants; a one-line array
 * gets them inline.
 */
export function appendToArray(file: PhpFile, array: PhpNode, items: readonly string[]): Edit[] {
  // `array(...)` starts at the keyword; its bracket is the next token.
  const open = array.shortForm === false ? (nextSignificant(file, start(array) + 1)?.start ?? start(array)) : start(array);
  const close = closingBracket(file, open);
  const last = children(array, 'items').at(-1);
  if (last === undefined) return [{ start: open + 1, end: close, text: items.join(', ') }];
  const lastEnd = expressionEnd(file, start(last));
  const comma = nextSignificant(file, lastEnd);
  const hasComma = comma?.type === ',';
  if (!onSameLine(file.text, open, close) && startsLine(file.text, close)) {
    const indent = indentAt(file.text, start(last));
    const lines = { start: lineStart(file.text, close), end: lineStart(file.text, close), text: items.map((item) => `${indent}${item},${file.eol}`).join('') };
    return hasComma ? [lines] : [{ start: lastEnd, end: lastEnd, text: ',' }, lines];
  }
  return hasComma && comma !== undefined ? [{ start: comma.end, end: comma.end, text: ` ${items.join(', ')}` }] : [{ start: lastEnd, end: lastEnd, text: `, ${items.join(', ')}` }];
}

/** At the end of a method's body, after a blank line when the body already holds something. */
export function appendToBody(file: PhpFile, method: PhpNode, body: PhpNode, lines: readonly string[]): Edit[] {
  const open = start(body);
  const close = closingBracket(file, open);
  const content = previousSignificant(file, close);
  const isEmpty = file.text.slice(open + 1, close).trim() === '';
  const indented = (indent: string): string => lines.map((line) => `${indent}${indentUnit(indent)}${line}${file.eol}`).join('');
  if (!onSameLine(file.text, open, close) && startsLine(file.text, close)) {
    const closeIndent = indentAt(file.text, close);
    const previousLine = file.text.slice(lineStart(file.text, lineStart(file.text, close) - 1), lineStart(file.text, close));
    const separator = isEmpty || previousLine.trim() === '' ? '' : file.eol;
    const at = lineStart(file.text, close);
    return [{ start: at, end: at, text: `${separator}${indented(closeIndent)}` }];
  }
  if (isEmpty) {
    // `public function run(): void {}` as Pint writes an empty body: the brace moves to its own line.
    const indent = indentAt(file.text, start(method));
    const from = previousSignificant(file, open)?.end ?? open;
    return [{ start: from, end: close + 1, text: `${file.eol}${indent}{${file.eol}${indented(indent)}${indent}}` }];
  }
  const at = content?.end ?? close;
  return [{ start: at, end: at, text: ` ${lines.join(' ')}` }];
}

/** After the closure's last statement, or in its empty body, one level in from the line the closure opens on. */
export function appendToClosure(file: PhpFile, closure: PhpNode, lines: readonly string[]): Edit {
  const body = child(closure, 'body');
  const last = children(body, 'children')
    .filter((node) => node.kind !== 'noop')
    .at(-1);
  if (last !== undefined) return insertLinesAfter(file, statementEnd(file, last), lines, indentAt(file.text, start(last)));
  const outer = indentAt(file.text, start(closure));
  const inner = outer + indentUnit(outer);
  const open = body === undefined ? start(closure) : start(body);
  const close = closingBracket(file, open);
  const block = lines.map((line) => inner + line + file.eol).join('');
  if (!onSameLine(file.text, open, close) && startsLine(file.text, close)) {
    const at = lineStart(file.text, close);
    return { start: at, end: at, text: block };
  }
  return { start: open + 1, end: close, text: file.eol + block + outer };
}
