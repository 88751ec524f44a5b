import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Every file and directory under `root`, as project-relative path -> content, sorted by path.
 * Directories appear as `path/` -> '' so a test also sees an empty directory left behind; a symbolic
 * link as `path@` -> its text, not followed.
 */
export function snapshotTree(root: string): Record<string, string> {
  const entries: [string, string][] = [];
  const visit = (relative: string): void => {
    for (const entry of readdirSync(join(root, relative), { withFileTypes: true })) {
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isSymbolicLink()) {
        entries.push([`${path}@`, readlinkSync(join(root, path))]);
      } else if (entry.isDirectory()) {
        entries.push([`${path}/`, '']);
        visit(path);
      } else {
        entries.push([path, readFileSync(join(root, path), 'utf8')]);
      }
    }
  };
  visit('');
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries);
}

/** Writes project-relative path -> content, creating directories. */
export function writeTree(root: string, files: Readonly<Record<string, string>>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

const temporaryRoots: string[] = [];
process.on('exit', () => {
  for (const root of temporaryRoots) rmSync(root, { recursive: true, force: true });
});

/** A fresh directory under the system temp dir, optionally filled with `files`; removed when the process exits. */
export function temporaryTree(files: Readonly<Record<string, string>> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'fullapi-test-'));
  temporaryRoots.push(root);
  writeTree(root, files);
  return root;
}
