import type { TextEdit } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CheckedModel, SourceModel } from '../ir/ir.generated.js';
import { checkModel } from '../passes/check.js';
import { analyse, type Analysis } from './analysis.js';

/**
 * The columns whose names the passes derive from other names, as `Class.column` (a pivot's as `table.column`):
 * foreign keys (`Post.author_id`), morph columns (`Comment.commentable_type`), pivot columns. A field's column
 * is left out: renamed_from carries a field's rename to the database, and nothing carries these.
 */
function derivedColumns(model: CheckedModel): Set<string> {
  const columns = new Set<string>();
  for (const entity of model.entities) {
    const of = (column: string) => columns.add(`${entity.naming.className}.${column}`);
    for (const key of entity.foreignKeys) of(key.column);
    for (const morph of entity.morphs) for (const column of [`${morph}_type`, `${morph}_id`]) of(column);
  }
  for (const pivot of model.pivots) for (const side of pivot.sides) columns.add(`${pivot.table}.${side.column}`);
  return columns;
}

/**
 * The derived columns the project has migrated (`recorded`, its class_data.json, as the passes check it) that
 * the document names before an edit and no longer after it: what the next `make` would drop, with the links they
 * hold, and make anew empty. A rename that changes a relation's pairing, a key's name or a relation's name can.
 */
function droppedMigratedColumns(recorded: SourceModel | undefined, before: CheckedModel, after: CheckedModel): string[] {
  const migrated = recorded === undefined ? undefined : checkModel(recorded).model;
  if (migrated === undefined) return [];
  const kept = derivedColumns(after);
  const named = derivedColumns(before);
  return [...derivedColumns(migrated)].filter((column) => named.has(column) && !kept.has(column));
}

/** The migrated derived columns the document would no longer name after `edits`: none while it does not check, before or after. */
export async function columnsDroppedBy(analysis: Analysis, edits: readonly TextEdit[], recorded: SourceModel | undefined): Promise<string[]> {
  if (analysis.checked === undefined || recorded === undefined) return [];
  const text = TextDocument.applyEdits(TextDocument.create(analysis.uri, analysis.kind, 0, analysis.text), [...edits]);
  const after = (await analyse(analysis.uri, text))?.checked;
  return after === undefined ? [] : droppedMigratedColumns(recorded, analysis.checked, after);
}
