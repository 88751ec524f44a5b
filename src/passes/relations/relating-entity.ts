import type { DeclaredRelation, Entity } from '../../ir/ir.generated.js';

/**
 * An entity while the relations passes pair and complete its relations, before the keys pass names the columns
 * behind them (relation-keys.ts), which makes each a checked Relation of its kind.
 */
export type RelatingEntity = Omit<Entity, 'relations'> & { relations: DeclaredRelation[] };
