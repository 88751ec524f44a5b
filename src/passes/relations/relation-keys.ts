import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { DeclaredRelation, Entity, ForeignKey, MorphOwner, OnDelete, Pivot, Relation } from '../../ir/ir.generated.js';
import { camel, snake } from '../naming/str.js';
import { conventionalPivotTable, pivotClashes, pivotColumns, pivotsOf } from './pivots.js';
import { byClassName, inverseOf } from './relation-pairs.js';
import type { RelatingEntity } from './relating-entity.js';

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
export function relationKeys(entities: readonly RelatingEntity[]): { entities: Entity[]; pivots: Pivot[]; diagnostics: Diagnostic[] } {
  const classes = byClassName(entities);
  const diagnostics: Diagnostic[] = [];
  const keyed = entities.map((entity): Entity => {
    const relations = entity.relations.flatMap((relation) => {
      const target = relation.target === undefined ? undefined : classes.get(relation.target);
      const result = keysOf(entity, relation, target, classes);
      diagnostics.push(...result.diagnostics);
      return result.relation === undefined ? [] : [result.relation];
    });
    const foreignKeys = relations.flatMap((relation) => foreignKeyOf(entity, relation, classes));
    const morphs = relations.flatMap((relation) => (relation.kind === 'morphTo' ? [relation.morphName] : []));
    diagnostics.push(...columnClashes(entity, relations));
    return { ...entity, relations, foreignKeys, morphs };
  });
  const pivots = pivotsOf(entities);
  diagnostics.push(...pivotClashes(pivots, keyed));
  return { entities: keyed, pivots, diagnostics };
}

type Keyed = { relation?: Relation; diagnostics: Diagnostic[] };

function keysOf(owner: RelatingEntity, relation: DeclaredRelation, target: RelatingEntity | undefined, classes: ReadonlyMap<string, RelatingEntity>): Keyed {
  const { name, synthesized, span } = relation;
  if (relation.kind === 'morphTo') {
    return { relation: { name, kind: 'morphTo', morphName: snake(name), morphOwners: morphOwnersOf(owner, relation, classes), synthesized, span }, diagnostics: [] };
  }
  if (target === undefined || relation.target === undefined) return unpaired(owner, relation);
  const nullable = relation.nullable === true ? { nullable: true } : {};
  switch (relation.kind) {
    case 'belongsTo': {
      const onDelete = deleteRule(relation, owner === target);
      const keyed: Relation = { name, kind: 'belongsTo', target: relation.target, foreignKey: belongsToColumn(relation, target), ownerKey: target.primaryKey.column, ...nullable, onDelete, ...(relation.owner === true ? { owner: true } : {}), synthesized, span };
      return { relation: keyed, diagnostics: deleteRuleProblems(owner, relation, onDelete, owner === target) };
    }
    case 'hasOne':
    case 'hasMany': {
      const inverse = inverseOf(owner, relation, target);
      if (!('found' in inverse)) return unpaired(owner, relation);
      const onDelete = deleteRule(inverse.found, owner === target);
      const foreignKey = belongsToColumn(inverse.found, owner);
      return { relation: { name, kind: relation.kind, target: relation.target, foreignKey, ownerKey: owner.primaryKey.column, ...nullable, onDelete, synthesized, span }, diagnostics: [] };
    }
    case 'belongsToMany': {
      const [foreignPivotKey, relatedPivotKey] = pivotColumns(owner, relation, target);
      const pivotTable = relation.pivotTable ?? conventionalPivotTable(owner.naming.snake, target.naming.snake);
      const relatedKey = { table: target.naming.table, column: target.primaryKey.column, fieldType: target.primaryKey.fieldType };
      return { relation: { name, kind: 'belongsToMany', target: relation.target, pivotTable, foreignPivotKey, relatedPivotKey, relatedKey, synthesized, span }, diagnostics: [] };
    }
    case 'morphOne':
    case 'morphMany':
      return morphKeysOf(owner, relation, relation.kind, relation.target, target);
  }
}

