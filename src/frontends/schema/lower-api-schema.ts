import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { GenerationOptions, SourceField, SourceModel } from '../../ir/ir.generated.js';
import type { ApiSchema, Entity } from './api-schema.generated.js';
import { booleanAt, entryOf, isString, type DocNode, type MapEntry, type MapNode } from '../../text/doc-node.js';
import { indexesAt } from './index-lists.js';
import { fieldFromMapping, fieldFromShorthand } from './field-reader.js';
import { finishModel } from './finish-model.js';
import type { DraftEntity, DraftRelation, Lowering } from './lowering.js';
import { entityOptions, readOptions, type OptionValues } from './options.js';
import type { Locate } from '../../text/positions.js';
import { relationFromMapping, relationFromShorthand } from './relation-reader.js';

const ENTITIES: keyof ApiSchema = 'entities';
const OPTIONS: keyof ApiSchema = 'options';
const FIELDS: keyof Entity = 'fields';
const RELATIONS: keyof Entity = 'relations';
const TABLE: keyof Entity = 'table';
const TIMESTAMPS: keyof Entity = 'timestamps';
const TABLE_EXISTS: keyof Entity = 'table_exists';
const INDEXES: keyof Entity = 'indexes';

/**
 * An api-schema document -> SourceModel. Reads what has the right shape and skips what has not: the
 * JSON Schema reports shapes, this reports words (types, kinds, defaults) and what needs the whole file.
 */
export function lowerApiSchema(root: DocNode, locate: Locate): { model: SourceModel; diagnostics: Diagnostic[] } {
  const lowering: Lowering = { locate, diagnostics: [] };
  if (root.kind !== 'map') return { model: { entities: [] }, diagnostics: [] };
  const options = mapAt(root, OPTIONS);
  const defaults = readOptions(options);
  const entities = mapAt(root, ENTITIES);
  const drafts = (entities?.entries ?? []).flatMap((entry) => {
    const draft = lowerEntity(entry, defaults, lowering);
    return draft === undefined ? [] : [draft];
  });
  const finished = finishModel(drafts);
  return { model: finished.model, diagnostics: [...lowering.diagnostics, ...finished.diagnostics] };
}

function lowerEntity(entry: MapEntry, defaults: OptionValues, lowering: Lowering): DraftEntity | undefined {
  const map = entry.value;
  if (map.kind !== 'map') return undefined;
  const own = readOptions(map);
  const fields: SourceField[] = [];
  for (const field of mapAt(map, FIELDS)?.entries ?? []) {
    const { value } = field;
    const lowered = isString(value)
      ? fieldFromShorthand(field.key, field.keyRange, value, lowering)
      : value.kind === 'map'
        ? fieldFromMapping(field.key, field.keyRange, value, lowering)
        : undefined;
    if (lowered !== undefined) fields.push(lowered);
  }
  const relations: DraftRelation[] = [];
  for (const relation of mapAt(map, RELATIONS)?.entries ?? []) {
    const { value } = relation;
    const lowered = isString(value)
      ? relationFromShorthand(relation.key, relation.keyRange, value, lowering)
      : value.kind === 'map'
        ? relationFromMapping(relation.key, relation.keyRange, value, lowering)
        : undefined;
    if (lowered !== undefined) relations.push(lowered);
  }
  const entity: DraftEntity['entity'] = {
    name: entry.key,
    fields,
    softDeletes: own.softDeletes ?? defaults.softDeletes ?? false,
    ...optionsOf(entityOptions(own, defaults)),
    span: lowering.locate(entry.keyRange),
  };
  const table = entryOf(map, TABLE)?.value;
  if (table !== undefined && isString(table)) entity.table = table.value;
  if (booleanAt(map, TIMESTAMPS) === false) entity.timestamps = false;
  if (booleanAt(map, TABLE_EXISTS) === true) entity.tableExists = true;
  const indexes = indexesAt(map, INDEXES, lowering.locate);
  if (indexes.length > 0) entity.indexes = indexes;
  return { entity, relations };
}

function optionsOf(options: GenerationOptions | undefined): { options?: GenerationOptions } {
  return options === undefined ? {} : { options };
}

function mapAt(map: MapNode, key: string): MapNode | undefined {
  const value = entryOf(map, key)?.value;
  return value?.kind === 'map' ? value : undefined;
}
