import { statSync, type Stats } from 'node:fs';
import { nodeFs, type ProjectFs } from './project-fs.js';

/**
 * A file must have been left alone this long before a read for its text to be reused. File systems
 * keep times to a second or two at worst; within that tick a second write may not move the times at
 * all (git's "racy clean" problem), so a file changed that recently is read again every time.
 */
const SETTLED_AFTER_MS = 2000;

export interface RememberingOptions {
  /** Where reads that are not remembered, and every other call, go. Stamps always come from the disk. */
  base?: ProjectFs;
  settledAfterMs?: number;
}

interface RememberedText {
  stamp: string;
  text: string;
  /** The file had not changed for a while when it was read: a later change is bound to move its stamp. */
  settled: boolean;
}

/**
 * The project's files for a process that runs `make` again and again (`fullapi watch`): each run reads the
 * whole project to compare it with the plan, and most of it has not changed since the last run. A read
 * looks at the file's identity, size and times first, and returns the text it read before when none of
 * them moved and the file had settled; anything else reads the file. Every other call goes to `base`, and
 * a write, rename or delete forgets what it touches.
 */
export function rememberingFs({ base = nodeFs, settledAfterMs = SETTLED_AFTER_MS }: RememberingOptions = {}): ProjectFs {
  const remembered = new Map<string, RememberedText>();
  return {
    readFile(path) {
      // The stamp is taken before the read: a change in between gives a new text under the old stamp, and the
      // next read, seeing the new stamp, reads again. The other order could keep an old text under a new stamp.
      const stats = statSync(path);
      const stamp = stampOf(stats);
      const known = remembered.get(path);
      if (known !== undefined && known.settled && known.stamp === stamp) return known.text;
      const text = base.readFile(path);
      remembered.set(path, { stamp, text, settled: Date.now() - Math.max(stats.mtimeMs, stats.ctimeMs) > settledAfterMs });
      return text;
    },
    createFile(path, content, mode) {
      remembered.delete(path);
      base.createFile(path, content, mode);
    },
    rename(from, to) {
      remembered.delete(from);
      remembered.delete(to);
      base.rename(from, to);
    },
    unlink(path) {
      remembered.delete(path);
      base.unlink(path);
    },
    fileMode: (path) => base.fileMode(path),
    mkdir: (path) => base.mkdir(path),
    rmdir: (path) => base.rmdir(path),
    readdir: (path) => base.readdir(path),
    exists: (path) => base.exists(path),
    entryKind: (path) => base.entryKind(path),
    readlink: (path) => base.readlink(path),
    realpath: (path) => base.realpath(path),
  };
}

/** The change time moves on every write, and no one can set it back. */
function stampOf(stats: Stats): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
}
