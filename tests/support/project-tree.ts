import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { main } from '../../src/cli/main.js';
import { repoRoot } from './repo-root.js';

/** A folder as path -> content, for byte-for-byte comparisons of whole projects. */
export type Tree = Map<string, string>;

export function readTree(dir: string): Tree {
  const tree: Tree = new Map();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    tree.set(relative(dir, path).split('\\').join('/'), readFileSync(path, 'utf8'));
  }
  return new Map([...tree].sort(([a], [b]) => a.localeCompare(b)));
}

export function writeTree(dir: string, tree: Tree): void {
  rmSync(dir, { recursive: true, force: true });
  for (const [path, content] of tree) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
}

/** Files of `after` that are new or differ from `before`. */
export function changedFiles(before: Tree, after: Tree): Tree {
  return new Map([...after].filter(([path, content]) => before.get(path) !== content));
}

/** A fresh copy of an example project (examples/<name>) in a temp folder, with an optional overlay on top. */
export function copyExampleProject(name: string, overlay?: string): string {
  const dir = mkdtempSync(join(tmpdir(), `fullapi-${name}-`));
  cpSync(join(repoRoot(), 'examples', name), dir, { recursive: true });
  if (overlay !== undefined) cpSync(overlay, dir, { recursive: true });
  return dir;
}

export const FIXED_NOW = new Date('2026-01-02T03:04:05Z');

export interface CliRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process against a project, with a fixed clock and no colours. */
export async function runCli(argv: readonly string[], cwd: string, now: Date = FIXED_NOW, stdin = ''): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const exitCode = await main(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    readStdin: () => stdin,
    cwd,
    colors: false,
    now: () => now,
  });
  return { exitCode, stdout, stderr };
}
