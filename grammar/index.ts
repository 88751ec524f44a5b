/**
 * Mermaid diagrams as fullapi reads them: the kind is told by the first statement, as Mermaid's own
 * detectors tell it (`erDiagram`, `classDiagram`, case-sensitive), and the matching grammar parses the text.
 */
import { classJsonView, parseClassDiagram, type ClassJsonView } from './class/index.js';
import type { ClassDiagram } from './class/model.js';
import { erJsonView, parseErDiagram, type ErJsonView } from './er/index.js';
import type { ErDiagram } from './er/model.js';
import type { GrammarError } from './errors.js';
import { preprocessDiagram } from './preprocess.js';

export type Diagram = ErDiagram | ClassDiagram;
export type DiagramJsonView = ErJsonView | ClassJsonView;
export type { GrammarError } from './errors.js';

export function parseDiagram(text: string): { diagram?: Diagram; errors: GrammarError[] } {
  const lines = preprocessDiagram(text).split('\n');
  const index = lines.findIndex((line) => line.trim() !== '');
  const first = lines[index]?.trimStart() ?? '';
  if (first.startsWith('erDiagram')) return parseErDiagram(text);
  if (first.startsWith('classDiagram')) return parseClassDiagram(text);
  const found = first.split(/\s/)[0] ?? '';
  const line = index < 0 ? 1 : index + 1;
  const column = index < 0 ? 1 : (lines[index]?.length ?? 0) - first.length + 1;
  return {
    errors: [
      {
        message: found === '' ? 'the file holds no diagram: expected `erDiagram` or `classDiagram`' : `expected a Mermaid \`erDiagram\` or \`classDiagram\`, found \`${found}\``,
        line,
        column,
        ...(found === '' ? {} : { endColumn: column + found.length - 1 }),
      },
    ],
  };
}

/** The `fullapi parse --json` view of a diagram: what the grammar saw, without positions. */
export function diagramJsonView(diagram: Diagram): DiagramJsonView {
  return diagram.kind === 'erDiagram' ? erJsonView(diagram) : classJsonView(diagram);
}
