import { warning } from '../../diagnostics/diagnostic.js';
import type { OPTIONS } from '../../ir/options.js';
import type { GeneratedFile } from '../../plan/file-plan.js';
import { FULLAPI_LABEL, YOURS_LABEL, type MergeConflict, type MergeResult } from './merge-file.js';
import type { GeneratedResolution } from './resolution.js';

/** What a merge that conflicts does to the file: `keep` it as it is (the default), or write it with `markers`. */
export type MergeMode = (typeof OPTIONS.merge.choices)[number];

/** The conflicts a warning spells out; the rest are counted. */
const LISTED_CONFLICTS = 3;
/** The characters of a conflicting line a warning quotes. */
const QUOTED_LENGTH = 60;

/**
 * A hand-edited file whose merge with the new generation failed. Kept, it stays as it is with its old base,
 * and the next run tries again. With markers, it is written with both sides of each conflict, and the
 * manifest and the base take the new generation, as after a clean merge: the file is a hand edit, its
 * owner's to resolve. A merge that is not PHP any more has no conflict to mark, and is kept either way.
 */
export function conflictResolution(file: GeneratedFile, before: string, merged: Extract<MergeResult, { clean: false }>, mode: MergeMode): GeneratedResolution {
  const change = { path: file.path, source: 'generated', before } as const;
  if (mode === 'markers' && merged.unparsable === undefined) {
    return {
      change: { ...change, action: 'conflicted', after: merged.marked },
      warning: {
        ...warning(
          'merge_conflict',
          `${file.path} was edited by hand, and the edits conflict with the new generation: ${describeConflicts(merged.conflicts, 'marker')}; the file was written with conflict markers (<<<<<<< ${YOURS_LABEL}, =======, >>>>>>> ${FULLAPI_LABEL})`,
          file.path,
        ),
        hint: 'keep what you want of each side and delete the marker lines; the file stays yours, and the next run merges into it',
      },
      records: true,
    };
  }
  const what =
    merged.unparsable === undefined
      ? `the edits conflict with the new generation: ${describeConflicts(merged.conflicts, 'yours')}`
      : `merging the new generation into it gives PHP that does not parse (${merged.unparsable.line === undefined ? '' : `line ${merged.unparsable.line} of the merge: `}${merged.unparsable.reason})`;
  return {
    change: { ...change, action: 'kept', after: file.content },
    warning: {
      ...warning('merge_conflict', `${file.path} was edited by hand, and ${what}; the file was kept as it is`, file.path),
      hint: 'merge the new generation in by hand (--dry-run --diff --force shows it), run with --merge=markers to have conflict markers written into the file, or with --force to rewrite it (losing your edits)',
    },
    records: false,
  };
}

/** `line 12: yours "...", fullapi "..."`, by the line of the file on disk, or of the `<<<<<<<` written. */
function describeConflicts(conflicts: readonly MergeConflict[], at: 'yours' | 'marker'): string {
  const listed = conflicts.slice(0, LISTED_CONFLICTS).map((conflict) => {
    const line = at === 'yours' ? conflict.line : conflict.markerLine;
    return `line ${line}: ${YOURS_LABEL} ${quoted(conflict.yours)}, ${FULLAPI_LABEL} ${quoted(conflict.fullapi)}`;
  });
  const more = conflicts.length - listed.length;
  return `${listed.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}

function quoted(lines: readonly string[]): string {
  const shown = lines.find((line) => line.trim() !== '');
  if (shown === undefined) return lines.length === 0 ? '(no line)' : '(blank lines)';
  const text = shown.trim();
  const cut = text.length > QUOTED_LENGTH ? `${text.slice(0, QUOTED_LENGTH)}...` : text;
  const more = lines.length - 1;
  return `"${cut}"${more === 0 ? '' : ` (+${more} ${more === 1 ? 'line' : 'lines'})`}`;
}
