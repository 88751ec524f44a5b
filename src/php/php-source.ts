import type { Engine } from 'php-parser';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { Span } from '../ir/ir.generated.js';
import type { PatchResult } from '../diagnostics/patch-result.js';
import { newPhpEngine, unparsablePhp } from './php-engine.js';

/**
 * Parser plumbing for the edits fullapi makes to PHP files the user owns. Nodes come from php-parser
 * (with positions); edits are text splices at the offsets it reports. The ends of calls and statements
 * are read from the token stream, because php-parser's `loc.end` of a call may run past its `;`.
 */

export type Eol = '\n' | '\r\n';

interface Position {
  offset: number;
  line: number;
  column: number;
}

/** A php-parser node, read through the accessors below: the package's typings do not match its output. */
export interface PhpNode {
  kind: string;
  loc: { start: Position; end: Position } | null;
  [key: string]: unknown;
}

export interface Token {
  /** The PHP token name (`T_STRING`), or the character itself for one-character tokens (`;`). */
  type: string;
  text: string;
  start: number;
  end: number;
}

export interface PhpFile {
  /** Project-relative, for diagnostics. */
  path: string;
  text: string;
  eol: Eol;
  program: PhpNode;
  tokens: readonly Token[];
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; diagnostic: Diagnostic };

/** A replacement of `text.slice(start, end)`; edits of one patch never overlap. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * How the edits of PHP files parse them, so that a plan can keep its parses: a plan edits each file once and
 * checks its output by parsing it, and the next run, or the next edit of the same file, nearly always receives
 * that very text. A plan's memory keeps them by path and text (emit/memory.ts); these parse every time.
 */
export interface PhpParses {
  parse(path: string, text: string): Parsed<PhpFile>;
}

export function newPhpParses(): PhpParses {
  return { parse: parsePhp };
}

export function parsePhp(path: string, text: string): Parsed<PhpFile> {
  const engine = newPhpEngine();
  let program: unknown;
  try {
    program = engine.parseCode(text, path);
  } catch (thrown) {
    return { ok: false, diagnostic: unparsablePhp(path, thrown) };
  }
  if (!isNode(program)) return { ok: false, diagnostic: unparsablePhp(path, undefined) };
  let tokens: Token[] | undefined;
  const file: PhpFile = {
    path,
    text,
    eol: detectEol(text),
    program,
    // Lexed again only when an edit looks at the tokens: the parse that checks an edit's output needs none.
    get tokens() {
      tokens ??= tokenize(engine, text);
      return tokens;
    },
  };
  return { ok: true, value: file };
}

/**
 * The tokens with their offsets in the text. php-parser's lexer leaves out the white space inside an attribute
 * (`#[Fillable(['a', 'b'])]`), so each token is found where the text has it, and a gap of white space becomes
 * a token of its own: the offsets stay those of the text, as the parser's nodes report them.
 */
function tokenize(engine: Engine, text: string): Token[] {
  const tokens: Token[] = [];
  let offset = 0;
  for (const raw of engine.tokenGetAll(text)) {
    const [type, body] = typeof raw === 'string' ? [raw, raw] : [raw[0] ?? '', raw[1] ?? ''];
    let at = offset;
    while (!text.startsWith(body, at) && /\s/.test(text[at] ?? '')) at++;
    if (!text.startsWith(body, at)) at = offset;
    if (at > offset) tokens.push({ type: 'T_WHITESPACE', text: text.slice(offset, at), start: offset, end: at });
    tokens.push({ type, text: body, start: at, end: at + body.length });
    offset = at + body.length;
  }
  return tokens;
}

/** The line ending of the file's first line; files without one get `\n`. */
function detectEol(text: string): Eol {
  const newline = text.indexOf('\n');
  return newline > 0 && text[newline - 1] === '\r' ? '\r\n' : '\n';
}

function isNode(value: unknown): value is PhpNode {
  return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';
}

export function child(node: PhpNode | undefined, key: string): PhpNode | undefined {
  const value = node?.[key];
  return isNode(value) ? value : undefined;
}

export function children(node: PhpNode | undefined, key: string): PhpNode[] {
  const value = node?.[key];
  return Array.isArray(value) ? value.filter(isNode) : [];
}

