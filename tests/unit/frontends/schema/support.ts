import type { Diagnostic } from '../../../../src/diagnostics/diagnostic.js';

/** One line per diagnostic, `code line:column-endColumn message`: the shape error tests pin. */
export function placed(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.code} ${d.span?.line ?? '?'}:${d.span?.column ?? '?'}-${d.span?.endColumn ?? '?'} ${d.message}`);
}

/** Lines joined by newlines, so a test's source reads like the file it stands for. */
export function lines(...text: string[]): string {
  return `${text.join('\n')}\n`;
}
