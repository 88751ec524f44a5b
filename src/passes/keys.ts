import type { FieldType, KeyFieldType, PrimaryKey, SourceEntity } from '../ir/ir.generated.js';

/** The Eloquent `$keyType` of a key column of each type that may be a key. */
const KEY_TYPE: Readonly<Record<KeyFieldType, PrimaryKey['keyType']>> = {
  string: 'string',
  uuid: 'string',
  integer: 'int',
  bigint: 'int',
};

/** The types a primary key may have, in the order diagnostics list them. */
export const KEY_FIELD_TYPES = Object.keys(KEY_TYPE) as KeyFieldType[];

export function isKeyFieldType(type: FieldType): type is KeyFieldType {
  return Object.hasOwn(KEY_TYPE, type);
}

/**
 * The entity's primary key: the conventional auto-incrementing `id`, or the field marked primary.
 * A custom key is never incrementing: the client chooses it. validate-names refuses a primary field of
 * another type than a key's before this pass runs.
 */
export function primaryKeyOf(entity: SourceEntity): PrimaryKey {
  const keyField = entity.fields.find((field) => field.primary);
  if (keyField === undefined || !isKeyFieldType(keyField.type)) {
    return { column: 'id', custom: false, fieldType: 'bigint', keyType: 'int', incrementing: true };
  }
  return { column: keyField.name, custom: true, fieldType: keyField.type, keyType: KEY_TYPE[keyField.type], incrementing: false };
}
