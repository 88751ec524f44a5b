/**
 * What one run does to one file, as the CLI reports it and the applier performs it. `merged`: a file edited by
 * hand, rewritten with the hand edits and the new generation merged; `conflicted`: one whose merge conflicts,
 * written with conflict markers (`--merge=markers`) for its owner to resolve.
 */
export type FileAction = 'created' | 'updated' | 'merged' | 'conflicted' | 'unchanged' | 'kept' | 'deleted';

/** Actions that change the disk; `unchanged` and `kept` leave the file as it is. */
export const WRITING_ACTIONS: readonly FileAction[] = ['created', 'updated', 'merged', 'conflicted', 'deleted'];

export interface FileChange {
  /** Project-relative, with forward slashes. */
  path: string;
  action: FileAction;
  /**
   * The file's content on disk before the run; absent when it did not exist, for the files of a settled
   * project (settled.ts), which the run hashes without keeping them: they stay `unchanged`, so no report needs
   * them; and for the files of the store of bases a run deletes without reading them (base-store.ts), a pack
   * being named by its content.
   */
  before?: string;
  /** The content the run wants there; absent for a deletion and for a settled project's files. For `kept`, what `--force` would write. */
  after?: string;
  /**
   * The content as pieces written one after the other, in place of `after`: a pack of bases (base-store.ts),
   * which holds the contents of the files a run generates, and as one text would hold all of them a second time.
   */
  afterPieces?: readonly string[];
  /**
   * A file fullapi owns (tracked in the manifest), an edit to a user's file, the manifest itself, or a file of
   * the store of the generations kept as the bases of later merges (base-store.ts), which no report lists.
   */
  source: 'generated' | 'patch' | 'manifest' | 'base';
}
