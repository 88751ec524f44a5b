import { watchFile, type WatchedFile, type WatchedFileEvent } from './watch-file.js';

/** The input of `fullapi watch` made of several files, whose list a run may change. */
export interface WatchedFiles extends WatchedFile {
  /** Watches these files beside the first from now on, and no longer those left out. */
  follow(others: readonly string[]): Promise<void>;
}

/**
 * An OpenAPI document split over several files (the document, and the files its `$ref`s name), watched as one
 * input: a save of any of them is a change of the input. Only the document gone is the input gone; a file it
 * names gone is a change, and the run says which `$ref` no longer resolves. A `$ref` added or taken out by a
 * save changes the files watched once the run has read it (`follow`).
 */
export function watchFiles(document: string, others: readonly string[]): WatchedFiles {
  const watched = new Map<string, WatchedFile>([[document, watchFile(document)]]);
  let listener: ((event: WatchedFileEvent) => void) | undefined;

  const startOne = (path: string, file: WatchedFile): Promise<void> => {
    const forward = listener;
    if (forward === undefined) return Promise.resolve();
    return file.start((event) => forward(path !== document && event.kind === 'removed' ? { kind: 'changed' } : event));
  };

  const follow = async (paths: readonly string[]): Promise<void> => {
    const wanted = new Set([document, ...paths]);
    const gone = [...watched].filter(([path]) => !wanted.has(path));
    for (const [path] of gone) watched.delete(path);
    const added = [...wanted].filter((path) => !watched.has(path)).map((path) => [path, watchFile(path)] as const);
    for (const [path, file] of added) watched.set(path, file);
    await Promise.all([...gone.map(([, file]) => file.close()), ...added.map(([path, file]) => startOne(path, file).then(() => file.noteRead()))]);
  };

  return {
    async start(onEvent) {
      listener = onEvent;
      await Promise.all([...watched].map(([path, file]) => startOne(path, file)));
      await follow(others);
    },
    noteRead() {
      for (const file of watched.values()) file.noteRead();
    },
    follow,
    async close() {
      listener = undefined;
      await Promise.all([...watched.values()].map((file) => file.close()));
    },
  };
}
