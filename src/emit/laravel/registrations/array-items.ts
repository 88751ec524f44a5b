import { children, closingBracket, expressionEnd, indentAt, lineStart, nextSignificant, onSameLine, start, startsLine, type Edit, type PhpFile, type PhpNode } from './php-source.js';

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
