import type { Memo, RunMemos } from '../plan/run-memo.js';

/**
 * What a front end may keep from one run of a watch session to the next: a memo (RunMemos.memo) of a function
 * of its own, made once per function, so that a front end's code is loaded only by a run that reads its kind
 * of file. Given only in a session: a single run reads each text once. A front end reads the same with a
 * memory as without.
 */
export interface FrontEndMemory {
  memo<I, V>(compute: (input: I) => V): (input: I) => V;
}

/**
 * What the front ends keep between the runs of `memos`: one memo per function a front end asks to memoise, made
 * on its first ask. A watch session and a language server's open document each have one.
 */
export function frontEndMemory(memos: RunMemos): FrontEndMemory {
  const frontEndMemos = new Map<unknown, Memo<never, unknown>>();
  return {
    memo<I, V>(compute: (input: I) => V): Memo<I, V> {
      let memo = frontEndMemos.get(compute) as Memo<I, V> | undefined;
      if (memo === undefined) frontEndMemos.set(compute, (memo = memos.memo(compute)));
      return memo;
    },
  };
}