export function field(node: PhpNode | undefined, key: string): string | undefined {
  const value = node?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** The name of a class, method, named argument or identifier, whichever way php-parser stores it. */
export function nameOf(node: PhpNode | undefined): string | undefined {
  return field(node, 'name') ?? field(child(node, 'name'), 'name');
}

export function start(node: PhpNode): number {
  return node.loc?.start.offset ?? 0;
}

/** Where a leaf node (string, name, identifier) ends; do not use on calls. */
export function leafEnd(node: PhpNode): number {
  return node.loc?.end.offset ?? 0;
}

/** Visits every node depth-first with its ancestors, outermost first. */
export function walk(node: PhpNode, visit: (node: PhpNode, ancestors: readonly PhpNode[]) => void, ancestors: PhpNode[] = []): void {
  visit(node, ancestors);
  ancestors.push(node);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
    for (const item of Array.isArray(value) ? value : [value]) if (isNode(item)) walk(item, visit, ancestors);
  }
  ancestors.pop();
}

/** A string literal's value, or undefined for anything else (interpolated strings included). */
export function stringValue(node: PhpNode | undefined): string | undefined {
  return node?.kind === 'string' ? field(node, 'value') : undefined;
}

/** Where a node starts in `file`, with 1-based columns; `endColumn` only when it ends on the same line. */
export function spanOfNode(node: PhpNode, file: string): Span {
  if (node.loc === null) return { file };
  const { start: from, end } = node.loc;
  const span: Span = { file, line: from.line, column: from.column + 1 };
  if (end.line === from.line) span.endColumn = end.column + 1;
  return span;
}

export function spanAt(file: PhpFile, offset: number): Span {
  const before = file.text.slice(0, offset);
  const line = before.split('\n').length;
  return { file: file.path, line, column: offset - lineStart(file.text, offset) + 1 };
}

export function shapeError(file: PhpFile, offset: number, message: string, hint?: string): Diagnostic {
  return error('unexpected_php_shape', message, spanAt(file, offset), hint);
}

export function missingFile(path: string, hint: string): PatchResult {
  return failedPatch(error('unexpected_php_shape', `${path} does not exist`, { file: path }, hint));
}

export function failedPatch(diagnostic: Diagnostic): PatchResult {
  return { ok: false, diagnostics: [diagnostic] };
}

export function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The offset just after the line break ending the line that holds `offset`, or the end of the text. */
function nextLineStart(text: string, offset: number): number {
  const newline = text.indexOf('\n', offset);
  return newline === -1 ? text.length : newline + 1;
}

/** The spaces and tabs that open the line holding `offset`. */
export function indentAt(text: string, offset: number): string {
  const from = lineStart(text, offset);
  let to = from;
  while (text[to] === ' ' || text[to] === '\t') to++;
  return text.slice(from, to);
}

/** True when only spaces and tabs come before `offset` on its line. */
export function startsLine(text: string, offset: number): boolean {
  return lineStart(text, offset) + indentAt(text, offset).length === offset;
}

export function onSameLine(text: string, a: number, b: number): boolean {
  return !text.slice(Math.min(a, b), Math.max(a, b)).includes('\n');
}

/** One more level of the indentation style `indent` uses. */
export function indentUnit(indent: string): string {
  return indent.includes('\t') ? '\t' : '    ';
}

const TRIVIA = new Set(['T_WHITESPACE', 'T_COMMENT', 'T_DOC_COMMENT']);
const OPENERS = new Set(['(', '[', '{', 'T_CURLY_OPEN', 'T_DOLLAR_OPEN_CURLY_BRACES']);
const CLOSERS = new Set([')', ']', '}']);

function isTrivia(token: Token): boolean {
  return TRIVIA.has(token.type);
}

