import { Engine } from 'php-parser';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { Span } from '../ir/ir.generated.js';

/**
 * The one configuration of php-parser fullapi reads PHP with (project files it edits or reads), and the
 * one way a syntax error in such a file is reported.
 */
export function newPhpEngine(): Engine {
  return new Engine({
    parser: { php8: true, version: '8.4', suppressErrors: false, extractDoc: true },
    ast: { withPositions: true, withSource: false },
  });
}

/** php-parser throws a SyntaxError with a 1-based line and a 0-based column. */
export function unparsablePhp(path: string, thrown: unknown): Diagnostic {
  const details = thrown instanceof SyntaxError ? (thrown as SyntaxError & { lineNumber?: number; columnNumber?: number }) : undefined;
  const span: Span = { file: path };
  if (details?.lineNumber !== undefined && details.lineNumber >= 1) {
    span.line = details.lineNumber;
    if (details.columnNumber !== undefined) span.column = details.columnNumber + 1;
  }
  // php-parser words it "Parse Error : syntax error, unexpected ';' on line 3"; the span already says where.
  const reason = details?.message.replace('Parse Error : ', '').replace(/ on line \d+$/, '') ?? 'the PHP parser failed';
  return error('unparsable_php', `${path} is not valid PHP: ${reason}`, span, `Fix the file (php -l ${path}) and run fullapi again.`);
}
