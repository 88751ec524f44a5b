import type { CheckedModel, SourceEntity, SourceModel, SourceRelation } from '../ir/ir.generated.js';
import { checkModel } from '../passes/check.js';

/**
 * The migrated columns that hold an entity's key, as `Class.column` (a pivot's as `table.column`): the foreign
 * keys to it and its pivots' columns, which the passes name after the key (`country_code`, `tag_slug`). The
 * project's class_data.json (`recorded`) is checked as the passes check an input, to name them as make did.
 */
export function columnsHoldingKey(recorded: SourceModel, className: string): string[] {
  const migrated = checkModel(recorded).model;
  const table = migrated?.entities.find((entity) => entity.naming.className === className)?.naming.table;
  if (migrated === undefined || table === undefined) return [];
  const keys = migrated.entities.flatMap((entity) => entity.foreignKeys.filter((key) => key.referencesTable === table).map((key) => `${entity.naming.className}.${key.column}`));
  const pivots = migrated.pivots.flatMap((pivot) => pivot.sides.filter((side) => side.entity === className).map((side) => `${pivot.table}.${side.column}`));
  return [...keys, ...pivots];
}

/** A column a relation's name decides, on its table (`Post`, or a pivot table's name). */
export interface NamedColumn {
  table: string;
  column: string;
}

/**
 * The columns a relation's name decides, as the passes named them in `checked` (src/passes/relations/relation-keys.ts):
 * a belongsTo's foreign key (`author` -> `author_id`), a morphTo's `_type` and `_id`, and the related column of the
 * pivot of a belongsToMany of an entity with itself (`friends` -> `friend_id`). Other pivots are named after the two
 * classes, and other kinds keep their keys on the other table under the name of the belongsTo they pair with.
 */
export function columnsOfRelation(checked: CheckedModel | undefined, className: string, relationName: string): NamedColumn[] {
  const relation = checked?.entities.find((entity) => entity.naming.className === className)?.relations.find((candidate) => candidate.name === relationName);
  switch (relation?.kind) {
    case 'belongsTo':
      return [{ table: className, column: relation.foreignKey }];
    case 'morphTo':
      return [`${relation.morphName}_type`, `${relation.morphName}_id`].map((column) => ({ table: className, column }));
    case 'belongsToMany':
      return relation.target === className ? [{ table: relation.pivotTable, column: relation.relatedPivotKey }] : [];
    default:
      return [];
  }
}

/**
 * The model with one relation of `owner` named `newName`, checked as make would check it; none when it has
 * errors. The owner's index lists are left out: they still name the columns under the old name, and decide none.
 */
export function checkedWithRelationNamed(model: SourceModel, owner: SourceEntity, relation: SourceRelation, newName: string): CheckedModel | undefined {
  const entities = model.entities.map((entity) => {
    if (entity !== owner) return entity;
    const { indexes: _written, ...renamed } = entity;
    return { ...renamed, relations: entity.relations.map((candidate) => (candidate === relation ? { ...candidate, name: newName } : candidate)) };
  });
  return checkModel({ ...model, entities }).model;
}
