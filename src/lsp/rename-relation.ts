import type { Range, TextEdit } from 'vscode-languageserver';
import type { SourceEntity, SourceModel, SourceRelation } from '../ir/ir.generated.js';
import { checkModel } from '../passes/check.js';
import type { Analysis } from './analysis.js';
import { checkedWithRelationNamed, columnsOfRelation, type NamedColumn } from './migrated-columns.js';
import { entityLines, renamedWords } from './rename-scope.js';
import { lineAt, spanRange } from './ranges.js';

/**
 * Where the document writes the relation's name. A schema file writes it as its key. A diagram names a relation
 * after the entities it joins, and writes a name only as the label of a one-to-one of an entity with itself,
 * which names its belongsTo (the hasOne is `<label>Of`); any other relation of a diagram has no name to rename.
 */
export function relationNameRange(analysis: Analysis, relation: SourceRelation): Range | string {
  if (analysis.kind !== 'diagram') return spanRange(relation.span);
  const line = (relation.span.line ?? 1) - 1;
  const content = lineAt(analysis.text, line);
  const label = /:\s*"?([A-Za-z_][A-Za-z0-9_]*)"?\s*(?:%%.*)?$/.exec(content);
  const written = label?.[1];
  if (written === undefined || written !== relation.name) {
    return `the diagram does not write the name ${relation.name}: it names a relation after the entities it joins (a one-to-one of an entity with itself after its label); declare the relation in a schema file to name it`;
  }
  const start = (label?.index ?? 0) + (label?.[0].indexOf(written) ?? 0);
  return { start: { line, character: start }, end: { line, character: start + written.length } };
}

/**
 * Why a relation may not be renamed: it is recorded on its entity (the project's class_data.json), so the columns
 * its name decides are migrated. The IR has no renamed_from for relations: the next `make` would drop them, and
 * the links they hold, and add empty ones under the new name. Any other relation's columns are not made yet.
 */
export function migratedRelationRefusal(owner: SourceEntity, relation: SourceRelation, recorded: SourceModel | undefined): string | undefined {
  const migrated = recorded?.entities.find((entity) => entity.name === owner.name)?.relations.some((candidate) => candidate.name === relation.name) === true;
  const columns = recorded === undefined || !migrated ? [] : columnsOfRelation(checkModel(recorded).model, owner.name, relation.name).map(({ table, column }) => `${table}.${column}`);
  if (columns.length === 0) return undefined;
  const named = columns.length === 1 ? `the column ${columns.join('')}, which the project has migrated, and the links it holds` : `the columns ${columns.join(', ')}, which the project has migrated, and the links they hold`;
  return `renaming ${owner.name}.${relation.name} would make the next make drop ${named}: relations have no renamed_from; rename the column in a migration of your own first`;
}

/**
 * A relation renamed at `range`, where it is named, and each column of its own table its name decides renamed
 * where the document writes it: its entity's index lists and rules, a diagram's foreign key attribute. The
 * columns are the passes' own, before (the document as checked) and after (checked with the new name); a
 * document with errors has its relation renamed alone.
 */
export function relationRenameEdits(analysis: Analysis, model: SourceModel, owner: SourceEntity, relation: SourceRelation, range: Range, newName: string): TextEdit[] {
  const ownTable = ({ table }: NamedColumn): boolean => table === owner.name;
  const before = columnsOfRelation(analysis.checked, owner.name, relation.name).filter(ownTable);
  const after = before.length === 0 ? [] : columnsOfRelation(checkedWithRelationNamed(model, owner, relation, newName), owner.name, newName).filter(ownTable);
  const lines = entityLines(analysis, owner);
  const columns = after.length !== before.length ? [] : before.flatMap(({ column }, index) => renamedWords(analysis, lines, column, after[index]?.column ?? column));
  return [{ range, newText: newName }, ...columns];
}
