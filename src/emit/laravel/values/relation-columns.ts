import type { Entity, Field, ForeignKey, ValueFieldType } from '../../../ir/ir.generated.js';
import { relationTarget } from '../../../ir/relations.js';

/**
 * The columns relations add to an entity's own table, as the emitters see them. A foreign key behaves like a
 * field everywhere a client's data goes (fillable, validated, in the DTO, filtered exactly), typed like the key
 * it references; the morph columns are only read, since the generated requests do not fill them.
 */

/** A foreign key column as a field of the referenced key's type; never unique (many rows share a parent). */
export function foreignKeyField(key: ForeignKey): Field {
  return { name: key.column, type: key.fieldType, nullable: key.nullable, unique: false, span: {} };
}

/** Every column a client may send: the foreign keys first, where the migration puts them, then the fields. */
export function writableColumns(entity: Entity): Field[] {
  return [...entity.foreignKeys.map(foreignKeyField), ...entity.fields];
}

/**
 * The columns a client may set to attach a morph parent: `<morph>_type` (one of the owners' aliases) and
 * `<morph>_id`, of each morphTo some entity owns; both nullable, as nullableMorphs() creates them.
 */
export function morphFields(entity: Entity): Field[] {
  return entity.relations.flatMap((relation) => {
    if (relation.kind !== 'morphTo' || relation.morphOwners.length === 0) return [];
    const column = (suffix: string, type: ValueFieldType): Field => ({ name: `${relation.morphName}_${suffix}`, type, nullable: true, unique: false, span: relation.span });
    return [column('type', 'string'), column('id', 'bigint')];
  });
}

/** Every column a client may send: the foreign keys, the fields, then the morph columns (morphFields). */
export function clientColumns(entity: Entity): Field[] {
  return [...writableColumns(entity), ...morphFields(entity)];
}

/** `<morph>_type` and `<morph>_id` of each morphTo, as nullableMorphs() creates them. */
export function morphColumns(entity: Entity): string[] {
  return entity.morphs.flatMap((morph) => [`${morph}_type`, `${morph}_id`]);
}

/** The foreign key a belongsTo stores its parent's key in. */
export function foreignKeyOf(entity: Entity, relationName: string): ForeignKey | undefined {
  return entity.foreignKeys.find((key) => key.relation === relationName);
}

/** The model a foreign key's factory or test creates: the belongsTo's target, absent for a self-reference. */
export function parentClassOf(entity: Entity, key: ForeignKey): string | undefined {
  const relation = entity.relations.find((candidate) => candidate.name === key.relation);
  const target = relation === undefined ? undefined : relationTarget(relation);
  return target === entity.naming.className ? undefined : target;
}
