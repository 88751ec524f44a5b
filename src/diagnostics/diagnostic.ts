import type { Span } from '../ir/ir.generated.js';
import type { DIAGNOSTIC_CODES } from './codes.js';

/**
 * The closed set of codes users and tools may script against: the keys of DIAGNOSTIC_CODES, which gives each its
 * meaning (docs/reference/codes.md is rendered from it).
 */
export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

export type Severity = 'error' | 'warning';

/** Every problem found anywhere in the pipeline, as a value: collected, sorted, reported together. */
export interface Diagnostic {
  severity: Severity;
  code: DiagnosticCode;
  message: string;
  span?: Span;
  /** Project-relative path of the file a warning is about. */
  path?: string;
  hint?: string;
}

export function error(code: DiagnosticCode, message: string, span?: Span, hint?: string): Diagnostic {
  return withOptional({ severity: 'error', code, message }, span, hint);
}

export function warning(code: DiagnosticCode, message: string, path?: string): Diagnostic {
  return path === undefined ? { severity: 'warning', code, message } : { severity: 'warning', code, message, path };
}

/** A warning about the user's input rather than a project file: it points at the text, like an error. */
export function warningAt(code: DiagnosticCode, message: string, span: Span, hint?: string): Diagnostic {
  return withOptional({ severity: 'warning', code, message }, span, hint);
}

function withOptional(base: Diagnostic, span: Span | undefined, hint: string | undefined): Diagnostic {
  const result: Diagnostic = { ...base };
  if (span !== undefined) result.span = span;
  if (hint !== undefined) result.hint = hint;
  return result;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Errors first, then by file, flag, line and column: the order a reader fixes them in. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const key = (d: Diagnostic): [number, string, number, number] => [
    d.severity === 'error' ? 0 : 1,
    d.span?.file ?? d.span?.flag ?? d.path ?? '',
    d.span?.line ?? 0,
    d.span?.column ?? 0,
  ];
  return [...diagnostics].sort((a, b) => {
    const [as, af, al, ac] = key(a);
    const [bs, bf, bl, bc] = key(b);
    return as - bs || af.localeCompare(bf) || al - bl || ac - bc;
  });
}
