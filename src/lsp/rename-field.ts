import type { TextEdit } from 'vscode-languageserver';
import type { SourceEntity, SourceField, SourceModel } from '../ir/ir.generated.js';
import type { Analysis } from './analysis.js';
import { ruleParameterRanges } from './field-rules.js';
import { columnsHoldingKey } from './migrated-columns.js';
import { wordRanges } from './lookup.js';
import { spanRange } from './ranges.js';
import { renamedFromEdit } from './renamed-from.js';
import { entityLines } from './rename-scope.js';

/**
 * A field renamed where the document names it: its declaration, its entity's index lists, and the rules of its
 * entity's fields that name it (`same:password`); a request's rules name the fields of its own entity only. On
 * a table the project has migrated (`recorded`, the project's class_data.json), `renamed_from` with its old name
 * is written too, so that the next `make` renames the column, keeping its values, instead of dropping it.
 */
export function fieldRenameEdits(analysis: Analysis, entity: SourceEntity, field: SourceField, newName: string, recorded: SourceModel | undefined): TextEdit[] {
  const edits: TextEdit[] = [{ range: spanRange(field.span), newText: newName }];
  for (const index of entity.indexes ?? []) for (const range of wordRanges(analysis.text, index.span.line ?? 0, field.name)) edits.push({ range, newText: newName });
  for (const line of entityLines(analysis, entity)) for (const range of ruleParameterRanges(analysis.text, line, field.name)) edits.push({ range, newText: newName });
  const migrated = recordedEntity(recorded, entity)?.fields.some((candidate) => candidate.name === field.name) === true;
  if (migrated && field.renamedFrom === undefined) edits.push(renamedFromEdit(analysis.text, analysis.kind, (field.span.line ?? 1) - 1, field.name));
  return withoutOverlaps(edits);
}

/**
 * Why a field may not be renamed: it is the key of a table the project has migrated. make renames no key column
 * (the passes refuse renamed_from on a key), and the foreign keys and pivot columns that hold the key are named
 * after it, which nothing would rename either.
 */
export function migratedKeyRefusal(recorded: SourceModel | undefined, entity: SourceEntity, field: SourceField): string | undefined {
  if (!field.primary || recorded === undefined || recordedEntity(recorded, entity)?.fields.some((candidate) => candidate.name === field.name) !== true) return undefined;
  const holding = columnsHoldingKey(recorded, entity.name);
  const named = holding.length === 0 ? '' : `, nor the columns that hold it (${holding.join(', ')})`;
  return `${entity.name}.${field.name} is the key of a table the project has migrated: make renames no key column${named}; rename it in a migration of your own first`;
}

function recordedEntity(recorded: SourceModel | undefined, entity: SourceEntity): SourceEntity | undefined {
  return recorded?.entities.find((candidate) => candidate.name === entity.name);
}

/** A JSON file may write an entity on one line, declaration, index list and rules together: each place is edited once. */
function withoutOverlaps(edits: readonly TextEdit[]): TextEdit[] {
  const seen = new Set<string>();
  return edits.filter(({ range }) => {
    const key = `${range.start.line}:${range.start.character}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
