// A repeatable order drawn from a seed, for `npm test -- --shuffle=SEED` (run-tests.mjs).

/** mulberry32: small, fast and well spread; the same seed gives the same numbers on every machine. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** A Fisher-Yates shuffle of a copy. */
export function shuffled(items, random) {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}

/** A seed of its own for each file, from the run's seed and the file's path, so a file's order does not depend on which others ran. */
export function fileSeed(seed, file) {
  let hash = seed >>> 0;
  for (const character of file) hash = Math.imul(hash ^ character.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}
