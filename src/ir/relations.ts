import type { Relation } from './ir.generated.js';

/** The related model's class name: every kind of relation has one but morphTo, whose rows name theirs. */
export function relationTarget(relation: Relation): string | undefined {
  return relation.kind === 'morphTo' ? undefined : relation.target;
}
