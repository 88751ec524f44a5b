import type { Relation } from '../../src/ir/ir.generated.js';

/** What the keys pass gave a relation, whichever its kind: for tests that compare the relations of an entity at once. */
export function keysOf(relation: Relation): { foreignKey?: string; ownerKey?: string; onDelete?: string; pivotTable?: string; foreignPivotKey?: string; relatedPivotKey?: string; morphName?: string } {
  switch (relation.kind) {
    case 'belongsTo':
    case 'hasOne':
    case 'hasMany':
      return { foreignKey: relation.foreignKey, ownerKey: relation.ownerKey, onDelete: relation.onDelete };
    case 'belongsToMany':
      return { pivotTable: relation.pivotTable, foreignPivotKey: relation.foreignPivotKey, relatedPivotKey: relation.relatedPivotKey };
    case 'morphTo':
    case 'morphOne':
    case 'morphMany':
      return { morphName: relation.morphName };
  }
}
