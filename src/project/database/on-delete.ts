import type { ForeignKeyDescription } from '../../ir/database-description.js';

/** A referential action as every engine spells it (`CASCADE`, `SET NULL`, `RESTRICT`, `NO ACTION`). */
export function onDeleteOf(action: string | null | undefined): ForeignKeyDescription['onDelete'] {
  const word = (action ?? '').toUpperCase().trim();
  if (word === 'CASCADE') return 'cascade';
  if (word === 'SET NULL') return 'set_null';
  if (word === 'RESTRICT') return 'restrict';
  return undefined;
}
