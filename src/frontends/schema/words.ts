import { textRange, type Range, type StringNode } from '../../text/doc-node.js';

/** One word of a shorthand string and where it is in the file. */
export interface Word {
  text: string;
  range: Range;
}

/** A whole string as one word, without its surrounding spaces (a mapping's type, a class_data name). */
export function verbatimWord(node: StringNode): Word {
  const range = textRange(node);
  const leading = node.value.length - node.value.trimStart().length;
  const text = node.value.trim();
  return { text, range: node.textStart === undefined ? range : { start: range.start + leading, end: range.start + leading + text.length } };
}

/**
 * Splits a shorthand string on spaces outside parentheses and quotes: `enum(a, b) default='x y'` is two
 * words. A word opening with "(" joins the one before it, so `enum (a,b)` reads as one type.
 * When the string's characters are not verbatim in the file (escapes, line folding), every word is
 * placed on the whole string, since its own columns are unknown.
 */
export function wordsOf(node: StringNode): Word[] {
  const text = node.value;
  const place = (start: number, end: number): Range =>
    node.textStart === undefined ? node.range : { start: node.textStart + start, end: node.textStart + end };
  const words: Word[] = [];
  let start = -1;
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i <= text.length; i++) {
    const char = text[i];
    const atEnd = char === undefined;
    if (start === -1) {
      if (!atEnd && !/\s/.test(char)) start = i;
      else continue;
    }
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      if (!atEnd) continue;
    }
    if ((char === "'" || char === '"') && (i === start || text[i - 1] === '=')) quote = char;
    else if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (atEnd || (/\s/.test(char) && depth === 0 && !/^\s*\(/.test(text.slice(i)))) {
      words.push({ text: text.slice(start, i), range: place(start, i) });
      start = -1;
    }
  }
  return words;
}

