import { compareCodeUnits } from './manifest.js';

/** More packs than this after a run, and the run compacts some. */
export const MAX_PACKS = 16;
/**
 * How many packs a compaction for their number leaves, the run's own included: half, so that the runs after
 * it add their packs without rewriting any for a while, rather than each rewriting one.
 */
export const PACKS_AFTER_COMPACTION = MAX_PACKS / 2;

/** A pack's weight, as the index tells it: its size, and the bytes its live bases take in it. */
export interface PackWeight {
  id: string;
  size: number;
  live: number;
}

/**
 * The packs a run compacts: their live bases are rewritten into the run's new pack, and they are deleted.
 * `packs` are the store's packs that keep a live base after the run, `newLive` the bytes of the bases the run
 * packs itself. The store stays bounded: when more than MAX_PACKS packs would remain, the smallest are
 * compacted until PACKS_AFTER_COMPACTION remain; then, while the packs' dead bytes (bases superseded or
 * forgotten) exceed the live bytes of the whole store, the packs with the most dead bytes per live byte are.
 * Either way a large pack that is mostly live comes last, so a run that changes a few files of a large
 * project rewrites small packs, not the store.
 */
export function packsToCompact(packs: readonly PackWeight[], newLive: number): Set<string> {
  const compacted = new Set<string>();
  if (packs.length + (newLive > 0 ? 1 : 0) > MAX_PACKS) {
    const smallestFirst = [...packs].sort((a, b) => a.live - b.live || compareCodeUnits(a.id, b.id));
    for (const pack of smallestFirst) {
      if (packs.length - compacted.size + 1 <= PACKS_AFTER_COMPACTION) break;
      compacted.add(pack.id);
    }
  }
  const dead = (pack: PackWeight): number => pack.size - pack.live;
  const live = packs.reduce((sum, pack) => sum + pack.live, newLive);
  const remaining = packs.filter((pack) => !compacted.has(pack.id));
  let remainingDead = remaining.reduce((sum, pack) => sum + dead(pack), 0);
  // Most dead per live byte first, compared without dividing by a live of 0.
  const mostWastefulFirst = [...remaining].sort((a, b) => dead(b) * a.live - dead(a) * b.live || a.live - b.live || compareCodeUnits(a.id, b.id));
  for (const pack of mostWastefulFirst) {
    if (remainingDead <= live) break;
    compacted.add(pack.id);
    remainingDead -= dead(pack);
  }
  return compacted;
}
