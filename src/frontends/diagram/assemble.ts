import { error, warningAt, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { OnDelete, SourceEntity, SourceField, SourceModel, SourceRelation, Span } from '../../ir/ir.generated.js';
import { boundsProblem, boundValue, FIELD_BOUNDS, type FieldBound } from '../../ir/field-bounds.js';
import { camel, snake } from '../../passes/naming/str.js';
import { belongsToNameFor } from '../../passes/relations/relation-pairs.js';
import { readDefault, type FieldModifiers } from './field-modifiers.js';
import type { DiagramFieldType } from './field-types.js';
import { relationNameFor, selfOneToOneNames, type DeclaredKind } from './multiplicity.js';

/**
 * What both diagram kinds lower into before the model is assembled: entities with their attributes read
 * (types and modifiers checked, nothing decided yet) and the relations each declares. Assembling decides
 * what each attribute is, which needs the relations: a column a relation creates is covered by it.
 */
export interface DiagramAttribute {
  /** The column name. */
  name: string;
  span: Span;
  /** Absent when the type word was wrong (already reported). */
  typed?: DiagramFieldType;
  modifiers: FieldModifiers;
  /** erDiagram's `FK` key: the column must be one a relation creates. */
  foreignKey: boolean;
}

export interface DiagramRelation {
  kind: DeclaredKind;
  /** The target's model class. */
  target: string;
  /** The pair's foreign key may be null: the parent's marker says zero or one. */
  nullable: boolean;
  /** Neither side is many: the kind says which side has the foreign key. */
  oneToOne: boolean;
  /** The text the diagram writes on the relationship, as written; it names only what a target cannot. */
  label?: string;
  /** Where the label is written, when the grammar says; else the relationship's span stands for it. */
  labelSpan?: Span;
  span: Span;
}

export interface DiagramEntity {
  className: string;
  span: Span;
  attributes: DiagramAttribute[];
  relations: DiagramRelation[];
  parent?: string;
}

/** Columns every generated table has: `id()` and `timestamps()`. */
const TIMESTAMP_COLUMNS = ['created_at', 'updated_at'];
const SOFT_DELETE_COLUMN = 'deleted_at';
const INCREMENTING_KEY = 'id';

export function assembleModel(entities: readonly DiagramEntity[]): { model: SourceModel; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const keyColumns = new Map(entities.map((entity) => [entity.className, keyColumnOf(entity)]));
  const covered = coveredColumns(entities, keyColumns);
  const keyWords = foreignKeyWords(entities, covered, diagnostics);
  const sourceEntities = entities.map((entity): SourceEntity => {
    const fields: SourceField[] = [];
    let softDeletes = false;
    for (const attribute of entity.attributes) {
      const role = roleOf(attribute, covered.get(entity.className));
      if (role === 'softDeletes') softDeletes = true;
      if (role === 'unmatchedForeignKey') diagnostics.push(unmatchedForeignKey(entity, attribute, covered.get(entity.className)));
      if (role !== 'field' && role !== 'unmatchedForeignKey' && attribute.modifiers.renamedFromWord !== undefined) {
        diagnostics.push(renamedColumnOfItsOwn(entity, attribute, attribute.modifiers.renamedFromWord.span));
      }
      if (role !== 'field' || attribute.typed === undefined) continue;
      const field = fieldOf(attribute, attribute.typed, diagnostics);
      if (field !== undefined) fields.push(field);
    }
    const relations = relationsOf(entity, keyWords, diagnostics);
    return { name: entity.className, fields, relations, softDeletes, span: entity.span, ...(entity.parent === undefined ? {} : { parent: entity.parent }) };
  });
  return { model: { entities: sourceEntities }, diagnostics };
}

/** The key a belongsTo to this entity references: its primary key attribute, else Laravel's `id`. */
function keyColumnOf(entity: DiagramEntity): string {
  return entity.attributes.find((attribute) => isPrimary(attribute))?.name ?? INCREMENTING_KEY;
}

/** `id` of a whole-number type is the `id()` every table gets; of any other type (a uuid) it is a chosen key. */
function isIncrementingKey(attribute: DiagramAttribute): boolean {
  return attribute.name === INCREMENTING_KEY && (attribute.typed === undefined || attribute.typed.type === 'integer' || attribute.typed.type === 'bigint');
}

function isPrimary(attribute: DiagramAttribute): boolean {
  if (isIncrementingKey(attribute)) return false;
  return attribute.modifiers.primary || attribute.name === INCREMENTING_KEY;
}

/** The foreign key columns the relations will create, per entity, each with the relation that creates it (the keys pass names them the same way). */
function coveredColumns(entities: readonly DiagramEntity[], keyColumns: ReadonlyMap<string, string>): Map<string, Map<string, DiagramRelation>> {
  const covered = new Map(entities.map((entity) => [entity.className, new Map<string, DiagramRelation>()]));
  const cover = (className: string, column: string, relation: DiagramRelation) => {
    const columns = covered.get(className);
    if (columns !== undefined && !columns.has(column)) columns.set(column, relation);
  };
  for (const entity of entities) {
    for (const relation of entity.relations) {
      const parentKey = (parent: string) => keyColumns.get(parent) ?? INCREMENTING_KEY;
      if (isSelfOneToOne(entity.className, relation)) {
        cover(entity.className, `${snake(selfOneToOneNames(relation.label).belongsTo)}_${parentKey(entity.className)}`, relation);
      } else if (relation.kind === 'belongsTo') {
        cover(entity.className, `${snake(relationNameFor('belongsTo', relation.target))}_${parentKey(relation.target)}`, relation);
      } else if (relation.kind === 'hasMany' || relation.kind === 'hasOne') {
        cover(relation.target, `${snake(belongsToNameFor(entity.className))}_${parentKey(entity.className)}`, relation);
      }
    }
  }
  return covered;
}

/** What a foreign key column's modifiers say of the belongsTo behind it (field-modifiers.ts). */
interface ForeignKeyWords {
  onDelete?: OnDelete;
  owner?: true;
}

/**
 * The `on_delete=<rule>` and `owner` written on foreign key columns, by the relationship that creates each column;
 * on any other column they are an error, for they would say nothing there.
 */
function foreignKeyWords(
  entities: readonly DiagramEntity[],
  covered: ReadonlyMap<string, ReadonlyMap<string, DiagramRelation>>,
  diagnostics: Diagnostic[],
): Map<DiagramRelation, ForeignKeyWords> {
  const words = new Map<DiagramRelation, ForeignKeyWords>();
  for (const entity of entities) {
    const columns = covered.get(entity.className);
    for (const attribute of entity.attributes) {
      const { onDelete, ownerSpan } = attribute.modifiers;
      if (onDelete === undefined && ownerSpan === undefined) continue;
      const relation = columns?.get(attribute.name);
      if (relation !== undefined) {
        words.set(relation, { ...(onDelete === undefined ? {} : { onDelete: onDelete.rule }), ...(ownerSpan === undefined ? {} : { owner: true }) });
      } else if (roleOf(attribute, columns) !== 'unmatchedForeignKey') {
        diagnostics.push(notAForeignKey(entity, attribute, (onDelete?.span ?? ownerSpan) as Span, columns));
      }
    }
  }
  return words;
}

function notAForeignKey(entity: DiagramEntity, attribute: DiagramAttribute, span: Span, covered: ReadonlyMap<string, DiagramRelation> | undefined): Diagnostic {
  const created = [...(covered?.keys() ?? [])];
  const instead = created.length === 0 ? 'no relationship gives it a foreign key' : `its relationships create ${created.join(', ')}`;
  return error(
    'foreign_key_without_relation',
    `${entity.className}.${attribute.name} is no foreign key column, and on_delete and owner say what happens to one: ${instead}`,
    span,
    'write them on the column a relationship creates, e.g. customer_id for a relationship to CUSTOMER',
  );
}

type AttributeRole = 'implicit' | 'softDeletes' | 'covered' | 'unmatchedForeignKey' | 'field';

function roleOf(attribute: DiagramAttribute, covered: ReadonlyMap<string, DiagramRelation> | undefined): AttributeRole {
  if (isIncrementingKey(attribute) || TIMESTAMP_COLUMNS.includes(attribute.name)) return 'implicit';
  if (attribute.name === SOFT_DELETE_COLUMN) return 'softDeletes';
  if (covered?.has(attribute.name) === true) return 'covered';
  return attribute.foreignKey ? 'unmatchedForeignKey' : 'field';
}

function unmatchedForeignKey(entity: DiagramEntity, attribute: DiagramAttribute, covered: ReadonlyMap<string, DiagramRelation> | undefined): Diagnostic {
  const created = [...(covered?.keys() ?? [])];
  const instead = created.length === 0 ? 'no relationship gives it a foreign key' : `its relationships create ${created.join(', ')}`;
  return error(
    'foreign_key_without_relation',
    `${entity.className}.${attribute.name} is marked FK, but no relationship creates that column: ${instead}`,
    attribute.span,
    'name the column as its relationship does, or drop FK to keep it as a plain column',
  );
}

/** The key, the timestamps, deleted_at and the foreign keys are the relations' and the migration's own columns, not fields. */
function renamedColumnOfItsOwn(entity: DiagramEntity, attribute: DiagramAttribute, span: Span): Diagnostic {
  return error(
    'invalid_rename',
    `${entity.className}.${attribute.name} is a column the migration or a relation writes itself, not a field: renaming it is not supported`,
    span,
    'drop renamed_from; only a field of the entity can be renamed',
  );
}

function fieldOf(attribute: DiagramAttribute, typed: DiagramFieldType, diagnostics: Diagnostic[]): SourceField | undefined {
  const { modifiers } = attribute;
  const field: SourceField = {
    name: attribute.name,
    type: typed.type,
    nullable: modifiers.nullable,
    unique: modifiers.unique,
    primary: isPrimary(attribute),
    ...(modifiers.hidden ? { hidden: true } : {}),
    ...(modifiers.index ? { index: true } : {}),
    ...(modifiers.filterable ? { filterable: true } : {}),
    ...(modifiers.sortable ? { sortable: true } : {}),
    span: attribute.span,
  };
  if (typed.enumValues !== undefined) field.enumValues = typed.enumValues;
  if (typed.size !== undefined) field.size = typed.size;
  if (!boundsRead(field, modifiers, diagnostics)) return undefined;
  if (modifiers.renamedFromWord !== undefined) {
    field.renamedFrom = modifiers.renamedFromWord.text;
    field.renamedFromSpan = modifiers.renamedFromWord.span;
  }
  if (modifiers.defaultWord === undefined) return field;
  const read = readDefault(modifiers.defaultWord, { ...typed, name: field.name, nullable: field.nullable });
  for (const found of read.diagnostics) diagnostics.push(found);
  if (read.defaultValue === undefined) return undefined;
  field.defaultValue = read.defaultValue;
  return field;
}

/** The field's `min=` and `max=` modifiers, when they are numbers its type takes; false after reporting them. */
function boundsRead(field: SourceField, modifiers: FieldModifiers, diagnostics: Diagnostic[]): boolean {
  const written = FIELD_BOUNDS.flatMap((bound) => {
    const word = modifiers.boundWords?.[bound];
    return word === undefined ? [] : [{ bound, word, value: boundValue(word.text) }];
  });
  const unreadable = written.find((entry) => entry.value === undefined);
  if (unreadable !== undefined) {
    diagnostics.push(error('invalid_bounds', `${unreadable.bound}= of field "${field.name}" needs a number, e.g. ${unreadable.bound}=0`, unreadable.word.span));
    return false;
  }
  const values = Object.fromEntries(written.map(({ bound, value }) => [bound, value])) as Partial<Record<FieldBound, number>>;
  const problem = boundsProblem(field.type, values);
  const last = written[written.length - 1];
  if (problem !== undefined && last !== undefined) {
    diagnostics.push(error('invalid_bounds', `field "${field.name}": ${problem}`, last.word.span));
    return false;
  }
  Object.assign(field, values);
  return true;
}

/**
 * A label names a relation only where the entities cannot (an entity's one-to-one with itself): most diagrams label
 * with a verb (`places`, `contains`), which would make a poor method name. Said, so that no label goes unused unseen.
 */
function labelGoesUnused(className: string, relation: DiagramRelation, declared: readonly SourceRelation[]): boolean {
  const label = (relation.label ?? '').trim();
  // `fullapi diagram` labels each relationship with the relation's own name: that label says what it names.
  return label !== '' && !isSelfOneToOne(className, relation) && !declared.some((candidate) => candidate.name === camel(label));
}

function unusedLabel(className: string, relation: DiagramRelation, declared: readonly SourceRelation[]): Diagnostic {
  const names = declared.map((candidate) => `${className}::${candidate.name}()`).join(', ');
  return warningAt(
    'diagram_element_ignored',
    `the label "${relation.label ?? ''}" names no relation: a relationship is named after the entities it joins (${names})`,
    relation.labelSpan ?? relation.span,
    `to give the relation a name of your own, declare it in a schema file (relations: { ${camel(relation.label ?? '') || 'name'}: ${relation.kind} ${relation.target} })`,
  );
}

/** A one-to-one of an entity with itself: both sides are declared, named by the label. */
function isSelfOneToOne(className: string, relation: DiagramRelation): boolean {
  return relation.target === className && relation.oneToOne;
}

/**
 * The relations one diagram relationship declares: one, named after its target, whose inverse the relations
 * pass adds; or, for a one-to-one of an entity with itself, both sides, whose names the label gives.
 */
function declaredRelations(className: string, relation: DiagramRelation, keyWords: ForeignKeyWords): SourceRelation[] {
  const nullable = relation.nullable ? { nullable: true } : {};
  // On the relation whose foreign key it is: the belongsTo, or the hasOne or hasMany the relations pass pairs with one.
  const onForeignKey = { ...nullable, ...keyWords };
  if (isSelfOneToOne(className, relation)) {
    const names = selfOneToOneNames(relation.label);
    return [
      { name: names.belongsTo, kind: 'belongsTo', target: className, ...onForeignKey, span: relation.span },
      { name: names.hasOne, kind: 'hasOne', target: className, span: relation.span },
    ];
  }
  return [{ name: relationNameFor(relation.kind, relation.target), kind: relation.kind, target: relation.target, ...onForeignKey, span: relation.span }];
}

function relationsOf(entity: DiagramEntity, keyWords: ReadonlyMap<DiagramRelation, ForeignKeyWords>, diagnostics: Diagnostic[]): SourceRelation[] {
  const relations: SourceRelation[] = [];
  const first = new Map<string, DiagramRelation>();
  for (const relation of entity.relations) {
    const declared = declaredRelations(entity.className, relation, keyWords.get(relation) ?? {});
    const clash = declared.find((candidate) => first.has(candidate.name.toLowerCase()));
    const earlier = clash === undefined ? undefined : first.get(clash.name.toLowerCase());
    if (clash !== undefined && earlier !== undefined) {
      diagnostics.push(duplicateRelation(entity.className, relation, clash.name, earlier));
      continue;
    }
    for (const candidate of declared) first.set(candidate.name.toLowerCase(), relation);
    if (labelGoesUnused(entity.className, relation, declared)) diagnostics.push(unusedLabel(entity.className, relation, declared));
    if (relation.kind === 'belongsToMany' && relation.target === entity.className) {
      diagnostics.push(
        error(
          'self_pivot_without_name',
          `many ${entity.className} to many ${entity.className} needs a pivot table with two differently named columns, which a diagram cannot name`,
          relation.span,
          'declare this relation in a schema file: { kind: belongsToMany, target: ..., pivot: <table> }',
        ),
      );
      continue;
    }
    relations.push(...declared);
  }
  return relations;
}

function duplicateRelation(className: string, relation: DiagramRelation, name: string, earlier: DiagramRelation): Diagnostic {
  const where = earlier.span.line === undefined ? '' : ` (the first is on line ${earlier.span.line})`;
  if (isSelfOneToOne(className, relation)) {
    return error(
      'duplicate_relation',
      `a second relationship of ${className} with itself named ${className}.${name}${where}: a one-to-one of an entity with itself is named by its label`,
      relation.span,
      'give each its own label, e.g. parent and mentor',
    );
  }
  return error(
    'duplicate_relation',
    `a second relationship of ${className} with ${relation.target}: a diagram names relations after the entities they join, so both would be ${className}.${name}${where}`,
    relation.span,
    'keep one, or declare the second in a schema file, where relations have names of their own',
  );
}
