import type { Position, Range, WorkspaceEdit } from 'vscode-languageserver';
import type { SourceModel } from '../ir/ir.generated.js';
import type { Analysis } from './analysis.js';
import { nodeAt, wordRanges } from './lookup.js';
import { lineAt } from './ranges.js';
import { fieldRenameEdits, migratedKeyRefusal } from './rename-field.js';
import { migratedRelationRefusal, relationNameRange, relationRenameEdits } from './rename-relation.js';

/** A name a rename may give: what the front ends read as an entity's, a field's or a relation's name. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * What can be renamed at the cursor, and its range; none elsewhere. Refused, with the reason, where any new name
 * would be: a relation a diagram names after its entities, a name that decides a column the project has migrated.
 */
export function renameTarget(analysis: Analysis, position: Position, recorded: SourceModel | undefined): { range: Range; placeholder: string } | { refused: string } | undefined {
  const model = analysis.source;
  const found = model === undefined ? undefined : nodeAt(model, analysis.text, position);
  if (model === undefined || found === undefined) return undefined;
  if (found.kind === 'entity') return { range: found.range, placeholder: found.entity.name };
  if (found.kind === 'field') {
    const refused = migratedKeyRefusal(recorded, found.entity, found.field);
    return refused === undefined ? { range: found.range, placeholder: found.field.name } : { refused };
  }
  const range = relationNameRange(analysis, found.relation);
  if (typeof range === 'string') return { refused: range };
  const refused = migratedRelationRefusal(found.entity, found.relation, recorded);
  return refused === undefined ? { range, placeholder: found.relation.name } : { refused };
}

/**
 * An entity renamed everywhere the document names it: its declaration and every relation to it. A field and a
 * relation renamed where the document names them (rename-field.ts, rename-relation.ts). Refused as renameTarget
 * refuses.
 */
export function renameEdits(analysis: Analysis, position: Position, newName: string, recorded: SourceModel | undefined): WorkspaceEdit | { refused: string } | undefined {
  if (!NAME.test(newName)) return { refused: `"${newName}" is no name: a letter or _, then letters, digits or _` };
  const model = analysis.source;
  const target = renameTarget(analysis, position, recorded);
  const found = model === undefined ? undefined : nodeAt(model, analysis.text, position);
  if (target === undefined || 'refused' in target) return target;
  if (model === undefined || found === undefined) return undefined;
  const edits =
    found.kind === 'entity'
      ? nameRanges(analysis, found.entity.name).map((range) => ({ range, newText: newName }))
      : found.kind === 'field'
        ? fieldRenameEdits(analysis, found.entity, found.field, newName, recorded)
        : relationRenameEdits(analysis, model, found.entity, found.relation, target.range, newName);
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
