import { readFileSync, statSync } from 'node:fs';
import { watch, type FSWatcher } from 'chokidar';
import { withoutByteOrderMark } from '../../text/json-text.js';

/** What `fullapi watch` hears about its input file. `changed` covers a file that appears again. */
export type WatchedFileEvent = { kind: 'changed' } | { kind: 'removed' } | { kind: 'failed'; message: string };

export interface WatchedFile {
  /** Starts reporting the file's events to `listener`; resolves when the watcher is in place. */
  start(listener: (event: WatchedFileEvent) => void): Promise<void>;
  /** The file is about to be read (a run starts): changes are counted from the file as it is now. */
  noteRead(): void;
  close(): Promise<void>;
}

/**
 * chokidar passes on one `change` of a path and drops the others for the next 50 ms, so the last write of
 * a save made in several writes can go unreported. A look at the file just after that window reports
 * the write it dropped.
 */
const DROPPED_WRITE_CHECK_MILLISECONDS = 60;

/** What a save changes: the file's identity, size and times (a `touch` counts), or its text. */
interface FileState {
  stamp: string;
  text: string;
}

/**
 * The input file of `fullapi watch`, watched with chokidar. An editor's atomic save (write a temp file,
 * rename it over the original) reaches the listener as a change; a file deleted for good as `removed`,
 * and as `changed` again when it comes back. Events that find the file as it was when last read are
 * dropped: one write can reach chokidar as several events, some of them late when a run has kept the
 * process busy, and each would cost a run that changes nothing.
 */
export function watchFile(path: string): WatchedFile {
  let watcher: FSWatcher | undefined;
  let check: NodeJS.Timeout | undefined;
  let lastRead: FileState | undefined;

  return {
    start(listener) {
      const reportIfChanged = (): void => {
        const current = stateOf(path);
        // A file gone missing is chokidar's to report, as an unlink.
        if (current === undefined || (current.stamp === lastRead?.stamp && current.text === lastRead.text)) return;
        listener({ kind: 'changed' });
      };
      const changed = (): void => {
        reportIfChanged();
        clearTimeout(check);
        check = setTimeout(reportIfChanged, DROPPED_WRITE_CHECK_MILLISECONDS);
      };
      const active = watch(path, { ignoreInitial: true });
      watcher = active;
      active
        // A file back after an unlink is always news: it ends the wait for it.
        .on('add', () => {
          lastRead = undefined;
          changed();
        })
        .on('change', changed)
        .on('unlink', () => listener({ kind: 'removed' }))
        .on('error', (cause) => listener({ kind: 'failed', message: cause instanceof Error ? cause.message : String(cause) }));
      return new Promise((resolve) => active.once('ready', () => resolve()));
    },
    noteRead() {
      lastRead = stateOf(path);
    },
    async close() {
      clearTimeout(check);
      await watcher?.close();
    },
  };
}

function stateOf(path: string): FileState | undefined {
  try {
    const stats = statSync(path);
    return { stamp: `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`, text: withoutByteOrderMark(readFileSync(path, 'utf8')) };
  } catch {
    return undefined;
  }
}
