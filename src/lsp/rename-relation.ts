import type { Range, TextEdit } from 'vscode-languageserver';
import type { SourceEntity, SourceModel, SourceRelation } from '../ir/ir.generated.js';
import { singular, snake } from '../passes/naming/str.js';
import type { Analysis } from './analysis.js';
import { entityLines, renamedWords } from './rename-scope.js';
import { lineAt, spanRange } from './ranges.js';

/** The key column of an entity, as src/passes/keys.ts names it: its primary field, else Laravel's `id`. */
function keyColumn(entity: SourceEntity | undefined): string {
  return entity?.fields.find((field) => field.primary)?.name ?? 'id';
}

/**
 * The columns a relation's name decides, as src/passes/relations/relation-keys.ts derives them: a belongsTo's
 * foreign key (`author` -> `author_id`), a morphTo's `_type` and `_id`, and the related column of the pivot of a
 * belongsToMany of an entity with itself (`friends` -> `friend_id`). Other pivots are named after the two classes
 * (Model::joiningTable()) and other kinds keep their keys on the other table, under the name of the belongsTo
 * they pair with: their names decide no column.
 */
export function columnsNamedBy(model: SourceModel, owner: SourceEntity, relation: SourceRelation, name: string): string[] {
  const target = model.entities.find((entity) => entity.name === relation.target);
  if (relation.kind === 'belongsTo') return [`${snake(name)}_${keyColumn(target)}`];
  if (relation.kind === 'morphTo') return [`${snake(name)}_type`, `${snake(name)}_id`];
  if (relation.kind === 'belongsToMany' && relation.target === owner.name) return [`${snake(singular(name))}_${keyColumn(target)}`];
  return [];
}

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
export function migratedRelationRefusal(model: SourceModel, owner: SourceEntity, relation: SourceRelation, recorded: SourceModel | undefined): string | undefined {
  const migrated = recorded?.entities.find((entity) => entity.name === owner.name)?.relations.some((candidate) => candidate.name === relation.name) === true;
  // A belongsToMany's column is its pivot's, which one of an entity with itself must name.
  const table = relation.kind === 'belongsToMany' ? (relation.pivot ?? 'its pivot') : owner.name;
  const columns = migrated ? columnsNamedBy(model, owner, relation, relation.name).map((column) => `${table}.${column}`) : [];
  if (columns.length === 0) return undefined;
  const named = columns.length === 1 ? `the column ${columns.join('')}, which the project has migrated, and the links it holds` : `the columns ${columns.join(', ')}, which the project has migrated, and the links they hold`;
  return `renaming ${owner.name}.${relation.name} would make the next make drop ${named}: relations have no renamed_from; rename the column in a migration of your own first`;
}

/**
 * A relation renamed at `range`, where it is named, and each column its name decides renamed where the document
 * writes it: its entity's index lists and rules, a diagram's foreign key attribute.
 */
export function relationRenameEdits(analysis: Analysis, model: SourceModel, owner: SourceEntity, relation: SourceRelation, range: Range, newName: string): TextEdit[] {
  const after = columnsNamedBy(model, owner, relation, newName);
  const lines = entityLines(analysis, owner);
  // A pivot's column is written nowhere in the entity's declaration.
  const ownColumns = relation.kind === 'belongsToMany' ? [] : columnsNamedBy(model, owner, relation, relation.name);
  const columns = ownColumns.flatMap((column, index) => renamedWords(analysis, lines, column, after[index] ?? column));
  return [{ range, newText: newName }, ...columns];
}
