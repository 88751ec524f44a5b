import type { Diagnostic, Severity } from '../../diagnostics/diagnostic.js';
import { WRITING_ACTIONS, type FileAction, type FileChange } from '../../plan/file-change.js';
import { renderDiff } from '../../plan/render-diff.js';

/** A planned file as a face reports it: what the run does to it, and the unified diff of a file it writes or deletes. */
export interface PlannedFile {
  path: string;
  action: FileAction;
  diff?: string;
}

/** Each planned file with its action, and the diff of a file it writes or deletes. */
export function plannedFiles(changes: readonly FileChange[]): PlannedFile[] {
  return changes.map((change) => {
    const diff = WRITING_ACTIONS.includes(change.action) ? renderDiff(change) : '';
    return { path: change.path, action: change.action, ...(diff === '' ? {} : { diff }) };
  });
}

/** A diagnostic as a face answers it in JSON: its code, message and place (a line and column of a text, or the argument at fault). */
export interface PlacedDiagnostic {
  severity: Severity;
  code: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  endColumn?: number;
  argument?: string;
  path?: string;
  hint?: string;
}

export function placedDiagnostic(diagnostic: Diagnostic): PlacedDiagnostic {
  const span = diagnostic.span ?? {};
  return {
    severity: diagnostic.severity,
    code: diagnostic.code,
    message: diagnostic.message,
    ...(span.file === undefined ? {} : { file: span.file }),
    ...(span.line === undefined ? {} : { line: span.line }),
    ...(span.column === undefined ? {} : { column: span.column }),
    ...(span.endColumn === undefined ? {} : { endColumn: span.endColumn }),
    ...(span.flag === undefined ? {} : { argument: span.flag }),
    ...(diagnostic.path === undefined ? {} : { path: diagnostic.path }),
    ...(diagnostic.hint === undefined ? {} : { hint: diagnostic.hint }),
  };
}
