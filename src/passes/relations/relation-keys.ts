import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { Entity, ForeignKey, MorphOwner, OnDelete, Pivot, Relation } from '../../ir/ir.generated.js';
import { camel, snake } from '../naming/str.js';
import { conventionalPivotTable, pivotClashes, pivotColumns, pivotsOf } from './pivots.js';
import { byClassName, inverseOf } from './relation-pairs.js';

/**
 * The columns behind each relation, named as Laravel's relation methods name them by default:
 * - belongsTo: `snake(relation)_<parent key>` on this table (`category_id`, `country_code`), typed like the key;
 *   required, unless the relation (or the one it pairs with) is nullable, or it references its own entity, which
 *   the first row cannot fill; with the delete rule in force (deleteRule), also on the hasOne/hasMany paired;
 * - hasOne/hasMany: the foreign key of the belongsTo they pair with;
 * - belongsToMany: the pivot `<snake a>_<snake b>` (sorted, as Model::joiningTable()) unless one was named,
 *   with `snake(class)_<key>` columns;
 * - morphTo: `<snake(name)>_type` and `_id`, nullable, for the generated requests do not fill them.
 */
export function relationKeys(entities: readonly Entity[]): { entities: Entity[]; pivots: Pivot[]; diagnostics: Diagnostic[] } {
  const classes = byClassName(entities);
  const diagnostics: Diagnostic[] = [];
  const keyed = entities.map((entity) => {
    const relations = entity.relations.map((relation) => {
      const target = relation.target === undefined ? undefined : classes.get(relation.target);
      const result = keysOf(entity, relation, target, classes);
      diagnostics.push(...result.diagnostics);
      return result.relation;
    });
    const foreignKeys = relations.flatMap((relation) => foreignKeyOf(entity, relation, classes));
    const morphs = relations.flatMap((relation) => (relation.kind === 'morphTo' && relation.morphName !== undefined ? [relation.morphName] : []));
    diagnostics.push(...columnClashes(entity, relations));
    return { ...entity, relations, foreignKeys, morphs };
  });
  const pivots = pivotsOf(entities);
  diagnostics.push(...pivotClashes(pivots, keyed));
  return { entities: keyed, pivots, diagnostics };
}

function keysOf(owner: Entity, relation: Relation, target: Entity | undefined, classes: ReadonlyMap<string, Entity>): { relation: Relation; diagnostics: Diagnostic[] } {
  if (relation.kind === 'morphTo') return { relation: { ...relation, morphName: snake(relation.name), morphOwners: morphOwnersOf(owner, relation, classes) }, diagnostics: [] };
  if (target === undefined) return unpaired(owner, relation);
  switch (relation.kind) {
    case 'belongsTo': {
      const ownerKey = target.primaryKey.column;
      const keyed = { ...relation, foreignKey: belongsToColumn(relation, target), ownerKey, onDelete: deleteRule(relation, owner === target) };
      return { relation: keyed, diagnostics: deleteRuleProblems(owner, keyed, owner === target) };
    }
    case 'hasOne':
    case 'hasMany': {
      const inverse = inverseOf(owner, relation, target);
      if (!('found' in inverse)) return unpaired(owner, relation);
      const onDelete = deleteRule(inverse.found, owner === target);
      return { relation: { ...relation, foreignKey: belongsToColumn(inverse.found, owner), ownerKey: owner.primaryKey.column, onDelete }, diagnostics: [] };
    }
    case 'belongsToMany': {
      const [own, related] = pivotColumns(owner, relation, target);
      const pivotTable = relation.pivotTable ?? conventionalPivotTable(owner.naming.snake, target.naming.snake);
      const relatedKey = { table: target.naming.table, column: target.primaryKey.column, fieldType: target.primaryKey.fieldType };
      return { relation: { ...relation, pivotTable, foreignPivotKey: own, relatedPivotKey: related, relatedKey }, diagnostics: [] };
    }
    case 'morphOne':
    case 'morphMany':
      return morphKeysOf(owner, relation, target);
  }
}

/** The entities whose morphOne or morphMany pairs with the morphTo: what its `_type` column may name. */
function morphOwnersOf(child: Entity, morphTo: Relation, classes: ReadonlyMap<string, Entity>): MorphOwner[] {
  return [...classes.values()].flatMap((owner) => {
    const pairs = owner.relations.some((relation) => {
      if ((relation.kind !== 'morphOne' && relation.kind !== 'morphMany') || relation.target !== child.naming.className) return false;
      const inverse = inverseOf(owner, relation, child);
      return 'found' in inverse && inverse.found.name === morphTo.name;
    });
    return pairs ? [{ className: owner.naming.className, table: owner.naming.table, key: owner.primaryKey.column, snake: owner.naming.snake }] : [];
  });
}

/** The synthesis pass pairs every relation; reaching here without a pair is a bug, not a user error. */
function unpaired(owner: Entity, relation: Relation): { relation: Relation; diagnostics: Diagnostic[] } {
  const message = `${owner.naming.className}.${relation.name} reached the keys pass without its target or inverse`;
  return { relation, diagnostics: [error('internal_error', message, relation.span)] };
}

