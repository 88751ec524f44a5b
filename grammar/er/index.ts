/**
 * The erDiagram grammar's facade: text in, the tooling view and every error out.
 * Nothing here throws on bad input; errors are values with positions in the original file.
 */
import { lexingErrorToGrammarError, parseErrorToGrammarError, type GrammarError } from '../errors.js';
import { preprocessDiagram } from '../preprocess.js';
import { lowerErDiagram, type ErDiagramView } from './ast.js';
import { lexErDiagram } from './lexer.js';
import { parseErTokens } from './parser.js';

export type { ErAttribute, ErDiagramView, ErEntity, ErRelationship } from './ast.js';
export type { GrammarError } from '../errors.js';

/** Later errors on a line are almost always the parser re-syncing after the first one. */
function firstErrorPerLine(errors: GrammarError[]): GrammarError[] {
  return errors.filter((error, index) => index === 0 || errors[index - 1]?.line !== error.line);
}

/**
 * Parses one erDiagram (a bare diagram, or a Markdown file whose first ```mermaid fence holds it).
 * `diagram` is present exactly when there are no errors; positions in `errors` are lines and columns
 * of the text given, for the caller to prefix with the file's name.
 */
export function parseErDiagram(text: string): { diagram?: ErDiagramView; errors: GrammarError[] } {
  const source = preprocessDiagram(text);
  const lexed = lexErDiagram(source);
  const { cst, parseErrors } = parseErTokens(lexed.tokens);
  const lowered = lowerErDiagram(cst);
  const allErrors = [
    ...lexed.errors.map((error) => lexingErrorToGrammarError(error, source)),
    ...parseErrors.map(parseErrorToGrammarError),
    ...lowered.errors,
  ].sort((a, b) => a.line - b.line || a.column - b.column);
  const errors = firstErrorPerLine(allErrors);
  return errors.length === 0 ? { diagram: lowered.diagram, errors } : { errors };
}
