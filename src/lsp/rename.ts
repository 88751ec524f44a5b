import type { Position, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import type { SourceModel } from '../ir/ir.generated.js';
import type { Analysis } from './analysis.js';
import { nodeAt, wordRanges } from './lookup.js';
import { lineAt, spanRange } from './ranges.js';
import { renamedFromEdit } from './renamed-from.js';

/** A name a rename may give: what the front ends read as an entity's or a field's name. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** What can be renamed at the cursor, and its range; none elsewhere. */
export function renameTarget(analysis: Analysis, position: Position): { range: Range; placeholder: string } | undefined {
  const found = analysis.source === undefined ? undefined : nodeAt(analysis.source, analysis.text, position);
  if (found === undefined || found.kind === 'relation') return undefined;
  return { range: found.range, placeholder: found.kind === 'entity' ? found.entity.name : found.field.name };
}

/**
 * An entity renamed everywhere the document names it: its declaration and every relation to it. A field renamed
 * where it is declared and in its entity's index lists; on a table the project has migrated (`recorded`, the
 * project's class_data.json), `renamed_from` with its old name is written too, so that the next `make` renames
 * the column, keeping its values, instead of dropping it.
 */
export function renameEdits(analysis: Analysis, position: Position, newName: string, recorded: SourceModel | undefined): WorkspaceEdit | undefined {
  if (!NAME.test(newName) || analysis.source === undefined) return undefined;
  const found = nodeAt(analysis.source, analysis.text, position);
  if (found === undefined || found.kind === 'relation') return undefined;
  const edits: TextEdit[] = [];
  if (found.kind === 'entity') {
    for (const range of nameRanges(analysis, found.entity.name)) edits.push({ range, newText: newName });
  } else {
    const { entity, field } = found;
    edits.push({ range: spanRange(field.span), newText: newName });
    for (const index of entity.indexes ?? []) for (const range of wordRanges(analysis.text, index.span.line ?? 0, field.name)) edits.push({ range, newText: newName });
    const migrated = recorded?.entities.find((candidate) => candidate.name === entity.name)?.fields.some((candidate) => candidate.name === field.name) === true;
    if (migrated && field.renamedFrom === undefined) edits.push(renamedFromEdit(analysis.text, analysis.kind, (field.span.line ?? 1) - 1, field.name));
  }
  return { changes: { [analysis.uri]: edits } };
}

/**
 * Where the document names an entity: the whole word on every line the front end read (in Markdown, inside the
 * Mermaid fences only), and never in a comment.
 */
function nameRanges(analysis: Analysis, name: string): Range[] {
  const lines = analysis.text.split('\n').length;
  const ranges: Range[] = [];
  let fenced = false;
  const markdown = /\.(?:md|markdown)$/i.test(analysis.name);
  for (let line = 0; line < lines; line++) {
    const content = lineAt(analysis.text, line);
    if (markdown && /^\s*(```|~~~)/.test(content)) {
      fenced = !fenced && /mermaid/.test(content);
      continue;
    }
    if (markdown && !fenced) continue;
    const comment = analysis.kind === 'diagram' ? commentStart(content, '%%') : /\.json$/i.test(analysis.name) ? Number.POSITIVE_INFINITY : commentStart(content, '#');
    ranges.push(...wordRanges(analysis.text, line + 1, name).filter((range) => range.start.character < comment));
  }
  return ranges;
}

function commentStart(content: string, marker: string): number {
  const at = marker === '#' ? content.search(/(?:^|\s)#/) : content.indexOf(marker);
  return at === -1 ? Number.POSITIVE_INFINITY : at;
}
