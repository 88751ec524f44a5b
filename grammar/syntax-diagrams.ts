/**
 * The railroad diagrams of both grammars, as the HTML pages Chevrotain generates (they draw in the browser,
 * with Chevrotain's scripts from unpkg). `npm run grammar:diagrams` writes them to docs/grammar/; a test
 * fails when the committed pages no longer match the grammars.
 */
import { createSyntaxDiagramsCode } from 'chevrotain';
import { classSerializedGrammar } from './class/parser.js';
import { erSerializedGrammar } from './er/parser.js';

export const SYNTAX_DIAGRAMS_DIR = 'docs/grammar';

export function syntaxDiagramPages(): { file: string; html: string }[] {
  return [
    { file: 'er-diagram.html', html: createSyntaxDiagramsCode(erSerializedGrammar()) },
    { file: 'class-diagram.html', html: createSyntaxDiagramsCode(classSerializedGrammar()) },
  ];
}
