import { diff3Merge } from 'node-diff3';
import { parsePhp } from '../../php/php-source.js';

/** Where a hand edit and the new generation change the same lines, as the report names them. */
export interface MergeConflict {
  /** The first line of the region in the file on disk (1-based); for an insertion, the line it goes before. */
  line: number;
  /** The region's lines in the file on disk, and in the new generation. */
  yours: readonly string[];
  fullapi: readonly string[];
  /** With conflict markers, the line of the region's `<<<<<<<` in the written file. */
  markerLine: number;
}

export type MergeResult =
  | { clean: true; text: string }
  /** `marked` is the file with conflict markers; `unparsable`, a clean merge that is not PHP any more. */
  | { clean: false; conflicts: readonly MergeConflict[]; marked: string; unparsable?: { line?: number; reason: string } };

export const YOURS_LABEL = 'yours';
export const FULLAPI_LABEL = 'fullapi';

/**
 * The three-way merge of a generated file, line by line, through node-diff3: `base` is what fullapi last wrote
 * there, `yours` the file on disk with its hand edits, `generated` the new generation. Changes on both sides
 * to the same lines (or to adjacent ones) conflict, unless both made the same change. A `.php` merge that does
 * not parse is no merge: its pieces fit as text only.
 */
export function mergeGenerated(path: string, base: string, yours: string, generated: string): MergeResult {
  const regions = diff3Merge(yours.split('\n'), base.split('\n'), generated.split('\n'), { excludeFalseConflicts: true });
  const lines: string[] = [];
  const conflicts: MergeConflict[] = [];
  for (const region of regions) {
    if (region.ok !== undefined) {
      lines.push(...region.ok);
      continue;
    }
    if (region.conflict === undefined) continue;
    const { a, aIndex, b } = region.conflict;
    conflicts.push({ line: aIndex + 1, yours: a, fullapi: b, markerLine: lines.length + 1 });
    lines.push(`<<<<<<< ${YOURS_LABEL}`, ...a, '=======', ...b, `>>>>>>> ${FULLAPI_LABEL}`);
  }
  const text = lines.join('\n');
  if (conflicts.length > 0) return { clean: false, conflicts, marked: text };
  if (!path.endsWith('.php')) return { clean: true, text };
  const parsed = parsePhp(path, text);
  if (parsed.ok) return { clean: true, text };
  const span = parsed.diagnostic.span;
  return { clean: false, conflicts: [], marked: text, unparsable: { ...(span?.line === undefined ? {} : { line: span.line }), reason: parsed.diagnostic.message } };
}
