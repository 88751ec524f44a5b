import { error, type Diagnostic, type DiagnosticCode } from '../../diagnostics/diagnostic.js';
import type { SourceEntity, SourceRelation, Span } from '../../ir/ir.generated.js';
import type { Range } from '../../text/doc-node.js';
import type { Locate } from '../../text/positions.js';

/** What each lowering step shares: where to place a range, and where to put what it finds. */
export interface Lowering {
  locate: Locate;
  diagnostics: Diagnostic[];
}

export function report(lowering: Lowering, code: DiagnosticCode, message: string, range: Range, hint?: string): void {
  lowering.diagnostics.push(error(code, message, lowering.locate(range), hint));
}

/** A relation before the checks across entities, with where its target was written (for unknown_entity). */
export interface DraftRelation {
  relation: SourceRelation;
  targetSpan?: Span;
}

/** An entity as one file declares it; its relations join it once checked against the other entities. */
export interface DraftEntity {
  entity: Omit<SourceEntity, 'relations'>;
  relations: DraftRelation[];
}
