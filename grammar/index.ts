/**
 * Mermaid diagrams as fullapi reads them: the kind is told by the first statement, as Mermaid's own
 * detectors tell it (`erDiagram`, `classDiagram`, case-sensitive), and the matching grammar parses the text.
 */
import { classJsonView, parseClassDiagram, type ClassJsonView } from './class/index.js';
import type { ClassDiagram } from './class/model.js';
import { erJsonView, parseErDiagram, type ErJsonView } from './er/index.js';
import type { ErDiagram } from './er/model.js';
import type { GrammarError } from './errors.js';
import { hasMermaidFence, lineColumnOf, mermaidParserInput } from './preprocess.js';

export type Diagram = ErDiagram | ClassDiagram;
export type DiagramJsonView = ErJsonView | ClassJsonView;
export type { GrammarError } from './errors.js';

/**
 * `markdown`: the text is a Markdown file's, whose diagram is in a ```mermaid fence; one with no fence and no
 * diagram is told so, rather than that its first word (a `#` heading, say) is not `erDiagram`.
 */
export function parseDiagram(text: string, { markdown }: { markdown: boolean }): { diagram?: Diagram; errors: GrammarError[] } {
  const input = mermaidParserInput(text);
  if (input.text.startsWith('erDiagram')) return parseErDiagram(text, input);
  if (input.text.startsWith('classDiagram')) return parseClassDiagram(text, input);
  if (markdown && !hasMermaidFence(text)) {
    return { errors: [{ message: 'this Markdown file has no ```mermaid fence: fullapi reads the diagram from the first one', line: 1, column: 1 }] };
  }
  const found = /^\S*/.exec(input.text)?.[0] ?? '';
  const { line, column } = lineColumnOf(text)(input.origin[0] ?? 0);
  if (found === '') return { errors: [{ message: 'the file holds no diagram: expected `erDiagram` or `classDiagram`', line, column }] };
  return { errors: [{ message: `expected a Mermaid \`erDiagram\` or \`classDiagram\`, found \`${found}\``, line, column, endColumn: column + found.length - 1 }] };
}

/** The `fullapi parse --json` view of a diagram: what the grammar saw, without positions. */
export function diagramJsonView(diagram: Diagram): DiagramJsonView {
  return diagram.kind === 'erDiagram' ? erJsonView(diagram) : classJsonView(diagram);
}
