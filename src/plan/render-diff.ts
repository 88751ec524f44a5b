import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import type { FileChange } from './file-change.js';

/**
 * A git-style unified diff of one change for `--dry-run --diff`; `/dev/null` stands for the missing
 * side of a creation or deletion. Empty when the contents are equal. A `kept` change shows what
 * `--force` would write.
 */
export function renderDiff(change: FileChange): string {
  const before = change.before ?? '';
  const after = change.after ?? '';
  if (before === after && change.action !== 'created' && change.action !== 'deleted') return '';
  const oldName = change.before === undefined ? '/dev/null' : `a/${change.path}`;
  const newName = change.after === undefined ? '/dev/null' : `b/${change.path}`;
  return createTwoFilesPatch(oldName, newName, before, after, undefined, undefined, { headerOptions: FILE_HEADERS_ONLY });
}
