import { FIELD_FLAGS, type FieldFlag } from '../../ir/field-flags.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { GenerationOptions, RelationKind, SourceField, SourceModel } from '../../ir/ir.generated.js';
import { GENERATION_OPTIONS } from '../../ir/generation-options.js';
import type { ClassDataAttribute, ClassDataEntity, ClassDataRelationship } from './class-data.generated.js';
import { booleanAt, entryOf, isString, keyOf, textRange, type DocNode, type MapNode } from '../../text/doc-node.js';
import { fieldType, newField, readBounds, readDefaultAndRules } from './field-reader.js';
import { finishModel } from './finish-model.js';
import { type DraftEntity, type DraftRelation, type Lowering } from './lowering.js';
import type { Locate } from '../../text/positions.js';
import { draftRelation, onDeleteAt } from './relation-reader.js';
import { indexesAt } from './index-lists.js';
import { verbatimWord } from './words.js';

type RelationshipList = Extract<keyof ClassDataEntity, `${string}Relationships`>;

/** The four relationship lists and the relation each declares; exhaustive over the schema's lists. */
const RELATIONSHIP_KINDS: Readonly<Record<RelationshipList, RelationKind>> = {
  oneToOneRelationships: 'hasOne',
  oneToManyRelationships: 'hasMany',
  manyToOneRelationships: 'belongsTo',
  manyToManyRelationships: 'belongsToMany',
  morphOneRelationships: 'morphOne',
  morphManyRelationships: 'morphMany',
  morphToRelationships: 'morphTo',
};

const MODIFIERS: readonly (keyof ClassDataAttribute & FieldFlag)[] = FIELD_FLAGS;

/**
 * A class_data.json list -> SourceModel. Entities and fields are placed on their "name" strings, since a
 * list item has no key of its own to point at.
 */
export function lowerClassData(root: DocNode, locate: Locate): { model: SourceModel; diagnostics: Diagnostic[] } {
  const lowering: Lowering = { locate, diagnostics: [] };
  if (root.kind !== 'list') return { model: { entities: [] }, diagnostics: [] };
  const drafts = root.items.flatMap((item) => {
    const draft = item.kind === 'map' ? lowerEntity(item, lowering) : undefined;
    return draft === undefined ? [] : [draft];
  });
  const finished = finishModel(drafts);
  return { model: finished.model, diagnostics: [...lowering.diagnostics, ...finished.diagnostics] };
}

function lowerEntity(map: MapNode, lowering: Lowering): DraftEntity | undefined {
  const name = entryOf(map, keyOf<ClassDataEntity>('name'))?.value;
  if (!isString(name)) return undefined;
  const fields = itemsAt(map, keyOf<ClassDataEntity>('attributes')).flatMap((attribute) => {
    const field = lowerAttribute(attribute, lowering);
    return field === undefined ? [] : [field];
  });
  // In the order the file lists them, whatever the list.
  const relations = map.entries.flatMap(({ key, value }) => {
    const kind = Object.hasOwn(RELATIONSHIP_KINDS, key) ? RELATIONSHIP_KINDS[key as RelationshipList] : undefined;
    if (kind === undefined || value.kind !== 'list') return [];
    return value.items.flatMap((relationship) => {
      const relation = relationship.kind === 'map' ? lowerRelationship(relationship, kind, lowering) : undefined;
      return relation === undefined ? [] : [relation];
    });
  });
  const entity: DraftEntity['entity'] = {
    name: name.value,
    fields,
    softDeletes: booleanAt(map, keyOf<ClassDataEntity>('softDeletes')) ?? false,
    span: lowering.locate(textRange(name)),
  };
  const options = recordedOptions(map);
  if (options !== undefined) entity.options = options;
  const parent = entryOf(map, keyOf<ClassDataEntity>('parent'))?.value;
  if (isString(parent)) entity.parent = parent.value;
  const table = entryOf(map, keyOf<ClassDataEntity>('table'))?.value;
  if (isString(table)) entity.table = table.value;
  if (booleanAt(map, keyOf<ClassDataEntity>('timestamps')) === false) entity.timestamps = false;
  if (booleanAt(map, keyOf<ClassDataEntity>('tableExists')) === true) entity.tableExists = true;
  if (booleanAt(map, keyOf<ClassDataEntity>('foreignKeyIndexes')) === true) entity.foreignKeyIndexes = true;
  const indexes = indexesAt(map, keyOf<ClassDataEntity>('indexes'), lowering.locate);
  if (indexes.length > 0) entity.indexes = indexes;
  return { entity, relations };
}

function lowerAttribute(map: MapNode, lowering: Lowering): SourceField | undefined {
  const name = entryOf(map, keyOf<ClassDataAttribute>('name'))?.value;
  const type = entryOf(map, keyOf<ClassDataAttribute>('_type'))?.value;
  if (!isString(name) || !isString(type)) return undefined;
  const typed = fieldType(verbatimWord(type), type, lowering);
  if (typed === undefined) return undefined;
  const modifiers = new Set(MODIFIERS.filter((modifier) => booleanAt(map, modifier) === true));
  const field = newField(name.value, textRange(name), typed, modifiers, lowering);
  readDefaultAndRules(field, map, lowering);
  readBounds(field, map, lowering);
  return field;
}

function lowerRelationship(map: MapNode, kind: RelationKind, lowering: Lowering): DraftRelation | undefined {
  const role = entryOf(map, keyOf<ClassDataRelationship>('role'))?.value;
  const comodel = entryOf(map, keyOf<ClassDataRelationship>('comodel'))?.value;
  if (!isString(role) || (kind !== 'morphTo' && !isString(comodel))) return undefined;
  const pivot = entryOf(map, keyOf<ClassDataRelationship>('pivot'));
  return draftRelation(
    {
      name: role.value,
      nameRange: textRange(role),
      // The list says the kind; the word stands on the role, which is where the list's entry is.
      kindWord: { text: kind, range: textRange(role) },
      ...(isString(comodel) ? { targetWord: verbatimWord(comodel) } : {}),
      ...(isString(pivot?.value) ? { pivot: pivot.value.value, pivotRange: textRange(pivot.value) } : {}),
      nullable: booleanAt(map, keyOf<ClassDataRelationship>('nullable')) === true,
      owner: booleanAt(map, keyOf<ClassDataRelationship>('owner')) === true,
      ...onDeleteAt(map, keyOf<ClassDataRelationship>('on_delete')),
    },
    lowering,
  );
}

function itemsAt(map: MapNode, listKey: string): MapNode[] {
  const list = entryOf(map, listKey)?.value;
  return list?.kind === 'list' ? list.items.filter((item): item is MapNode => item.kind === 'map') : [];
}

/** The options the record holds true (fullapi writes only those). */
function recordedOptions(map: MapNode): GenerationOptions | undefined {
  const set = GENERATION_OPTIONS.filter((option) => booleanAt(map, keyOf<ClassDataEntity>(option)) === true);
  return set.length === 0 ? undefined : Object.fromEntries(set.map((option) => [option, true]));
}
