import * as nodeFsModule from 'node:fs';

/**
 * Every file system call the writer makes, synchronous and on absolute paths. Injected so tests can
 * make any single call fail and check that the project is left as it was.
 * Methods throw the operating system's error; callers turn it into a diagnostic.
 */
export interface ProjectFs {
  /** UTF-8 text of a file. */
  readFile(path: string): string;
  /** Creates or truncates a file. */
  writeFile(path: string, content: string): void;
  /** Replaces `to` if it exists. */
  rename(from: string, to: string): void;
  unlink(path: string): void;
  /** Creates one directory; the parent must exist (so the caller knows exactly what it created). */
  mkdir(path: string): void;
  /** Removes an empty directory. */
  rmdir(path: string): void;
  /** Entry names of a directory, unsorted. */
  readdir(path: string): string[];
  exists(path: string): boolean;
}

export const nodeFs: ProjectFs = {
  readFile: (path) => nodeFsModule.readFileSync(path, 'utf8'),
  writeFile: (path, content) => nodeFsModule.writeFileSync(path, content, 'utf8'),
  rename: (from, to) => nodeFsModule.renameSync(from, to),
  unlink: (path) => nodeFsModule.unlinkSync(path),
  mkdir: (path) => nodeFsModule.mkdirSync(path),
  rmdir: (path) => nodeFsModule.rmdirSync(path),
  readdir: (path) => nodeFsModule.readdirSync(path),
  exists: (path) => nodeFsModule.existsSync(path),
};

/** The operating system's wording of a failure, e.g. `EACCES: permission denied, open '/x'`. */
export function describeOsError(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