/** A row referencing its own table needs a first row that references none. */
function isNullableBelongsTo(belongsTo: Relation, selfReference: boolean): boolean {
  return selfReference || belongsTo.nullable === true;
}

/**
 * The declared delete rule, else the one that loses no row silently: a child that may have no parent keeps
 * its row with a null key (set_null), one that must have a parent stops the parent's deletion (restrict).
 */
function deleteRule(belongsTo: Relation, selfReference: boolean): OnDelete {
  return belongsTo.onDelete ?? (isNullableBelongsTo(belongsTo, selfReference) ? 'set_null' : 'restrict');
}

function deleteRuleProblems(owner: Entity, belongsTo: Relation, selfReference: boolean): Diagnostic[] {
  if (belongsTo.onDelete !== 'set_null' || isNullableBelongsTo(belongsTo, selfReference)) return [];
  return [
    error(
      'invalid_relation',
      `on_delete set_null empties ${owner.naming.className}.${belongsTo.foreignKey ?? belongsTo.name} when its parent goes, but the column is not nullable`,
      belongsTo.span,
      'make the relation nullable, or choose cascade or restrict',
    ),
  ];
}

/** BelongsTo's default foreign key: `Str::snake($relation).'_'.$related->getKeyName()`. */
function belongsToColumn(belongsTo: Relation, parent: Entity): string {
  return `${snake(belongsTo.name)}_${parent.primaryKey.column}`;
}

/** nullableMorphs() makes an integer `_id` column: a parent must have an integer key to fit in it. */
function morphKeysOf(owner: Entity, relation: Relation, target: Entity): { relation: Relation; diagnostics: Diagnostic[] } {
  const inverse = inverseOf(owner, relation, target);
  if (!('found' in inverse)) return unpaired(owner, relation);
  const morphName = snake(inverse.found.name);
  const keyed = { ...relation, morphName };
  if (owner.primaryKey.keyType === 'int') return { relation: keyed, diagnostics: [] };
  const { className } = owner.naming;
  const key = owner.primaryKey;
  const column = `${target.naming.className}.${morphName}_id`;
  return {
    relation: keyed,
    diagnostics: [
      error(
        'invalid_relation',
        `${className}.${relation.name} stores ${className}'s key in ${column}, an integer column, but that key (${key.column}) is a ${key.fieldType}`,
        relation.span,
        'morph relations need parents with an integer key',
      ),
    ],
  };
}

function foreignKeyOf(owner: Entity, relation: Relation, classes: ReadonlyMap<string, Entity>): ForeignKey[] {
  const parent = relation.target === undefined ? undefined : classes.get(relation.target);
  if (relation.kind !== 'belongsTo' || parent === undefined || relation.foreignKey === undefined) return [];
  const foreignKey: ForeignKey = {
    column: relation.foreignKey,
    fieldType: parent.primaryKey.fieldType,
    referencesTable: parent.naming.table,
    referencesColumn: parent.primaryKey.column,
    nullable: isNullableBelongsTo(relation, parent === owner),
    relation: relation.name,
    onDelete: deleteRule(relation, parent === owner),
  };
  const hasOne = parentHasOne(owner, relation, parent);
  if (hasOne !== undefined) foreignKey.parentHasOne = hasOne.name;
  return [foreignKey];
}

/** The hasOne of the parent that pairs with this belongsTo of `owner`, when the two are a one to one. */
function parentHasOne(owner: Entity, belongsTo: Relation, parent: Entity): Relation | undefined {
  return parent.relations.find((relation) => {
    if (relation.kind !== 'hasOne' || relation.target !== owner.naming.className) return false;
    const inverse = inverseOf(parent, relation, owner);
    return 'found' in inverse && inverse.found.name === belongsTo.name;
  });
}

/** The columns each relation adds to its own table: a belongsTo's foreign key, a morphTo's type and id. */
function addedColumns(relation: Relation): string[] {
  if (relation.kind === 'belongsTo' && relation.foreignKey !== undefined) return [relation.foreignKey];
  if (relation.kind === 'morphTo' && relation.morphName !== undefined) return [`${relation.morphName}_type`, `${relation.morphName}_id`];
  return [];
}

/** The columns the relations add must not be fields too: the migration would create them twice. */
function columnClashes(entity: Entity, relations: readonly Relation[]): Diagnostic[] {
  const seen = new Map<string, string>(entity.fields.map((field) => [camel(field.name).toLowerCase(), `the field ${field.name}`]));
  return relations.flatMap((relation) =>
    addedColumns(relation).flatMap((column) => {
      // The DTO names its properties in camel case, so `category_id` and `categoryId` would collide there.
      const folded = camel(column).toLowerCase();
      const earlier = seen.get(folded);
      seen.set(folded, `the column ${column} of the relation ${relation.name}`);
      if (earlier === undefined) return [];
      return [
        error(
          'duplicate_field',
          `${entity.naming.className}.${relation.name} needs the column ${column}, which clashes with ${earlier}`,
          relation.span,
          'the relation creates its own column: remove the field, or rename the relation',
        ),
      ];
    }),
  );
}
