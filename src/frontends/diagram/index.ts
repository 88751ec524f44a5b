import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SourceModel } from '../../ir/ir.generated.js';

/** Files a command reads as Mermaid diagrams rather than schema files. */
export function isDiagramPath(path: string): boolean {
  return /\.(?:mmd|mermaid|md|markdown)$/i.test(path);
}

/** A Mermaid erDiagram or classDiagram -> SourceModel, with every problem at its line and column. */
export function readDiagramFile(path: string, _text: string): { model?: SourceModel; diagnostics: Diagnostic[] } {
  return { diagnostics: [error('internal_error', 'diagram lowering is not written yet', { file: path })] };
}
