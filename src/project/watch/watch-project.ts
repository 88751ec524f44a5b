import { readdirSync, watch, type FSWatcher } from 'node:fs';
import { join, sep } from 'node:path';
import type { FileMemory } from './file-memory.js';
import { WRITTEN_FOLDERS } from '../write/leftovers.js';
import { nodeFs, type EntryKind } from '../fs/project-fs.js';

export interface ProjectWatcher {
  close(): void;
}

/**
 * Watches the folders fullapi writes (each of them and every folder below, and the project root for its own
 * files), telling `memory` which folders it watches and what changes in them: a watch session then keeps
 * the texts of the project's files and the listings of its folders, and reads again only what changed. One watch per folder, as the kernel
 * reports the changes of a folder's own entries; a folder that appears is watched as it appears, one that
 * goes away or whose watch fails is dropped. Symbolic links are not followed: files behind one are never
 * kept, and are read from the disk on every run.
 */
export function watchProject(root: string, memory: FileMemory): ProjectWatcher {
  const handles = new Map<string, FSWatcher>();

  const stop = (folder: string): void => {
    const prefix = `${folder}${sep}`;
    for (const [watched, handle] of handles) {
      if (watched !== folder && !watched.startsWith(prefix)) continue;
      handle.close();
      handles.delete(watched);
    }
    memory.notWatching(folder);
  };

  const start = (folder: string, withSubfolders: boolean): void => {
    if (handles.has(folder)) return;
    let handle: FSWatcher;
    try {
      handle = watch(folder, { persistent: false }, (_event, name) => changed(folder, name, withSubfolders));
    } catch {
      return;
    }
    handle.on('error', () => stop(folder));
    handles.set(folder, handle);
    memory.watching(folder);
    if (withSubfolders) for (const name of subfolders(folder)) start(join(folder, name), true);
  };

  const changed = (folder: string, name: string | Buffer | null, withSubfolders: boolean): void => {
    if (name === null) {
      // The kernel did not say which entry: all of the folder's may have changed.
      memory.changed(folder);
      return;
    }
    const path = join(folder, name.toString());
    // What is there now, rather than what the event says happened: events of one entry come in bursts, and late.
    const now = entryKindOf(path);
    if (now === 'unknowable') memory.changed(path);
    else memory.heard(path, now);
    const isWrittenFolder = withSubfolders || (folder === root && WRITTEN_FOLDERS.includes(name.toString()));
    if (!isWrittenFolder) return;
    // A folder renamed, removed or put in another's place: its watch followed the old one, so it starts over.
    if (handles.has(path)) stop(path);
    if (now === 'directory') start(path, true);
  };

  start(root, false);
  for (const folder of WRITTEN_FOLDERS) start(join(root, folder), true);
  return {
    close() {
      for (const handle of handles.values()) handle.close();
      handles.clear();
      memory.forgetAll();
    },
  };
}

function subfolders(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** What is at `path`, not following a link. */
function entryKindOf(path: string): EntryKind | undefined | 'unknowable' {
  try {
    return nodeFs.entryKind(path);
  } catch {
    return 'unknowable';
  }
}
