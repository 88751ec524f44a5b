import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { Span } from '../ir/ir.generated.js';
import { keyRangeOf, verbatimStart, type DocNode, type MapEntry, type ScalarNode } from './doc-node.js';
import { locator, type Locate } from './positions.js';

/**
 * JSON text -> DocNode, strictly (no comments, no trailing commas: the file must load anywhere JSON does).
 * Its own small parser rather than JSON.parse, whose messages give no line and column.
 * The first syntax error ends the reading: after it, the rest has no reliable structure.
 */
export function readJson(text: string, locate: Locate): { root?: DocNode; diagnostics: Diagnostic[] } {
  const reader = new JsonReader(text);
  try {
    const root = reader.document();
    return { root, diagnostics: [] };
  } catch (cause) {
    if (!(cause instanceof JsonSyntaxError)) throw cause;
    return { diagnostics: [error(cause.code, `invalid JSON: ${cause.message}`, locate({ start: cause.offset, end: cause.offset + 1 }))] };
  }
}

/**
 * What is wrong with a JSON text that JSON.parse refused, and where: V8's message names no line and column, and
 * often not even an offset (`Unexpected token 'g', ..."s": [ garbage"... is not valid JSON`). For the JSON files
 * of a project (composer.lock, class_data.json), which JSON.parse reads faster when they are valid.
 */
export function jsonSyntaxError(file: string, text: string, parseError: string): { reason: string; span: Span } {
  try {
    new JsonReader(text).document();
  } catch (cause) {
    if (!(cause instanceof JsonSyntaxError)) throw cause;
    return { reason: cause.message, span: locator(file, text)({ start: cause.offset, end: cause.offset + 1 }) };
  }
  // This reader and JSON.parse read the same JSON; should they ever differ, V8's own words are the answer.
  return { reason: parseError, span: { file, line: 1, column: 1 } };
}

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
    readonly code: 'invalid_syntax' | 'too_deep' = 'invalid_syntax',
  ) {
    super(message);
  }
}

/** As for YAML (read-yaml.ts): far deeper than any schema, far from the end of the stack this reader recurses on. */
export const MAX_JSON_DEPTH = 64;

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS: readonly [string, boolean | null][] = [
  ['true', true],
  ['false', false],
  ['null', null],
];
const ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

class JsonReader {
  private offset: number;
  private depth = 0;

  constructor(private readonly text: string) {
    this.offset = text.startsWith('\uFEFF') ? 1 : 0;
  }

  document(): DocNode {
    const root = this.value();
    this.skipSpace();
    if (this.offset < this.text.length) throw this.unexpected('the end of the file');
    return root;
  }

  private value(): DocNode {
    this.skipSpace();
    const char = this.text[this.offset];
    if (char === '{') return this.object();
    if (char === '[') return this.array();
    if (char === '"') return this.scalar(this.offset, this.string());
    NUMBER.lastIndex = this.offset;
    const number = NUMBER.exec(this.text);
    if (number !== null) return this.scalar(this.offset, Number(number[0]), number[0].length);
    const literal = LITERALS.find(([word]) => this.text.startsWith(word, this.offset));
    if (literal !== undefined) return this.scalar(this.offset, literal[1], literal[0].length);
    throw this.unexpected('a value');
  }

  private object(): DocNode {
    const start = this.enter();
    const entries: MapEntry[] = [];
    this.skipSpace();
    if (this.text[this.offset] !== '}') {
      for (;;) {
        this.skipSpace();
        this.refuseTrailingComma(entries.length, '}');
        if (this.text[this.offset] !== '"') throw this.unexpected('a key in double quotes');
        const keyStart = this.offset;
        const key = this.string();
        const keyRange = keyRangeOf(this.text, { start: keyStart, end: this.offset }, key);
        this.expect(':');
        entries.push({ key, keyRange, value: this.value() });
        if (!this.separator('}')) break;
      }
    }
    this.offset++;
    this.depth--;
    return { kind: 'map', range: { start, end: this.offset }, entries };
  }

  private array(): DocNode {
    const start = this.enter();
    const items: DocNode[] = [];
    this.skipSpace();
    if (this.text[this.offset] !== ']') {
      do {
        this.skipSpace();
        this.refuseTrailingComma(items.length, ']');
        items.push(this.value());
      } while (this.separator(']'));
    }
    this.offset++;
    this.depth--;
    return { kind: 'list', range: { start, end: this.offset }, items };
  }

  /** Steps into an object or array at its opening bracket; returns where it starts. */
  private enter(): number {
    if (++this.depth > MAX_JSON_DEPTH) {
      throw new JsonSyntaxError(`objects and arrays are nested more than ${MAX_JSON_DEPTH} levels deep here`, this.offset, 'too_deep');
    }
    return this.offset++;
  }

  /** After an entry: true on a comma, false before the closing bracket (left to the caller). */
  private separator(closing: '}' | ']'): boolean {
    this.skipSpace();
    const char = this.text[this.offset];
    if (char === ',') {
      this.offset++;
      return true;
    }
    if (char === closing) return false;
    throw this.unexpected(`"," or "${closing}"`);
  }

  /** The commonest slip from JavaScript habits, named as such. */
  private refuseTrailingComma(entriesSoFar: number, closing: '}' | ']'): void {
    if (entriesSoFar > 0 && this.text[this.offset] === closing) {
      throw new JsonSyntaxError(`a comma before "${closing}": JSON allows no trailing comma`, this.offset);
    }
  }

  private string(): string {
    let value = '';
    for (this.offset++; ; this.offset++) {
      const char = this.text[this.offset];
      if (char === undefined) throw new JsonSyntaxError('this string is not closed', this.offset);
      if (char === '"') break;
      if (char < ' ') throw new JsonSyntaxError('a control character (a line break?) inside a string: escape it', this.offset);
      if (char !== '\\') {
        value += char;
        continue;
      }
      const escaped = this.text[++this.offset] ?? '';
      if (escaped === 'u' && /^[0-9a-fA-F]{4}$/.test(this.text.slice(this.offset + 1, this.offset + 5))) {
        value += String.fromCharCode(parseInt(this.text.slice(this.offset + 1, this.offset + 5), 16));
        this.offset += 4;
      } else if (ESCAPES[escaped] !== undefined) {
        value += ESCAPES[escaped];
      } else {
        throw new JsonSyntaxError(`"\\${escaped}" is not an escape JSON knows`, this.offset - 1);
      }
    }
    this.offset++;
    return value;
  }

  private scalar(start: number, value: ScalarNode['value'], length?: number): ScalarNode {
    if (length !== undefined) this.offset += length;
    const range = { start, end: this.offset };
    const textStart = verbatimStart(this.text, range, value);
    return textStart === undefined ? { kind: 'scalar', range, value } : { kind: 'scalar', range, value, textStart };
  }

  private expect(char: string): void {
    this.skipSpace();
    if (this.text[this.offset] !== char) throw this.unexpected(`"${char}"`);
    this.offset++;
  }

  private skipSpace(): void {
    while (/[ \t\r\n]/.test(this.text[this.offset] ?? '')) this.offset++;
  }

  private unexpected(expected: string): JsonSyntaxError {
    const char = this.text[this.offset];
    const found = char === undefined ? 'the end of the file' : `"${char}"`;
    return new JsonSyntaxError(`expected ${expected}, found ${found}`, this.offset);
  }
}
