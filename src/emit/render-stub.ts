import ejs from 'ejs';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { StubName } from './context.js';

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
export function renderStub(name: StubName, template: string, values: Record<string, string>): RenderedStub {
  // A stub saved on Windows must not leave carriage returns in generated PHP.
  const source = template.replace(/\r\n/g, '\n');
  const unknown = findUnknownPlaceholder(source, values);
  if (unknown !== undefined) {
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
  try {
    const text = ejs.render(toEjs(source), { ...values, [PLACE_LINES]: placeLines }, { async: false });
    return { ok: true, text };
  } catch (cause) {
    return { ok: false, diagnostic: ejsFailure(name, cause) };
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

function placeLines(value: string, indent: string): string {
  if (value === '') return '';
  const indented = value.split('\n').map((line) => (line === '' ? '' : indent + line));
  return `${indented.join('\n')}\n`;
}

interface UnknownPlaceholder {
  placeholder: string;
  line: number;
  column: number;
}

function findUnknownPlaceholder(source: string, values: Record<string, string>): UnknownPlaceholder | undefined {
  const lines = source.split('\n');
  for (const [index, line] of lines.entries()) {
    for (const match of line.matchAll(PLACEHOLDER)) {
      const placeholder = match[1] ?? '';
      if (!Object.hasOwn(values, placeholder)) {
        return { placeholder, line: index + 1, column: (match.index ?? 0) + 1 };
      }
    }
  }
  return undefined;
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
