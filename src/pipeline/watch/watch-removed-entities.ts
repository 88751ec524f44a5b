import type { CommandOutcome } from '../outcome.js';

/**
 * An entity taken out of the watched file keeps its files: a save that drops a block by mistake must not
 * delete code. The watch session says once which entities its file no longer has, so the user can delete
 * them on purpose. Compared with the session's runs only, not with class_data.json, which also records
 * entities made from other inputs (`make Tag --fields=...`), which the file never had.
 */
export class RemovedEntities {
  private seen = new Set<string>();
  private reported = new Set<string>();

  /**
   * The entities an earlier run of the session planned that this one does not, and that were not said
   * already while they stayed out of the file; an entity put back and taken out again is said again.
   */
  removedBy(outcome: CommandOutcome): string[] {
    if (!outcome.ok || outcome.entities === undefined) return [];
    const current = new Set(outcome.entities);
    const removed = [...this.seen].filter((entity) => !current.has(entity));
    const fresh = removed.filter((entity) => !this.reported.has(entity));
    this.reported = new Set(removed);
    for (const entity of current) this.seen.add(entity);
    return fresh.sort();
  }
}