/** The entities whose morphOne or morphMany pairs with the morphTo: what its `_type` column may name. */
function morphOwnersOf(child: RelatingEntity, morphTo: DeclaredRelation, classes: ReadonlyMap<string, RelatingEntity>): MorphOwner[] {
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
function unpaired(owner: RelatingEntity, relation: DeclaredRelation): Keyed {
  const message = `${owner.naming.className}.${relation.name} reached the keys pass without its target or inverse`;
  return { diagnostics: [error('internal_error', message, relation.span)] };
}

/** A row referencing its own table needs a first row that references none. */
function isNullableBelongsTo(belongsTo: { nullable?: boolean }, selfReference: boolean): boolean {
  return selfReference || belongsTo.nullable === true;
}

/**
 * The declared delete rule, else the one that loses no row silently: a child that may have no parent keeps
 * its row with a null key (set_null), one that must have a parent stops the parent's deletion (restrict).
 */
function deleteRule(belongsTo: DeclaredRelation, selfReference: boolean): OnDelete {
  return belongsTo.onDelete ?? (isNullableBelongsTo(belongsTo, selfReference) ? 'set_null' : 'restrict');
}

function deleteRuleProblems(owner: RelatingEntity, belongsTo: DeclaredRelation, onDelete: OnDelete, selfReference: boolean): Diagnostic[] {
  if (onDelete !== 'set_null' || isNullableBelongsTo(belongsTo, selfReference)) return [];
  return [
    error(
      'invalid_relation',
      `on_delete set_null empties ${owner.naming.className}.${belongsToColumn(belongsTo, owner)} when its parent goes, but the column is not nullable`,
      belongsTo.span,
      'make the relation nullable, or choose cascade or restrict',
    ),
  ];
}

/** BelongsTo's default foreign key: `Str::snake($relation).'_'.$related->getKeyName()`. */
function belongsToColumn(belongsTo: DeclaredRelation, parent: RelatingEntity): string {
  return `${snake(belongsTo.name)}_${parent.primaryKey.column}`;
}

/** nullableMorphs() makes an integer `_id` column: a parent must have an integer key to fit in it. */
function morphKeysOf(owner: RelatingEntity, relation: DeclaredRelation, kind: 'morphOne' | 'morphMany', targetClass: string, target: RelatingEntity): Keyed {
  const inverse = inverseOf(owner, relation, target);
  if (!('found' in inverse)) return unpaired(owner, relation);
  const morphName = snake(inverse.found.name);
  const keyed: Relation = { name: relation.name, kind, target: targetClass, morphName, synthesized: relation.synthesized, span: relation.span };
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

function foreignKeyOf(owner: RelatingEntity, relation: Relation, classes: ReadonlyMap<string, RelatingEntity>): ForeignKey[] {
  if (relation.kind !== 'belongsTo') return [];
  const parent = classes.get(relation.target);
  if (parent === undefined) return [];
  const foreignKey: ForeignKey = {
    column: relation.foreignKey,
    fieldType: parent.primaryKey.fieldType,
    referencesTable: parent.naming.table,
    referencesColumn: parent.primaryKey.column,
    nullable: isNullableBelongsTo(relation, parent === owner),
    relation: relation.name,
    onDelete: relation.onDelete,
  };
  const hasOne = parentHasOne(owner, relation, parent);
  if (hasOne !== undefined) foreignKey.parentHasOne = hasOne.name;
  return [foreignKey];
}

/** The hasOne of the parent that pairs with this belongsTo of `owner`, when the two are a one to one. */
function parentHasOne(owner: RelatingEntity, belongsTo: Relation, parent: RelatingEntity): DeclaredRelation | undefined {
  return parent.relations.find((relation) => {
    if (relation.kind !== 'hasOne' || relation.target !== owner.naming.className) return false;
    const inverse = inverseOf(parent, relation, owner);
    return 'found' in inverse && inverse.found.name === belongsTo.name;
  });
}

/** The columns each relation adds to its own table: a belongsTo's foreign key, a morphTo's type and id. */
function addedColumns(relation: Relation): string[] {
  if (relation.kind === 'belongsTo') return [relation.foreignKey];
  if (relation.kind === 'morphTo') return [`${relation.morphName}_type`, `${relation.morphName}_id`];
  return [];
}

/** The columns the relations add must not be fields too: the migration would create them twice. */
function columnClashes(entity: RelatingEntity, relations: readonly Relation[]): Diagnostic[] {
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
