/**
 * Text clean-up shared by every diagram grammar, done before lexing: the text Mermaid's own parser receives,
 * with every character mapped back to the file, so that positions point into what the user wrote. We also
 * read a Markdown file's first mermaid fence, so a diagram pasted from a README parses as is.
 */
import { colourStyleLines, commentLines, htmlTags, regexMatches, type Found } from './linear-matches.js';

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

const LF = 10;
const CR = 13;

/** CRLF and a lone CR become LF, each LF in its CR's place; a loop, not a rewrite per line, as files have many. */
function withLineFeeds(text: string): MappedText {
  if (!text.includes('\r')) return unmapped(text);
  const origin = new Int32Array(text.length + 1);
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    if (text.charCodeAt(index) !== LF || text.charCodeAt(index - 1) !== CR) origin[length++] = index;
  }
  origin[length] = text.length;
  // Splitting and joining is several times faster than a regular-expression replace with this many matches.
  return { text: text.split('\r\n').join('\n').split('\r').join('\n'), origin: origin.slice(0, length + 1) };
}

/** One replacement: the new text and, for each of its characters, the index in the match it comes from. */
interface Rewrite {
  text: string;
  from: number[];
}

/** A mapped text written piece by piece: pieces joined once, origins in a buffer that doubles when full. */
class MappedTextWriter {
  private readonly pieces: string[] = [];
  private origin: Int32Array;
  private length = 0;

  constructor(capacity: number) {
    this.origin = new Int32Array(Math.max(16, capacity));
  }

  /** `source`'s characters from `start` to `end`, with their origins. */
  copy(source: MappedText, start: number, end: number): void {
    if (end <= start) return;
    this.pieces.push(source.text.slice(start, end));
    this.reserve(end - start);
    this.origin.set(source.origin.subarray(start, end), this.length);
    this.length += end - start;
  }

  /** A text whose characters all come from `origin`s given one by one. */
  write(text: string, origins: readonly number[]): void {
    this.pieces.push(text);
    this.reserve(origins.length);
    this.origin.set(origins, this.length);
    this.length += origins.length;
  }

  /** The text written, `end` being the origin of its end. */
  finish(end: number): MappedText {
    this.reserve(1);
    this.origin[this.length] = end;
    return { text: this.pieces.join(''), origin: this.origin.slice(0, this.length + 1) };
  }

  private reserve(count: number): void {
    if (this.length + count < this.origin.length) return;
    const grown = new Int32Array(Math.max(this.origin.length * 2, this.length + count + 1));
    grown.set(this.origin.subarray(0, this.length));
    this.origin = grown;
  }
}

function rewriteMatches(source: MappedText, matches: readonly Found[], rewrite: (match: string) => Rewrite): MappedText {
  // Most diagrams have no CRLF, directive, entity or HTML tag: a pass that changes nothing copies nothing.
  if (matches.length === 0) return source;
  const writer = new MappedTextWriter(source.text.length + 1);
  let copied = 0;
  for (const match of matches) {
    writer.copy(source, copied, match.index);
    const replacement = rewrite(match.text);
    const at = (index: number) => source.origin[match.index + index] ?? source.origin[match.index] ?? 0;
    writer.write(replacement.text, replacement.from.map(at));
    copied = match.index + match.text.length;
  }
  writer.copy(source, copied, source.text.length);
  return writer.finish(source.origin[source.text.length] ?? 0);
}

const indexes = (length: number, first = 0) => Array.from({ length }, (_, index) => first + index);
const removed = (): Rewrite => ({ text: '', from: [] });

/** The text from `start` to `end`; its origin is a view of the source's, which has an entry for `end` itself. */
function slicedFrom(source: MappedText, start: number, end = source.text.length): MappedText {
  if (start === 0 && end === source.text.length) return source;
  return { text: source.text.slice(start, end), origin: source.origin.subarray(start, end + 1) };
}

const MERMAID_FENCE = /^[ \t]*(`{3,}|~{3,})[ \t]*mermaid(?:-example)?[ \t]*$/m;

/** Whether a text holds a ```mermaid fence, which in a Markdown file is where the diagram is. */
export function hasMermaidFence(text: string): boolean {
  return MERMAID_FENCE.test(text);
}

/** Our extension: a Markdown file is read as the body of its first ```mermaid fence. */
function firstFenceBody(source: MappedText): MappedText {
  const open = MERMAID_FENCE.exec(source.text);
  if (!open) return source;
  const bodyStart = open.index + open[0].length + 1;
  if (bodyStart > source.text.length) return slicedFrom(source, source.text.length);
  const fence = open[1] ?? '```';
  const closeLine = new RegExp(`^[ \\t]*${fence}[ \\t]*$`, 'm');
  const close = closeLine.exec(source.text.slice(bodyStart));
  const bodyEnd = close ? bodyStart + Math.max(0, close.index - 1) : source.text.length;
  return slicedFrom(source, bodyStart, Math.max(bodyStart, bodyEnd));
}

/**
 * The patterns of Mermaid 11.14's preprocessing (`preprocess.ts`, `regexes.ts`, `comments.ts`, `utils.ts`); its
 * comment lines, HTML tags and colour styles are found by `linear-matches.ts`.
 */
const FRONT_MATTER = /^-{3}\s*[\n\r](.*?)[\n\r]-{3}\s*[\n\r]+/s;
const DIRECTIVE = /%{2}{\s*(?:(\w+)\s*:|(\w+))\s*(?:(\w+)|((?:(?!}%{2}).|\r?\n)*))?\s*(?:}%{2})?/gi;

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
  // Every name and label comes through here, and nearly none holds an entity.
  return text.includes('ﬂ°') ? text.replace(/ﬂ°°?(\+?\w+)¶ß/g, '#$1;') : text;
}

/**
 * The text Mermaid's jison parser receives for `text`, as `mermaid.parse` and `render` build it (CRLF to LF, front
 * matter, `%%{...}%%` directives and `%%` lines removed, leading blank space trimmed, entities encoded, a final
 * line break added), mapped back to `text`. A Markdown file is first reduced to its first mermaid fence.
 */
export function mermaidParserInput(text: string): MappedText {
  let source = firstFenceBody(withLineFeeds(text));
  source = rewriteMatches(source, htmlTags(source.text), singleQuotedHtmlAttributes);
  const frontMatter = FRONT_MATTER.exec(source.text);
  if (frontMatter) source = slicedFrom(source, frontMatter[0].length);
  source = rewriteMatches(source, regexMatches(source.text, DIRECTIVE), removed);
  source = rewriteMatches(source, commentLines(source.text), removed);
  source = slicedFrom(source, source.text.length - source.text.trimStart().length);
  source = rewriteMatches(source, colourStyleLines(source.text, 'style'), withoutLastCharacter);
  source = rewriteMatches(source, colourStyleLines(source.text, 'classDef'), withoutLastCharacter);
  source = rewriteMatches(source, regexMatches(source.text, /#\w+;/g), encodedEntity);
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
