import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { FileChange } from '../plan/file-change.js';

/**
 * What a command that plans files gives its face (make, delete, publish, clean-routes, the MCP tools): every
 * file's change, and every diagnostic, sorted. Nothing was written unless `ok`.
 */
export interface CommandOutcome {
  ok: boolean;
  changes: FileChange[];
  diagnostics: Diagnostic[];
  /** The user's texts the diagnostics point into, for code frames. */
  texts?: ReadonlyMap<string, string>;
  /** The entities the input planned, by class name; absent when no front end ran (a settled project, a failure). */
  entities?: string[];
}
