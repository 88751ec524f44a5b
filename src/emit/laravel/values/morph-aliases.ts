import type { Entity } from '../../../ir/ir.generated.js';

/**
 * The name a morph owner is stored under in a `<name>_type` column: its snake-case class name (`post`,
 * `blog_post`), registered with `Relation::morphMap()` so the column holds no PHP class name, which a rename
 * of the class would break and which tells a client nothing.
 */
export interface MorphAlias {
  alias: string;
  /** `App\Models\Post` */
  modelClass: string;
}

/** Every entity that owns morph children (a morphOne or morphMany), in the model's order. */
export function morphAliases(entities: readonly Entity[]): MorphAlias[] {
  return entities
    .filter((entity) => entity.relations.some((relation) => relation.kind === 'morphOne' || relation.kind === 'morphMany'))
    .map((entity) => ({ alias: entity.naming.snake, modelClass: `App\\Models\\${entity.naming.className}` }));
}
