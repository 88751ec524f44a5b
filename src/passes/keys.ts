import type { FieldType, PrimaryKey, SourceEntity } from '../ir/ir.generated.js';

/** The Eloquent `$keyType` of a key column of each type that may be a key. */
const KEY_TYPE: Readonly<Partial<Record<FieldType, PrimaryKey['keyType']>>> = {
  integer: 'int',
  bigint: 'int',
  string: 'string',
  uuid: 'string',
};

/**
 * The entity's primary key: the conventional auto-incrementing `id`, or the field marked primary.
 * A custom key is never incrementing: the client chooses it (validate-names refuses non-key types).
 */
export function primaryKeyOf(entity: SourceEntity): PrimaryKey {
  const keyField = entity.fields.find((field) => field.primary);
  if (keyField === undefined) {
    return { column: 'id', custom: false, fieldType: 'bigint', keyType: 'int', incrementing: true };
  }
  return {
    column: keyField.name,
    custom: true,
    fieldType: keyField.type,
    keyType: KEY_TYPE[keyField.type] ?? 'string',
    incrementing: false,
  };
}
