import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The files a run wrote, for the floors to write and read again: every file of the project that the pristine
 * copy it started from does not have, or has with other bytes.
 */
export function writtenFiles(pristine: string, project: string): Map<string, Buffer> {
  const before = filesOf(pristine);
  const written = new Map<string, Buffer>();
  for (const [path, content] of filesOf(project)) {
    if (!before.get(path)?.equals(content)) written.set(path, content);
  }
  return written;
}

/** A JSON header line of `[path, byte length]` pairs, then the contents one after another (read by floor-write.ts). */
export function writePack(path: string, files: ReadonlyMap<string, Buffer>): void {
  const header = JSON.stringify([...files].map(([name, content]) => [name, content.length]));
  writeFileSync(path, Buffer.concat([Buffer.from(`${header}\n`), ...files.values()]));
}

/** The paths one a line (read by floor-read.ts). */
export function writePathList(path: string, files: ReadonlyMap<string, Buffer>): void {
  writeFileSync(path, `${[...files.keys()].join('\n')}\n`);
}

function filesOf(root: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(root, path).split('\\').join('/'), readFileSync(path));
  }
  return files;
}
