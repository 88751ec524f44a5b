import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { FileChange } from '../../plan/file-change.js';

/**
 * A file's action, the warning that comes with it, and whether the manifest records the new generation as
 * what fullapi generated there (then the store of bases holds it too): all but a kept file.
 */
export interface GeneratedResolution {
  change: FileChange;
  warning?: Diagnostic;
  records: boolean;
}
