import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FileMemory } from '../../src/project/watch/file-memory.js';
import { WRITTEN_FOLDERS } from '../../src/project/write/leftovers.js';
import { nodeFs } from '../../src/project/fs/project-fs.js';

/**
 * What a project's watcher (watchProject) tells a watch session's memory, told by hand: a test then runs the
 * session's runs one after another, as a watcher that has heard everything would have them, without waiting.
 */
export interface HeardProject {
  /** The watcher watches the project's root and every folder below the folders fullapi writes, as they are now. */
  watchFolders(): void;
  /** The watcher heard of a change of this project-relative path. */
  hear(path: string): void;
}

export function heardProject(project: string, memory: FileMemory): HeardProject {
  return {
    watchFolders() {
      memory.watching(project);
      for (const folder of WRITTEN_FOLDERS) for (const path of foldersFrom(join(project, folder))) memory.watching(path);
    },
    hear(path) {
      memory.heard(join(project, path), nodeFs.entryKind(join(project, path)));
    },
  };
}

function foldersFrom(folder: string): string[] {
  try {
    return [folder, ...readdirSync(folder, { withFileTypes: true, recursive: true }).filter((entry) => entry.isDirectory()).map((entry) => join(entry.parentPath, entry.name))];
  } catch {
    return [];
  }
}
