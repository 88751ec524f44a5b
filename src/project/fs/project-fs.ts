import * as nodeFsModule from 'node:fs';
import { utf8Text } from '../../text/utf8-text.js';

/** What a directory entry is, not following a final symbolic link. */
export type EntryKind = 'file' | 'directory' | 'link' | 'other';

export interface DirectoryEntry {
  name: string;
  kind: EntryKind;
}

/**
 * Every file system call the writer makes, synchronous and on absolute paths. Injected so tests can
 * make any single call fail and check that the project is left as it was.
 * Methods throw the operating system's error; callers turn it into a diagnostic.
 */
export interface ProjectFs {
  /** UTF-8 text of a file; a UTF-16 file is refused (utf8-text.ts). */
  readFile(path: string): string;
  /** A file's bytes as they are: for hashing what is there without decoding it. */
  readBytes(path: string): Uint8Array;
  /**
   * Creates a file that must not exist yet, with exactly `mode` when given (no umask) or the default mode.
   * The content is a text, or pieces written one after the other.
   * Fails with EEXIST when anything has that name, a dangling symbolic link included, so a link planted at
   * the name is never followed. A failure after creating the file removes it again.
   */
  createFile(path: string, content: string | readonly string[], mode?: number): void;
  /** Permission bits of a file, following symbolic links. */
  fileMode(path: string): number;
  /** When a file's content was last written, in milliseconds since the epoch, following symbolic links. */
  modifiedTime(path: string): number;
  /** Replaces `to` if it exists (a link at `to` is replaced, not followed). */
  rename(from: string, to: string): void;
  unlink(path: string): void;
  /** Creates one directory; the parent must exist (so the caller knows exactly what it created). */
  mkdir(path: string): void;
  /** Removes an empty directory. */
  rmdir(path: string): void;
  /** Entries of a directory, unsorted. */
  readdir(path: string): DirectoryEntry[];
  /** Whether a path leads to something, following symbolic links (a dangling link does not exist). */
  exists(path: string): boolean;
  /** What is at a path without following a final link; undefined when nothing is (or a parent is not a directory). */
  entryKind(path: string): EntryKind | undefined;
  /** The text of a symbolic link, as written in it (often relative to the link's directory). */
  readlink(path: string): string;
  /** The absolute path with every link resolved; fails when it leads nowhere. */
  realpath(path: string): string;
}

export const nodeFs: ProjectFs = {
  readFile: (path) => utf8Text(nodeFsModule.readFileSync(path)),
  readBytes: (path) => nodeFsModule.readFileSync(path),
  createFile,
  fileMode: (path) => nodeFsModule.statSync(path).mode & 0o7777,
  modifiedTime: (path) => nodeFsModule.statSync(path).mtimeMs,
  rename: (from, to) => nodeFsModule.renameSync(from, to),
  unlink: (path) => nodeFsModule.unlinkSync(path),
  mkdir: (path) => nodeFsModule.mkdirSync(path),
  rmdir: (path) => nodeFsModule.rmdirSync(path),
  readdir: (path) => nodeFsModule.readdirSync(path, { withFileTypes: true }).map((entry) => ({ name: entry.name, kind: kindOf(entry) })),
  exists: (path) => nodeFsModule.existsSync(path),
  entryKind,
  readlink: (path) => nodeFsModule.readlinkSync(path),
  realpath: (path) => nodeFsModule.realpathSync.native(path),
};

function createFile(path: string, content: string | readonly string[], mode?: number): void {
  // 'wx' is O_CREAT | O_EXCL: the kernel refuses any existing name and never follows a link there.
  const descriptor = nodeFsModule.openSync(path, 'wx');
  try {
    // fchmod, not the open's mode argument, which the umask would narrow; only when needed, as some file
    // systems (mounted Windows drives) refuse it.
    if (mode !== undefined && (nodeFsModule.fstatSync(descriptor).mode & 0o7777) !== mode) nodeFsModule.fchmodSync(descriptor, mode);
    if (typeof content === 'string') nodeFsModule.writeFileSync(descriptor, content, 'utf8');
    else for (const piece of content) nodeFsModule.writeFileSync(descriptor, piece, 'utf8');
  } catch (cause) {
    nodeFsModule.closeSync(descriptor);
    nodeFsModule.rmSync(path, { force: true });
    throw cause;
  }
  nodeFsModule.closeSync(descriptor);
}

function entryKind(path: string): EntryKind | undefined {
  try {
    return kindOf(nodeFsModule.lstatSync(path));
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw cause;
  }
}

function kindOf(entry: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): EntryKind {
  if (entry.isSymbolicLink()) return 'link';
  if (entry.isFile()) return 'file';
  if (entry.isDirectory()) return 'directory';
  return 'other';
}

/** The operating system's wording of a failure, e.g. `EACCES: permission denied, open '/x'`. */
export function describeOsError(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
