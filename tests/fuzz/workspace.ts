import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { nodeFs, type ProjectFs } from '../../src/project/index.js';
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
}

export function createWorkspace(): Workspace {
  const base = mkdtempSync(join(tmpdir(), 'fullapi-fuzz-'));
  const pristine = join(base, 'pristine');
  const writable = join(base, 'writable');
  const inputs = join(base, 'inputs');
  cpSync(join(repoRoot(), 'examples', 'laravel-12'), pristine, { recursive: true });
  cpSync(pristine, writable, { recursive: true });
  mkdirSync(inputs);
  return { base, pristine, writable, inputs, pristineTree: hashTree(pristine) };
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
 * The project's file system with one more file that exists only in memory (the input of a dry run, so
 * that it need not be written), and every writing call refused and recorded: a dry run writes nothing.
 */
export function dryRunFs(virtual: { path: string; text: string } | undefined, writes: string[]): ProjectFs {
  const refuse = (call: string) => (path: string) => {
    writes.push(`${call} ${path}`);
    throw new Error(`a dry run called ${call}(${path})`);
  };
  return {
    readFile: (path) => (path === virtual?.path ? virtual.text : nodeFs.readFile(path)),
    exists: (path) => path === virtual?.path || nodeFs.exists(path),
    readdir: (path) => {
      const names = nodeFs.readdir(path);
      return virtual !== undefined && dirname(virtual.path) === path ? [...names, basename(virtual.path)] : names;
    },
    writeFile: refuse('writeFile'),
    rename: refuse('rename'),
    unlink: refuse('unlink'),
    mkdir: refuse('mkdir'),
    rmdir: refuse('rmdir'),
  };
}
