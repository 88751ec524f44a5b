/**
 * A memo that lives as long as a watch session and holds what the last run used: each run's look-ups are
 * answered from the entries the run before it used, and `endRun` forgets the rest, so memory stays the size
 * of one run however long the session lasts. Keys must name everything a value is computed from.
 */
export interface RunMemo<V> {
  get(key: string, compute: () => V): V;
  /** `value` for `key` in this run (for values computed elsewhere, such as emitters' successes only). */
  set(key: string, value: V): void;
  lookup(key: string): V | undefined;
  endRun(): void;
}

export function newRunMemo<V>(): RunMemo<V> {
  let previous = new Map<string, V>();
  let current = new Map<string, V>();
  const lookup = (key: string): V | undefined => {
    const value = current.get(key) ?? previous.get(key);
    if (value !== undefined) current.set(key, value);
    return value;
  };
  return {
    lookup,
    get(key, compute) {
      const known = lookup(key);
      if (known !== undefined) return known;
      const value = compute();
      current.set(key, value);
      return value;
    },
    set(key, value) {
      current.set(key, value);
    },
    endRun() {
      previous = current;
      current = new Map();
    },
  };
}