/** Index of the first token starting at or after `offset`. */
function tokenIndexFrom(file: PhpFile, offset: number): number {
  let low = 0;
  let high = file.tokens.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((file.tokens[middle]?.start ?? 0) < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function nextSignificant(file: PhpFile, offset: number): Token | undefined {
  for (let index = tokenIndexFrom(file, offset); index < file.tokens.length; index++) {
    const token = file.tokens[index];
    if (token !== undefined && !isTrivia(token)) return token;
  }
  return undefined;
}

export function previousSignificant(file: PhpFile, offset: number): Token | undefined {
  for (let index = tokenIndexFrom(file, offset) - 1; index >= 0; index--) {
    const token = file.tokens[index];
    if (token !== undefined && !isTrivia(token)) return token;
  }
  return undefined;
}

/** The tokens strictly between two offsets. */
export function tokensBetween(file: PhpFile, from: number, to: number): Token[] {
  const between: Token[] = [];
  // Tokens follow each other without gaps, so the first one ending past `to` ends the run.
  for (let index = tokenIndexFrom(file, from); index < file.tokens.length; index++) {
    const token = file.tokens[index];
    if (token === undefined || token.end > to) break;
    between.push(token);
  }
  return between;
}

/**
 * Scans from `offset` keeping count of brackets, and stops at the first token at depth 0 that `stops`
 * accepts, or at a closing bracket that was not opened in the scan.
 */
function scan(file: PhpFile, offset: number, stops: (token: Token) => boolean): { stop: Token | undefined; lastEnd: number } {
  let depth = 0;
  let lastEnd = offset;
  for (let index = tokenIndexFrom(file, offset); index < file.tokens.length; index++) {
    const token = file.tokens[index];
    if (token === undefined) break;
    if (depth === 0 && (stops(token) || CLOSERS.has(token.type))) return { stop: token, lastEnd };
    if (OPENERS.has(token.type)) depth++;
    else if (CLOSERS.has(token.type)) depth--;
    if (!isTrivia(token)) lastEnd = token.end;
  }
  return { stop: undefined, lastEnd };
}

/** The `;` (or `?>`) ending the statement that starts at `offset`. */
export function statementTerminator(file: PhpFile, offset: number): Token | undefined {
  return scan(file, offset, (token) => token.type === ';' || token.type === 'T_CLOSE_TAG').stop;
}

/** The offset just past the `;` ending a statement. */
export function statementEnd(file: PhpFile, statement: PhpNode): number {
  return statementTerminator(file, start(statement))?.end ?? file.text.length;
}

/** Where the expression (or argument, or array item) starting at `offset` ends. */
export function expressionEnd(file: PhpFile, offset: number): number {
  return scan(file, offset, (token) => token.type === ',' || token.type === ';' || token.type === 'T_CLOSE_TAG').lastEnd;
}

/** The offset of the bracket closing the one at `open`. */
export function closingBracket(file: PhpFile, open: number): number {
  return scan(file, open + 1, () => false).stop?.start ?? file.text.length;
}

/** An edit inserting whole lines after the line holding `offset`, each with `indent`. */
export function insertLinesAfter(file: PhpFile, offset: number, lines: readonly string[], indent: string): Edit {
  const at = nextLineStart(file.text, offset);
  const body = lines.map((line) => indent + line);
  const text = at === file.text.length && !file.text.endsWith('\n') ? file.eol + body.join(file.eol) : body.map((line) => line + file.eol).join('');
  return { start: at, end: at, text };
}

/**
 * Applies the edits, appends `tail` blocks at the end of the file (each after a blank line), ends the
 * file with exactly one line break, and parses the result again: a patch never writes invalid PHP.
 * No edits and no tail return the text unchanged, byte for byte.
 */
export function finishPatch(file: PhpFile, edits: readonly Edit[], tail: readonly (readonly string[])[] = [], parses: PhpParses = newPhpParses()): PatchResult {
  if (edits.length === 0 && tail.length === 0) return { ok: true, content: file.text };
  const last = previousSignificant(file, file.text.length);
  if (tail.length > 0 && (last?.type === 'T_CLOSE_TAG' || last?.type === 'T_INLINE_HTML')) {
    return failedPatch(shapeError(file, last.start, `${file.path} ends outside PHP code`, 'Remove the closing ?> tag and run fullapi again.'));
  }
  const openTag = file.tokens.find((token) => token.type === 'T_OPEN_TAG');
  if (openTag === undefined) return failedPatch(shapeError(file, 0, `${file.path} has no <?php tag`));
  if (edits.some((edit) => edit.start < openTag.end)) return internalError(file, 'an edit before the opening tag');
  const edited = applyEdits(file.text, edits);
  if (edited === undefined) return internalError(file, 'overlapping edits');
  // Each block after a blank line, trailing white space trimmed: what trimming the whole text before each
  // block would give (the text keeps its opening tag), without copying the growing text once per block.
  const blocks = [edited, ...tail.map((block) => block.join(file.eol))].map((part) => part.trimEnd()).filter((part) => part !== '');
  const text = blocks.join(file.eol + file.eol) + file.eol;
  const check = parses.parse(file.path, text);
  return check.ok ? { ok: true, content: text } : internalError(file, check.diagnostic.message);
}

function applyEdits(text: string, edits: readonly Edit[]): string | undefined {
  const ordered = [...edits].sort((a, b) => a.start - b.start);
  let result = '';
  let cursor = 0;
  for (const edit of ordered) {
    if (edit.start < cursor) return undefined;
    result += text.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
  }
  return result + text.slice(cursor);
}

function internalError(file: PhpFile, reason: string): PatchResult {
  const message = `fullapi could not edit ${file.path} safely (${reason}); the file was left as it is`;
  return failedPatch(error('internal_error', message, { file: file.path }, 'Please report this with the file attached.'));
}
