import { Script } from 'node:vm';
import ejs from 'ejs';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { StubName } from './artifact-table.js';
import { replacementOf3x } from './laravel/values/stub-values/version-3.js';

export type RenderedStub = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
const STANDALONE_PLACEHOLDER = /^([ \t]*)\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}[ \t]*$/;
/** Starts with `$`, which no placeholder name may, so it cannot shadow a value. */
const PLACE_LINES = '$placeLines';

/**
 * Renders a stub: `{{name}}` is sugar for EJS's unescaped `<%- name %>`, and real EJS tags work too.
 *
 * A placeholder alone on its line is a block: every line of its value gets the placeholder's indentation, and
 * an empty value removes the line. Values therefore carry no indentation of their own, and an optional block
 * (class attributes on Laravel 12) leaves no blank line behind.
 *
 * A placeholder with no value, or any other EJS failure, is an `invalid_stub` diagnostic: a published stub is
 * user input. The diagnostic's span names the stub as `<name>.stub`; line numbers are the stub's own.
 */
export function renderStub(name: StubName, template: string, values: StubData): RenderedStub {
  return prepareStub(name, template).render(values);
}

/** The values of one rendering by name: texts, flags, lists (stub-values/registry.ts declares each stub's). */
export type StubData = Readonly<Record<string, unknown>>;

/** A stub read and compiled once, to render with many sets of values. */
export interface PreparedStub {
  render(values: StubData): RenderedStub;
  /** Every word of the stub: a value whose name is none of them cannot change what it renders. */
  words: ReadonlySet<string>;
}

export function prepareStub(name: StubName, template: string): PreparedStub {
  // A stub saved on Windows must not leave carriage returns in generated PHP.
  const source = template.replace(/\r\n/g, '\n');
  const placeholders = placeholdersOf(source);
  const ejsSource = toEjs(source);
  // By the names of the values: an emitter passes the same names for every entity.
  const compiledByNames = new Map<string, Compiled>();
  const render = (values: StubData): RenderedStub => {
    const unknown = placeholders.find((used) => !Object.hasOwn(values, used.placeholder));
    if (unknown !== undefined) {
      const replacement = replacementOf3x(name, unknown.placeholder);
      if (replacement !== undefined) {
        return {
          ok: false,
          diagnostic: error(
            'renamed_placeholder',
            `${name}.stub line ${unknown.line}: {{${unknown.placeholder}}} of the PHP generator 3.x is ${replacement} in fullapi 4.0`,
            { file: `${name}.stub`, line: unknown.line, column: unknown.column },
            `Replace {{${unknown.placeholder}}} with ${replacement}; fullapi validate-stubs lists every such placeholder.`,
          ),
        };
      }
      return {
        ok: false,
        diagnostic: error(
          'invalid_stub',
          `${name}.stub line ${unknown.line}: unknown placeholder {{${unknown.placeholder}}}`,
          { file: `${name}.stub`, line: unknown.line, column: unknown.column },
          `This stub receives: ${Object.keys(values).sort().map((key) => `{{${key}}}`).join(', ')}.`,
        ),
      };
    }
    const data = { ...values, [PLACE_LINES]: placeLines };
    const names = Object.keys(data);
    const signature = names.join(',');
    const compiled = compiledByNames.get(signature) ?? compileFor(ejsSource, names);
    compiledByNames.set(signature, compiled);
    if (typeof compiled !== 'function') return { ok: false, diagnostic: ejsFailure(name, compiled.failure) };
    try {
      return { ok: true, text: compiled(data) };
    } catch (cause) {
      return { ok: false, diagnostic: ejsFailure(name, cause) };
    }
  };
  return { render, words: new Set(source.match(/[A-Za-z_$][\w$]*/g)) };
}

/**
 * The stubs of a plan, each prepared the first time an emitter renders it: 50 entities render each stub 50
 * times, and compiling it is most of the cost. A plan's memory keeps them by name and text (emit/memory.ts).
 */
export interface PreparedStubs {
  get(name: StubName, template: string): PreparedStub;
}

type Compiled = ejs.TemplateFunction | { failure: unknown };

/**
 * EJS reads values through `with` unless told their names; V8 runs that several times slower than plain
 * variables, and the text is the same. Names that cannot be declared as variables (a reserved word, a name
 * the template declares itself) make that compilation fail: the stub is then compiled the usual way, which
 * also gives the usual error for a stub that does not compile at all.
 */
function compileFor(ejsSource: string, names: readonly string[]): Compiled {
  try {
    return ejs.compile(ejsSource, { async: false, _with: false, destructuredLocals: [...names] });
  } catch {
    try {
      return ejs.compile(ejsSource, { async: false });
    } catch (cause) {
      return { failure: cause };
    }
  }
}

