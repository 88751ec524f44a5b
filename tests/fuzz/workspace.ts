import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { nodeFs, type ProjectFs } from '../../src/project/fs/project-fs.js';
import type { DirectoryEntry } from '../../src/project/fs/project-fs.js';
import { repoRoot } from '../support/repo-root.js';

/**
 * The folders one fuzzing process works in: a pristine Laravel project that dry runs read (and that must
 * never change), a writable copy that real runs write into and that is put back after each, and a folder
 * for the input files of command-line runs.
 */
export interface Workspace {
  base: string;
  pristine: string;
  writable: string;
  inputs: string;
  /** The pristine project's files, path -> hash, to compare against after every run. */
  pristineTree: ReadonlyMap<string, string>;
  /** What dry runs have read of the pristine project and of fullapi's stubs. */
  reads: ReadCache;
}

export function createWorkspace(): Workspace {
  const base = mkdtempSync(join(tmpdir(), 'fullapi-fuzz-'));
  const pristine = join(base, 'pristine');
  const writable = join(base, 'writable');
  const inputs = join(base, 'inputs');
  cpSync(join(repoRoot(), 'examples', 'laravel-12'), pristine, { recursive: true });
  cpSync(pristine, writable, { recursive: true });
  mkdirSync(inputs);
  return { base, pristine, writable, inputs, pristineTree: hashTree(pristine), reads: newReadCache() };
}

export function disposeWorkspace(workspace: Workspace): void {
  rmSync(workspace.base, { recursive: true, force: true });
}

/**
 * Puts the writable project back as the pristine one is, touching only what differs (removing and copying
 * the whole folder after every real run would cost more than the run).
 */
export function resetWritable(workspace: Workspace): void {
  const current = hashTree(workspace.writable);
  const extra = [...current.keys()].filter((path) => !workspace.pristineTree.has(path)).sort().reverse();
  for (const path of extra) rmSync(join(workspace.writable, path), { recursive: true, force: true });
  for (const [path, hash] of workspace.pristineTree) {
    if (current.get(path) === hash) continue;
    const target = join(workspace.writable, path);
    if (path.endsWith('/')) mkdirSync(target, { recursive: true });
    else {
      mkdirSync(dirname(target), { recursive: true });
      rmSync(target, { recursive: true, force: true });
      copyFileSync(join(workspace.pristine, path), target);
    }
  }
}

/** Every file below `dir`, dotfiles and all, as project-relative path -> SHA-256 of its bytes; symlinks by their target. */
export function hashTree(dir: string): Map<string, string> {
  const tree = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    const key = relative(dir, path).split('\\').join('/');
    if (entry.isFile()) tree.set(key, createHash('sha256').update(readFileSync(path)).digest('hex'));
    else if (entry.isSymbolicLink()) tree.set(key, 'symlink');
    else if (entry.isDirectory()) tree.set(`${key}/`, 'directory');
  }
  return tree;
}

/**
 * What dry runs read, remembered: the pristine project and fullapi's own stubs never change while a
 * process fuzzes (dry runs cannot write, and a command-line run that changed the project is itself a
 * failure), and reading them again for every input would cost more than many inputs' whole run.
 */
export interface ReadCache {
  texts: Map<string, { text: string } | { error: unknown }>;
  exists: Map<string, boolean>;
  entries: Map<string, { entries: DirectoryEntry[] } | { error: unknown }>;
}

export function newReadCache(): ReadCache {
  return { texts: new Map(), exists: new Map(), entries: new Map() };
}

function remembered<T>(cache: Map<string, { error: unknown } | T>, path: string, read: () => T): T {
  let known = cache.get(path);
  if (known === undefined) {
    try {
      known = read();
    } catch (error) {
      known = { error };
    }
    cache.set(path, known);
  }
  if (typeof known === 'object' && known !== null && 'error' in known) throw known.error;
  return known as T;
}

/**
 * The project's file system for a dry run: reads through the cache, one more file that exists only in
 * memory (the input, so that it need not be written), and every writing call refused and recorded.
 */
export function dryRunFs(cache: ReadCache, virtual: { path: string; text: string } | undefined, writes: string[]): ProjectFs {
  const refuse = (call: string) => (path: string) => {
    writes.push(`${call} ${path}`);
    throw new Error(`a dry run called ${call}(${path})`);
  };
  return {
    readFile: (path) => (path === virtual?.path ? virtual.text : remembered(cache.texts, path, () => ({ text: nodeFs.readFile(path) })).text),
    readBytes: (path) => (path === virtual?.path ? Buffer.from(virtual.text, 'utf8') : nodeFs.readBytes(path)),
    exists: (path) => {
      if (path === virtual?.path) return true;
      const known = cache.exists.get(path);
      if (known !== undefined) return known;
      const found = nodeFs.exists(path);
      cache.exists.set(path, found);
      return found;
    },
    readdir: (path) => {
      const { entries } = remembered(cache.entries, path, () => ({ entries: nodeFs.readdir(path) }));
      return virtual !== undefined && dirname(virtual.path) === path ? [...entries, { name: basename(virtual.path), kind: 'file' }] : [...entries];
    },
    entryKind: (path) => (path === virtual?.path ? 'file' : nodeFs.entryKind(path)),
    fileMode: (path) => nodeFs.fileMode(path),
    modifiedTime: (path) => nodeFs.modifiedTime(path),
    readlink: (path) => nodeFs.readlink(path),
    realpath: (path) => nodeFs.realpath(path),
    createFile: refuse('createFile'),
    rename: refuse('rename'),
    unlink: refuse('unlink'),
    mkdir: refuse('mkdir'),
    rmdir: refuse('rmdir'),
  };
}
