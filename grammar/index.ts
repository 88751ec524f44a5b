/**
 * Mermaid diagrams as fullapi reads them: the kind is told by the first statement, as Mermaid's own
 * detectors tell it (`erDiagram`, `classDiagram`, case-sensitive), and the matching grammar parses the text.
 */
import { classJsonView, parseClassDiagram, type ClassJsonView } from './class/index.js';
import type { ClassDiagram } from './class/model.js';
import { erJsonView, parseErDiagram, type ErJsonView } from './er/index.js';
import type { ErDiagram } from './er/model.js';
import type { GrammarError } from './errors.js';
import { lineColumnOf, mermaidParserInput } from './preprocess.js';

export type Diagram = ErDiagram | ClassDiagram;
export type DiagramJsonView = ErJsonView | ClassJsonView;
export type { GrammarError } from './errors.js';

export function parseDiagram(text: string): { diagram?: Diagram; errors: GrammarError[] } {
  const input = mermaidParserInput(text);
  if (input.text.startsWith('erDiagram')) return parseErDiagram(text, input);
  if (input.text.startsWith('classDiagram')) return parseClassDiagram(text, input);
  const found = /^\S*/.exec(input.text)?.[0] ?? '';
  const { line, column } = lineColumnOf(text)(input.origin[0] ?? 0);
  if (found === '') return { errors: [{ message: 'the file holds no diagram: expected `erDiagram` or `classDiagram`', line, column }] };
  return { errors: [{ message: `expected a Mermaid \`erDiagram\` or \`classDiagram\`, found \`${found}\``, line, column, endColumn: column + found.length - 1 }] };
}

/** The `fullapi parse --json` view of a diagram: what the grammar saw, without positions. */
export function diagramJsonView(diagram: Diagram): DiagramJsonView {
  return diagram.kind === 'erDiagram' ? erJsonView(diagram) : classJsonView(diagram);
}
