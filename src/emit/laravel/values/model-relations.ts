import type { BelongsToManyRelation, Entity, Relation, RelationKind } from '../../../ir/ir.generated.js';
import { relationTarget } from '../../../ir/relations.js';
import { snake } from '../../../passes/naming/str.js';
import { conventionalPivotTable } from '../../../passes/relations/pivots.js';
import { phpString } from './php-literals.js';
import { foreignKeyOf } from './relation-columns.js';
import type { RelationMethod, TypedName } from './stub-values/model.js';

/**
 * The relation methods of a model, typed as Laravel 12's own relations are generic (`BelongsTo<Category,
 * $this>`, Larastan's style), and their `@property-read` tags. Keys and pivots are passed only where they
 * differ from what Eloquent derives by itself, so the usual case reads like the documentation.
 */

const RELATIONS_NAMESPACE = 'Illuminate\\Database\\Eloquent\\Relations';
const COLLECTION = 'Illuminate\\Database\\Eloquent\\Collection';

/** The relation class each method returns, in Illuminate\Database\Eloquent\Relations. */
const RELATION_CLASS: Readonly<Record<RelationKind, string>> = {
  belongsTo: 'BelongsTo',
  hasOne: 'HasOne',
  hasMany: 'HasMany',
  belongsToMany: 'BelongsToMany',
  morphTo: 'MorphTo',
  morphOne: 'MorphOne',
  morphMany: 'MorphMany',
};

/** What reading the relation as a property gives: one model (or none), or a collection. */
const READS_MANY: Readonly<Record<RelationKind, boolean>> = {
  belongsTo: false,
  hasOne: false,
  hasMany: true,
  belongsToMany: true,
  morphTo: false,
  morphOne: false,
  morphMany: true,
};

export function readsMany(kind: RelationKind): boolean {
  return READS_MANY[kind];
}

export function relationImports(entity: Entity): string[] {
  const classes = entity.relations.map((relation) => `${RELATIONS_NAMESPACE}\\${RELATION_CLASS[relation.kind]}`);
  const readsMany = entity.relations.some((relation) => READS_MANY[relation.kind]);
  return [...classes, ...(readsMany ? [COLLECTION] : [])];
}

/** What reading each relation as a property gives: `Category $category`, `Collection<int, Post> $posts`, `Model|null $commentable`. */
export function relationReadTags(entity: Entity): TypedName[] {
  return entity.relations.map((relation) => ({ type: readType(entity, relation), name: relation.name }));
}

function readType(entity: Entity, relation: Relation): string {
  // A morphTo's parent may be of any class.
  const related = relationTarget(relation) ?? 'Model';
  if (READS_MANY[relation.kind]) return `Collection<int, ${related}>`;
  const required = relation.kind === 'belongsTo' && foreignKeyOf(entity, relation.name)?.nullable === false;
  return required ? related : `${related}|null`;
}

export function relationMethods(entity: Entity): RelationMethod[] {
  return entity.relations.map((relation) => ({
    name: relation.name,
    relationClass: RELATION_CLASS[relation.kind],
    // A morphTo's parent may be of any class.
    related: relationTarget(relation) ?? 'Model',
    kind: relation.kind,
    arguments: relationArguments(entity, relation),
  }));
}

function relationArguments(entity: Entity, relation: Relation): string[] {
  switch (relation.kind) {
    case 'belongsTo':
      // BelongsTo's default foreign key is `snake(method)_<parent key>`.
      return [`${relation.target}::class`, ...unlessDefault(relation.foreignKey, `${snake(relation.name)}_${relation.ownerKey}`)];
    case 'hasOne':
    case 'hasMany':
      // HasOne/HasMany default to Model::getForeignKey(): `snake(class)_<key>` of this model.
      return [`${relation.target}::class`, ...unlessDefault(relation.foreignKey, `${entity.naming.snake}_${entity.primaryKey.column}`)];
    case 'belongsToMany':
      return [`${relation.target}::class`, ...pivotArguments(entity, relation)];
    case 'morphOne':
    case 'morphMany':
      return [`${relation.target}::class`, phpString(relation.morphName)];
    case 'morphTo':
      // morphTo() names its columns after the method, as the relations pass does.
      return [];
  }
}

function unlessDefault(value: string, laravelDefault: string): string[] {
  return value === laravelDefault ? [] : [phpString(value)];
}

/**
 * The pivot table when it is not Model::joiningTable()'s; both pivot columns too for an entity related to
 * itself, where Eloquent's defaults would name the same column twice. Otherwise the relations pass names the
 * columns as Eloquent does (`snake(class)_<key>`).
 */
function pivotArguments(entity: Entity, relation: BelongsToManyRelation): string[] {
  const selfReference = relation.target === entity.naming.className;
  if (!selfReference && relation.pivotTable === conventionalPivotTable(entity.naming.snake, snake(relation.target))) return [];
  const table = phpString(relation.pivotTable);
  if (!selfReference) return [table];
  return [table, phpString(relation.foreignPivotKey), phpString(relation.relatedPivotKey)];
}
