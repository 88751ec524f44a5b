import { Engine, type Node, type Program } from 'php-parser';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { Span } from '../ir/ir.generated.js';

export type PhpParse = { ok: true; program: Program } | { ok: false; diagnostic: Diagnostic };

/** php-parser raises a SyntaxError carrying these; its columns start at 0. */
interface PhpSyntaxError {
  message: string;
  lineNumber?: number;
  columnNumber?: number;
}

function newEngine(): Engine {
  return new Engine({
    parser: { php8: true, extractDoc: false, suppressErrors: false },
    ast: { withPositions: true },
  });
}

/** Parses a project's PHP file; a syntax error becomes `unparsable_php` at its position in `file`. */
export function parsePhp(text: string, file: string): PhpParse {
  try {
    return { ok: true, program: newEngine().parseCode(text, file) };
  } catch (cause) {
    const syntax = cause as PhpSyntaxError;
    const span: Span = { file };
    if (typeof syntax.lineNumber === 'number' && syntax.lineNumber >= 1) span.line = syntax.lineNumber;
    if (typeof syntax.columnNumber === 'number' && span.line !== undefined) span.column = syntax.columnNumber + 1;
    const reason = typeof syntax.message === 'string' ? syntax.message : String(cause);
    return { ok: false, diagnostic: error('unparsable_php', `${file} is not valid PHP: ${reason}`, span) };
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
