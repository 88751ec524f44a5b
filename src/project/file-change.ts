/** What one run does to one file, as the CLI reports it and the applier performs it. */
export type FileAction = 'created' | 'updated' | 'unchanged' | 'kept' | 'deleted';

/** Actions that change the disk; `unchanged` and `kept` leave the file as it is. */
export const WRITING_ACTIONS: readonly FileAction[] = ['created', 'updated', 'deleted'];

export interface FileChange {
  /** Project-relative, with forward slashes. */
  path: string;
  action: FileAction;
  /**
   * The file's content on disk before the run; absent when it did not exist, and for the files of a settled
   * project (settled.ts), which the run hashes without keeping them: they stay `unchanged`, so no report needs them.
   */
  before?: string;
  /** The content the run wants there; absent for a deletion and for a settled project's files. For `kept`, what `--force` would write. */
  after?: string;
  /** A file fullapi owns (tracked in the manifest), an edit to a user's file, or the manifest itself. */
  source: 'generated' | 'patch' | 'manifest';
}
