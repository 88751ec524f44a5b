import { basename, dirname, sep } from 'node:path';
import type { DirectoryEntry, EntryKind, ProjectFs } from '../fs/project-fs.js';

/**
 * What a watch session has seen of the project's files (their texts, what kind of entry each is, the entries
 * of each folder), kept until a watcher of the project says it changed (see watch-project.ts): each run
 * compares the whole project with its plan, and between two saves nearly none of it changes, so looking at
 * every file and folder again, even only at its times, would be most of a run's work. What is in a folder is
 * kept only while the watcher watches that folder, so that no change goes unheard. Paths are absolute, as the
 * writer joins them.
 */
export interface FileMemory {
  /** The text kept for `path`, if any. */
  kept(path: string): string | undefined;
  /** `text` was just read from `path`: kept from now on when its folder is watched and `isFile` says it is no link. */
  keep(path: string, text: string, isFile: () => boolean): void;
  /** What is at `path`, as kept, or as `look` says (kept when something is there and its folder is watched). */
  kind(path: string, look: () => EntryKind | undefined): EntryKind | undefined;
  /** The folder's entries, as kept, or as `list` gives them (kept from then on when the folder is watched). */
  listing(folder: string, list: () => DirectoryEntry[]): DirectoryEntry[];
  /** The watcher watches `folder` now: what is in it may be kept. */
  watching(folder: string): void;
  /** The watcher no longer watches `folder`: what was kept of it, and of the folders below it, goes. */
  notWatching(folder: string): void;
  /** The watcher heard of a change at `path`, where `now` is what is there (nothing, when undefined). */
  heard(path: string, now: EntryKind | undefined): void;
  /** Something at `path` changed, and what is there now is not known: what was kept of it, and of its folder's entries, goes. */
  changed(path: string): void;
  /** The writer put a file at `path`, creating the folders above it that were missing. */
  wrote(path: string): void;
  /** Nothing kept can be trusted (the writer failed halfway, the watcher broke): everything goes. */
  forgetAll(): void;
}

export function newFileMemory(): FileMemory {
  const texts = new Map<string, string>();
  const kinds = new Map<string, EntryKind>();
  const listings = new Map<string, DirectoryEntry[]>();
  const watched = new Set<string>();
  const forget = (path: string): void => {
    texts.delete(path);
    kinds.delete(path);
    listings.delete(path);
    // Only a folder the watcher watches can have anything kept below it; most changes are of files.
    if (watched.has(path)) forgetUnder(path);
  };
  const forgetUnder = (folder: string): void => {
    const prefix = folder.endsWith(sep) ? folder : `${folder}${sep}`;
    for (const kept of [texts, kinds, listings]) for (const path of kept.keys()) if (path.startsWith(prefix)) kept.delete(path);
  };
  /** Puts `kind` as the entry `name` of the folder's listing, when one is kept; `undefined` removes it. */
  const setEntry = (folder: string, name: string, kind: EntryKind | undefined): void => {
    const listing = listings.get(folder);
    // Most events are of the writer's temp files and backups, gone by the time they are heard of.
    if (listing === undefined || listing.find((entry) => entry.name === name)?.kind === kind) return;
    const others = listing.filter((entry) => entry.name !== name);
    listings.set(folder, kind === undefined ? others : [...others, { name, kind }]);
  };
  return {
    kept: (path) => texts.get(path),
    keep(path, text, isFile) {
      if (watched.has(dirname(path)) && isFile()) texts.set(path, text);
    },
    kind(path, look) {
      const kept = kinds.get(path);
      if (kept !== undefined) return kept;
      const kind = look();
      // Nothing there is not kept: the writer creates folders, and tells of the files it writes, not of them.
      if (kind !== undefined && watched.has(dirname(path))) kinds.set(path, kind);
      return kind;
    },
    listing(folder, list) {
      const kept = listings.get(folder);
      if (kept !== undefined) return kept;
      const entries = list();
      if (watched.has(folder)) listings.set(folder, entries);
      return entries;
    },
    watching(folder) {
      watched.add(folder);
    },
    notWatching(folder) {
      const prefix = folder.endsWith(sep) ? folder : `${folder}${sep}`;
      forget(folder);
      for (const other of watched) if (other === folder || other.startsWith(prefix)) watched.delete(other);
    },
    heard(path, now) {
      forget(path);
      setEntry(dirname(path), basename(path), now);
    },
    changed(path) {
      forget(path);
      listings.delete(dirname(path));
    },
    wrote(path) {
      forget(path);
      setEntry(dirname(path), basename(path), 'file');
      for (let child = dirname(path), folder = dirname(child); folder !== child; child = folder, folder = dirname(folder)) {
        const name = basename(child);
        if (listings.get(folder)?.some((entry) => entry.name === name) === false) setEntry(folder, name, 'directory');
      }
    },
    forgetAll() {
      texts.clear();
      kinds.clear();
      listings.clear();
    },
  };
}

/**
 * `base` as a watch session reads the project: texts, entry kinds and folder listings come from `memory`
 * while it keeps them. A file reached through a symbolic link is read every time, as the watcher hears
 * nothing of the file the link leads to. Writes go to `base`, and `memory` forgets what they touch.
 */
export function rememberingFs(base: ProjectFs, memory: FileMemory): ProjectFs {
  const entryKind = (path: string): EntryKind | undefined => memory.kind(path, () => base.entryKind(path));
  const kindIfKnowable = (path: string): EntryKind | 'unknowable' | undefined => {
    try {
      return entryKind(path);
    } catch {
      return 'unknowable';
    }
  };
  const written = (paths: readonly string[], write: () => void): void => {
    try {
      write();
    } finally {
      for (const path of paths) memory.changed(path);
    }
  };
  return {
    readFile(path) {
      const kept = memory.kept(path);
      if (kept !== undefined) return kept;
      const text = base.readFile(path);
      memory.keep(path, text, () => kindIfKnowable(path) === 'file');
      return text;
    },
    // Only a run that may find the project settled hashes bytes, and a watch session's runs never do.
    readBytes: (path) => base.readBytes(path),
    readdir: (path) => memory.listing(path, () => base.readdir(path)),
    entryKind,
    exists(path) {
      const kind = kindIfKnowable(path);
      // What cannot be looked at (below a folder without permission, say) is as `base` says.
      return kind === 'link' || kind === 'unknowable' ? base.exists(path) : kind !== undefined;
    },
    createFile: (path, content, mode) => written([path], () => base.createFile(path, content, mode)),
    rename: (from, to) => written([from, to], () => base.rename(from, to)),
    unlink: (path) => written([path], () => base.unlink(path)),
    mkdir: (path) => written([path], () => base.mkdir(path)),
    modifiedTime: (path) => base.modifiedTime(path),
    rmdir: (path) => written([path], () => base.rmdir(path)),
    fileMode: (path) => base.fileMode(path),
    readlink: (path) => base.readlink(path),
    realpath: (path) => base.realpath(path),
  };
}
