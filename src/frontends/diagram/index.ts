import { error, sortDiagnostics, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SourceModel } from '../../ir/ir.generated.js';
import { MAX_REPORTED_ERRORS } from '../../../grammar/errors.js';
import { parseDiagram, type GrammarError } from '../../../grammar/index.js';
import { isMarkdownPath } from '../../text/file-kinds.js';
import { lowerClassDiagram } from './lower-class.js';
import { lowerErDiagram } from './lower-er.js';

/**
 * The diagram front end: a Mermaid erDiagram or classDiagram (a bare `.mmd` file, or the first ```mermaid
 * fence of a Markdown file) -> SourceModel, with every syntax error, every problem of the model and every
 * ignored statement at its line and column. Pure: the caller reads the file.
 */

export { isDiagramPath, isMarkdownPath } from '../../text/file-kinds.js';

/** `model` is absent when the text does not parse: nothing is lowered from a diagram with syntax errors. */
export function readDiagramFile(path: string, text: string): { model?: SourceModel; diagnostics: Diagnostic[] } {
  const parsed = parseDiagram(text, { markdown: isMarkdownPath(path) });
  if (parsed.diagram === undefined) return { diagnostics: parsed.errors.map((syntax) => syntaxDiagnostic(path, syntax)) };
  const lowered = parsed.diagram.kind === 'erDiagram' ? lowerErDiagram(path, parsed.diagram) : lowerClassDiagram(path, parsed.diagram);
  return { model: lowered.model, diagnostics: withErrorsBounded(sortDiagnostics(lowered.diagnostics)) };
}

/**
 * A diagram's errors after its syntax, bounded as its syntax errors are (grammar/errors.ts): the first ones in
 * source order, then one saying where the rest begin. Warnings are one per statement at most and stay.
 */
function withErrorsBounded(sorted: readonly Diagnostic[]): Diagnostic[] {
  const errors = sorted.filter((diagnostic) => diagnostic.severity === 'error');
  const firstUnreported = errors[MAX_REPORTED_ERRORS];
  if (firstUnreported === undefined) return [...sorted];
  const message = `more than ${MAX_REPORTED_ERRORS} errors in this diagram: errors from here on are not reported`;
  const warnings = sorted.filter((diagnostic) => diagnostic.severity !== 'error');
  return [...errors.slice(0, MAX_REPORTED_ERRORS), error('too_many_errors', message, firstUnreported.span), ...warnings];
}

export function syntaxDiagnostic(file: string, syntax: GrammarError): Diagnostic {
  const endColumn = (syntax.endColumn ?? syntax.column) + 1;
  return error(syntax.code ?? 'invalid_syntax', syntax.message, { file, line: syntax.line, column: syntax.column, endColumn });
}