/** Stub text to EJS source with the same line count, so EJS's line numbers are the stub's. */
function toEjs(source: string): string {
  const lines = source.split('\n');
  return lines
    .map((line, index) => {
      const standalone = index < lines.length - 1 ? STANDALONE_PLACEHOLDER.exec(line) : null;
      if (standalone === null) return line.replace(PLACEHOLDER, (_, key: string) => `<%- ${key} %>`);
      const [, indent, key] = standalone;
      // `-%>` drops the line's own newline; placeLines adds it back when the value is not empty.
      return `<%- ${PLACE_LINES}(${key}, ${JSON.stringify(indent)}) -%>`;
    })
    .join('\n');
}

function placeLines(placed: unknown, indent: string): string {
  const value = String(placed);
  if (value === '') return '';
  // Most blocks sit at the margin or hold one line: nothing to split then.
  if (indent === '') return `${value}\n`;
  if (!value.includes('\n')) return `${indent}${value}\n`;
  const indented = value.split('\n').map((line) => (line === '' ? '' : indent + line));
  return `${indented.join('\n')}\n`;
}

export interface Placeholder {
  placeholder: string;
  line: number;
  column: number;
}

/** Every `{{name}}` of the source, in reading order. */
export function placeholdersOf(source: string): Placeholder[] {
  return source.split('\n').flatMap((line, index) =>
    [...line.matchAll(PLACEHOLDER)].map((match) => ({ placeholder: match[1] ?? '', line: index + 1, column: (match.index ?? 0) + 1 })),
  );
}

/** EJS prefixes runtime errors with `ejs:<line>` and a code frame; keep the line and the original reason. */
function ejsFailure(name: StubName, cause: unknown): Diagnostic {
  const raw = cause instanceof Error ? cause.message : String(cause);
  const located = /^ejs:(\d+)\n[\s\S]*?\n\n([\s\S]*)$/.exec(raw);
  const line = located?.[1] === undefined ? undefined : Number(located[1]);
  const reason = (located?.[2] ?? raw).split('\n')[0] ?? raw;
  const where = line === undefined ? '' : ` line ${line}`;
  return error(
    'invalid_stub',
    `${name}.stub${where}: ${reason}`,
    line === undefined ? { file: `${name}.stub` } : { file: `${name}.stub`, line },
    `Compare it with fullapi's built-in ${name}.stub.`,
  );
}

export interface StubSyntaxProblem {
  line: number;
  column: number;
  reason: string;
}

/**
 * Where a stub does not compile, without rendering it: an EJS tag left open, or JavaScript in the tags that
 * does not parse. The JavaScript is parsed, never run; EJS marks each line of its generated code with the
 * stub line it comes from (`__line = n`), which places the error.
 */
export function stubSyntaxProblem(template: string): StubSyntaxProblem | undefined {
  const source = toEjs(template.replace(/\r\n/g, '\n'));
  const open = unclosedTag(source);
  if (open !== undefined) return { ...open, reason: 'an EJS tag <% is never closed by %>' };
  let code: string;
  try {
    // EJS's typings leave out the step that turns the template into JavaScript without compiling it.
    const compiled = new ejs.Template(source, {}) as unknown as { generateSource(): void; source: string };
    compiled.generateSource();
    code = compiled.source;
  } catch (cause) {
    return { line: 1, column: 1, reason: cause instanceof Error ? cause.message : String(cause) };
  }
  try {
    new Script(`(function () {\n${code}\n})`, { filename: 'stub' });
    return undefined;
  } catch (cause) {
    const generatedLine = Number(/stub:(\d+)/.exec(cause instanceof Error ? (cause.stack ?? '') : '')?.[1] ?? 1);
    const upToError = code.split('\n').slice(0, Math.max(generatedLine - 1, 0)).join('\n');
    const line = Number([...upToError.matchAll(/__line = (\d+)/g)].at(-1)?.[1] ?? 1);
    const column = (source.split('\n')[line - 1] ?? '').indexOf('<%') + 1;
    return { line, column: Math.max(column, 1), reason: cause instanceof Error ? cause.message : String(cause) };
  }
}

function unclosedTag(source: string): { line: number; column: number } | undefined {
  for (let at = source.indexOf('<%'); at !== -1; at = source.indexOf('<%', at + 2)) {
    if (source.startsWith('<%%', at)) continue;
    const close = source.indexOf('%>', at + 2);
    if (close === -1) {
      const before = source.slice(0, at).split('\n');
      return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
    }
    at = close;
  }
  return undefined;
}
