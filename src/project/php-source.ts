import type { Node, Program } from 'php-parser';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { newPhpEngine, unparsablePhp } from '../php/parse-php.js';
import type { Span } from '../ir/ir.generated.js';

export type PhpParse = { ok: true; program: Program } | { ok: false; diagnostic: Diagnostic };

/** Parses a project's PHP file; a syntax error becomes `unparsable_php` at its position in `file`. */
export function parsePhp(text: string, file: string): PhpParse {
  try {
    return { ok: true, program: newPhpEngine().parseCode(text, file) };
  } catch (cause) {
    return { ok: false, diagnostic: unparsablePhp(file, cause) };
  }
}

/** Where a node starts in `file`, with 1-based columns; `endColumn` only when it ends on the same line. */
export function spanOfNode(node: Node, file: string): Span {
  if (node.loc === null) return { file };
  const { start, end } = node.loc;
  const span: Span = { file, line: start.line, column: start.column + 1 };
  if (end.line === start.line) span.endColumn = end.column + 1;
  return span;
}
