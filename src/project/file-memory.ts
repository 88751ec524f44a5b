import { dirname, sep } from 'node:path';

/**
 * The texts of project files a watch session has read, kept until a watcher of the project says they
 * changed (see watch-project.ts): each run compares the whole project with its plan, and between two saves
 * nearly none of it changes, so looking at every file again, even only at its times, would be most of a
 * run's work. A file is kept only while the watcher watches its folder, so that no change goes unheard.
 * Paths are absolute, as the writer joins them.
 */
export interface FileMemory {
  /** The file's text, as kept, or as `read` gives it (kept from then on when its folder is watched). */
  text(path: string, read: () => string): string;
  /** The watcher watches `folder` now: texts of its files may be kept. */
  watching(folder: string): void;
  /** The watcher no longer watches `folder`: its files' texts, and those of the folders below it, go. */
  notWatching(folder: string): void;
  /** Something at `path` changed (a file, or a folder and all below it): its texts go. */
  changed(path: string): void;
  /** Nothing kept can be trusted (the writer failed halfway, the watcher broke): everything goes. */
  forgetAll(): void;
}

export function newFileMemory(): FileMemory {
  const texts = new Map<string, string>();
  const watched = new Set<string>();
  const forgetUnder = (folder: string): void => {
    const prefix = folder.endsWith(sep) ? folder : `${folder}${sep}`;
    for (const kept of texts.keys()) if (kept.startsWith(prefix)) texts.delete(kept);
  };
  return {
    text(path, read) {
      const kept = texts.get(path);
      if (kept !== undefined) return kept;
      const text = read();
      if (watched.has(dirname(path))) texts.set(path, text);
      return text;
    },
    watching(folder) {
      watched.add(folder);
    },
    notWatching(folder) {
      const prefix = folder.endsWith(sep) ? folder : `${folder}${sep}`;
      for (const other of watched) if (other === folder || other.startsWith(prefix)) watched.delete(other);
      texts.delete(folder);
      forgetUnder(folder);
    },
    changed(path) {
      texts.delete(path);
      // Only a folder the watcher watches can have texts kept below it; most changes are of files.
      if (watched.has(path)) forgetUnder(path);
    },
    forgetAll() {
      texts.clear();
    },
  };
}
