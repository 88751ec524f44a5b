/**
 * Three of Mermaid's preprocessing patterns, found in time linear in the text. Run as regular expressions, they
 * backtrack over the same characters again and again: quadratic in a run of blank lines or of `<a` without `>`,
 * cubic in a long line that repeats `style` and `:`. Each function returns exactly the matches of the pattern it
 * names, in order (tests/unit/grammar/linear-matches.test.ts compares them with the pattern on random texts).
 */

/** One match: where it starts and the text it covers. */
export interface Found {
  index: number;
  text: string;
}

export function regexMatches(text: string, pattern: RegExp): Found[] {
  return Array.from(text.matchAll(pattern), (match) => ({ index: match.index, text: match[0] }));
}

/** What ends a line for `.` and `^` in a JavaScript regular expression. */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/g;
const BLANKS = /\s*/y;
const BLANK = /\s/;

// `test`, not `exec`: only the place matters, and `exec` would build a match per line.
function endOfLine(text: string, from: number): number {
  LINE_TERMINATOR.lastIndex = from;
  return LINE_TERMINATOR.test(text) ? LINE_TERMINATOR.lastIndex - 1 : text.length;
}

function endOfBlanks(text: string, from: number): number {
  BLANKS.lastIndex = from;
  BLANKS.test(text);
  return BLANKS.lastIndex;
}

/**
 * `/<(\w+)([^>]*)>/g`: past the last `>` no tag can close, and before it every attempt either fails at once
 * (no word after `<`) or runs to a `>` and matches, so no character is read twice.
 */
export function htmlTags(text: string): Found[] {
  return regexMatches(text.slice(0, text.lastIndexOf('>') + 1), /<(\w+)([^>]*)>/g);
}

/**
 * `/^\s*%%(?!{)[^\n]+\n?/gm`, Mermaid's comment lines (with the blank lines before them). Every line start in a
 * run of blanks reaches the same first non-blank character, so one look there settles the whole run.
 */
export function commentLines(text: string): Found[] {
  const found: Found[] = [];
  let lineStart = 0;
  while (lineStart < text.length) {
    const blanksEnd = endOfBlanks(text, lineStart);
    const afterMarks = text[blanksEnd + 2];
    if (text.startsWith('%%', blanksEnd) && afterMarks !== undefined && afterMarks !== '{' && afterMarks !== '\n') {
      const lineBreak = text.indexOf('\n', blanksEnd + 2);
      const end = lineBreak === -1 ? text.length : lineBreak + 1;
      found.push({ index: lineStart, text: text.slice(lineStart, end) });
      lineStart = end;
    } else {
      lineStart = endOfLine(text, blanksEnd) + 1;
    }
  }
  return found;
}

/**
 * `/style.*:\S*#.*;/g` for `keyword` `style` (or `classDef`): a colour in a style line, up to the line's last `;`.
 * The keyword's first appearance on a line decides for the line: a match needs a `:` after the keyword, then
 * without a blank a `#`, then a `;`, and a later appearance has fewer of those after it. A match always ends at
 * the last `;` of the line, so a line has at most one.
 */
export function colourStyleLines(text: string, keyword: string): Found[] {
  const found: Found[] = [];
  let from = 0;
  for (;;) {
    const start = text.indexOf(keyword, from);
    if (start === -1) return found;
    const lineEnd = endOfLine(text, start);
    const end = colourEnd(text, start + keyword.length, lineEnd);
    if (end !== undefined) found.push({ index: start, text: text.slice(start, end) });
    from = lineEnd;
  }
}

/** Just past the last `;` in [from, to), when a `:` comes before it followed, with no blank between, by a `#`. */
function colourEnd(text: string, from: number, to: number): number | undefined {
  let colonInWord = false;
  let colour: number | undefined;
  let lastSemicolon: number | undefined;
  for (let index = from; index < to; index++) {
    const character = text[index] ?? '';
    if (character === '#' && colonInWord) colour ??= index;
    else if (character === ';') lastSemicolon = index;
    if (character === ':') colonInWord = true;
    else if (BLANK.test(character)) colonInWord = false;
  }
  return colour !== undefined && lastSemicolon !== undefined && lastSemicolon > colour ? lastSemicolon + 1 : undefined;
}
