import { newMemoKeys } from './memo-key.js';

/**
 * A memoised function: called like the function it memoises, and answering alike. Where a caller has no
 * memory, the function itself is one.
 */
export type Memo<I, V> = (input: I) => V;

/**
 * The memoised values of a watch session, or of one run. Each memo is a function of its input alone: the
 * input is everything its value is computed from, given as data, and keyed by memo-key.ts; so what a value
 * depends on is said once, where its memo is made, and a run can compute a value only from what keys it.
 * A look-up is answered from the values computed in this run or the run before it; `nextRun` forgets the
 * rest, so memory stays the size of two runs however long the session lasts.
 */
export interface RunMemos {
  /**
   * `compute`, memoised. It may use its input, module code, and other memos of the session (functions of their
   * inputs too), and nothing else: whatever else it read would be missing from its key. `reuse: 'within-run'`
   * says one run asks for the same value more than once (a stub rendered for every entity), so it is kept
   * even by the memos of a single run; the others pay only across the runs of a session.
   */
  memo<I, V>(compute: (input: I) => V, reuse?: Reuse): Memo<I, V>;
  /**
   * A new run begins: each memo keeps, as the run before it, what was looked up since the last run began (a
   * read ahead of the run included), and forgets the rest; one nothing looked up in (a run that failed before
   * planning) keeps what it had.
   */
  nextRun(): void;
}

/** One run's values: by primitive input, and by the key of a record input, apart so that no string input meets a record's key. */
interface Generation<V> {
  values: Map<unknown, { value: V }>;
  records: Map<unknown, { value: V }>;
}

/** Whether a memo is looked up again within one run, or only by the runs after it. */
export type Reuse = 'within-run' | 'across-runs';

/**
 * `session`: the memos of a watch session, which keep every value for the next run. Without it, the memos of
 * one run: a value only the next run would ask for again is computed as asked, and no key is made for it,
 * since making keys (digests of entities and texts) costs a one-shot run more than it saves.
 */
export function newRunMemos(session = true): RunMemos {
  const keys = newMemoKeys();
  const rotations: (() => void)[] = [];
  return {
    memo<I, V>(compute: (input: I) => V, reuse: Reuse = 'across-runs'): Memo<I, V> {
      if (!session && reuse === 'across-runs') return compute;
      let previous: Generation<V> = newGeneration();
      let current: Generation<V> = newGeneration();
      rotations.push(() => {
        if (current.values.size + current.records.size === 0) return;
        previous = current;
        current = newGeneration();
      });
      const lookUp = (now: Map<unknown, { value: V }>, before: Map<unknown, { value: V }>, key: unknown, input: I): V => {
        const known = now.get(key) ?? before.get(key) ?? { value: compute(input) };
        now.set(key, known);
        return known.value;
      };
      return (input) =>
        typeof input === 'object' && input !== null ? lookUp(current.records, previous.records, keys.of(input), input) : lookUp(current.values, previous.values, input, input);
    },
    nextRun() {
      for (const rotate of rotations) rotate();
      keys.nextRun();
    },
  };
}

function newGeneration<V>(): Generation<V> {
  return { values: new Map(), records: new Map() };
}
