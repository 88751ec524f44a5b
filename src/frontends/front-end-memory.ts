/**
 * What a front end may keep from one run of a watch session to the next: a memo (RunMemos.memo) of a function
 * of its own, made once per function, so that a front end's code is loaded only by a run that reads its kind
 * of file. Given only in a session: a single run reads each text once. A front end reads the same with a
 * memory as without.
 */
export interface FrontEndMemory {
  memo<I, V>(compute: (input: I) => V): (input: I) => V;
}
