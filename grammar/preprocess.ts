/**
 * Text clean-up shared by every diagram grammar, done before lexing: the text Mermaid's own parser receives,
 * with every character mapped back to the file, so that positions point into what the user wrote. We also
 * read a Markdown file's first mermaid fence, so a diagram pasted from a README parses as is.
 */

/**
 * A text derived from the one the user wrote, with, for every character, the offset in the original text of the
 * character it comes from (`origin` has one more entry: the end of the text).
 */
export interface MappedText {
  text: string;
  origin: Int32Array;
}

function unmapped(text: string): MappedText {
  const origin = new Int32Array(text.length + 1);
  for (let index = 0; index <= text.length; index++) origin[index] = index;
  return { text, origin };
}

/** One replacement: the new text and, for each of its characters, the index in the match it comes from. */
interface Rewrite {
  text: string;
  from: number[];
}

function rewriteMatches(source: MappedText, pattern: RegExp, rewrite: (match: string) => Rewrite): MappedText {
  const matches = [...source.text.matchAll(pattern)];
  // Most diagrams have no CRLF, directive, entity or HTML tag: a pass that changes nothing copies nothing.
  if (matches.length === 0) return source;
  let text = '';
  const origin: number[] = [];
  let copied = 0;
  const copyUpTo = (end: number) => {
    text += source.text.slice(copied, end);
    for (let index = copied; index < end; index++) origin.push(source.origin[index] ?? 0);
  };
  for (const match of matches) {
    const start = match.index;
    copyUpTo(start);
    const replacement = rewrite(match[0]);
    text += replacement.text;
    origin.push(...replacement.from.map((index) => source.origin[start + index] ?? source.origin[start] ?? 0));
    copied = start + match[0].length;
  }
  copyUpTo(source.text.length);
  origin.push(source.origin[source.text.length] ?? 0);
  return { text, origin: Int32Array.from(origin) };
}

const indexes = (length: number, first = 0) => Array.from({ length }, (_, index) => first + index);
const removed = (): Rewrite => ({ text: '', from: [] });

/** The text from `start` to `end`; its origin is a view of the source's, which has an entry for `end` itself. */
function slicedFrom(source: MappedText, start: number, end = source.text.length): MappedText {
  if (start === 0 && end === source.text.length) return source;
  return { text: source.text.slice(start, end), origin: source.origin.subarray(start, end + 1) };
}

/** Our extension: a Markdown file is read as the body of its first ```mermaid fence. */
function firstFenceBody(source: MappedText): MappedText {
  const open = /^[ \t]*(`{3,}|~{3,})[ \t]*mermaid(?:-example)?[ \t]*$/m.exec(source.text);
  if (!open) return source;
  const bodyStart = open.index + open[0].length + 1;
  if (bodyStart > source.text.length) return slicedFrom(source, source.text.length);
  const fence = open[1] ?? '```';
  const closeLine = new RegExp(`^[ \\t]*${fence}[ \\t]*$`, 'm');
  const close = closeLine.exec(source.text.slice(bodyStart));
  const bodyEnd = close ? bodyStart + Math.max(0, close.index - 1) : source.text.length;
  return slicedFrom(source, bodyStart, Math.max(bodyStart, bodyEnd));
}

/** The patterns of Mermaid 11.14's preprocessing (`preprocess.ts`, `regexes.ts`, `comments.ts`, `utils.ts`). */
const FRONT_MATTER = /^-{3}\s*[\n\r](.*?)[\n\r]-{3}\s*[\n\r]+/s;
const DIRECTIVE = /%{2}{\s*(?:(\w+)\s*:|(\w+))\s*(?:(\w+)|((?:(?!}%{2}).|\r?\n)*))?\s*(?:}%{2})?/gi;
const COMMENT_LINE = /^\s*%%(?!{)[^\n]+\n?/gm;
const HTML_TAG = /<(\w+)([^>]*)>/g;

/** Mermaid rewrites `attr="x"` inside HTML tags to `attr='x'`, character for character. */
function singleQuotedHtmlAttributes(match: string): Rewrite {
  return { text: match.replace(/="([^"]*)"/g, "='$1'"), from: indexes(match.length) };
}

/** Drops the last character (`;`) of a style line that holds a colour, as Mermaid's `encodeEntities` does. */
const withoutLastCharacter = (match: string): Rewrite => ({ text: match.slice(0, -1), from: indexes(match.length - 1) });

/** `#name;` becomes `ﬂ°name¶ß` (`ﬂ°°` for a number): Mermaid decodes it back to `&name;` when drawing. */
function encodedEntity(match: string): Rewrite {
  const inner = match.slice(1, -1);
  const opening = /^\+?\d+$/.test(inner) ? 'ﬂ°°' : 'ﬂ°';
  return {
    text: `${opening}${inner}¶ß`,
    from: [...opening].map(() => 0).concat(indexes(inner.length, 1), [match.length - 1, match.length - 1]),
  };
}

/** Undoes the entity encoding in a name or label, so that the model holds what the user wrote. */
export function decodeMermaidEntities(text: string): string {
  return text.replace(/ﬂ°°?(\+?\w+)¶ß/g, '#$1;');
}

/**
 * The text Mermaid's jison parser receives for `text`, as `mermaid.parse` and `render` build it (CRLF to LF, front
 * matter, `%%{...}%%` directives and `%%` lines removed, leading blank space trimmed, entities encoded, a final
 * line break added), mapped back to `text`. A Markdown file is first reduced to its first mermaid fence.
 */
export function mermaidParserInput(text: string): MappedText {
  let source = rewriteMatches(unmapped(text), /\r\n?/g, () => ({ text: '\n', from: [0] }));
  source = firstFenceBody(source);
  source = rewriteMatches(source, HTML_TAG, singleQuotedHtmlAttributes);
  const frontMatter = FRONT_MATTER.exec(source.text);
  if (frontMatter) source = slicedFrom(source, frontMatter[0].length);
  source = rewriteMatches(source, DIRECTIVE, removed);
  source = rewriteMatches(source, COMMENT_LINE, removed);
  source = slicedFrom(source, source.text.length - source.text.trimStart().length);
  source = rewriteMatches(source, /style.*:\S*#.*;/g, withoutLastCharacter);
  source = rewriteMatches(source, /classDef.*:\S*#.*;/g, withoutLastCharacter);
  source = rewriteMatches(source, /#\w+;/g, encodedEntity);
  const length = source.text.length;
  const end = source.origin[length] ?? text.length;
  // The added line break and the end of the text both stand for the end of what the user wrote.
  const origin = new Int32Array(length + 2);
  origin.set(source.origin.subarray(0, length));
  origin[length] = end;
  origin[length + 1] = end;
  return { text: `${source.text}\n`, origin };
}

/** 1-based line and column of every offset of `text` (and of its end); a line ends at LF, CRLF or a lone CR. */
export function lineColumnOf(text: string): (offset: number) => { line: number; column: number } {
  const lineStarts = [0];
  for (let index = 0; index < text.length; index++) {
    const lineBreak = text[index] === '\n' || (text[index] === '\r' && text[index + 1] !== '\n');
    if (lineBreak) lineStarts.push(index + 1);
  }
  return (offset) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (lineStarts[low] ?? 0) + 1 };
  };
}
