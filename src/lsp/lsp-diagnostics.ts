import { DiagnosticSeverity, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { spanRange } from './ranges.js';

/** What a published diagnostic carries for the quick fixes: its hint, as the CLI prints it under the message. */
export interface DiagnosticData {
  hint?: string;
}

/** A diagnostic as the editor shows it: the CLI's code and message, its hint on a line of its own. */
export function lspDiagnostic(diagnostic: Diagnostic): LspDiagnostic {
  const data: DiagnosticData = diagnostic.hint === undefined ? {} : { hint: diagnostic.hint };
  return {
    range: spanRange(diagnostic.span ?? {}),
    severity: diagnostic.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    code: diagnostic.code,
    source: 'fullapi',
    message: diagnostic.hint === undefined ? diagnostic.message : `${diagnostic.message}\nhint: ${diagnostic.hint}`,
    data,
  };
}
