/** The candidate closest to a misspelt word, for "did you mean" hints; none when nothing is close. */
export function nearestWord(word: string, candidates: readonly string[], maxDistance = 2): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    // The distance is at least the difference in length: a long word (a megabyte of junk) is skipped unread.
    if (Math.abs(word.length - candidate.length) > maxDistance) continue;
    const distance = editDistance(word, candidate);
    if (distance <= maxDistance && (best === undefined || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate;
}

/** Levenshtein distance: insertions, deletions and substitutions each cost one. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
