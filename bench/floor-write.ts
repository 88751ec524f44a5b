import { closeSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * The floor of a generation: a bare Node process that starts, creates the folders and writes the same bytes to
 * the same paths as a real run wrote, and nothing else. `node floor-write.js <pack> <project> [--atomic]`; the
 * pack (see bench/file-pack.ts) holds those files, read in one go as a generator holds them in memory.
 *
 * With `--atomic`, each file is written as fullapi's all-or-nothing writer must at the least: created
 * exclusively under a temp name beside its target, then renamed into place. No check, backup or rollback:
 * the least an atomic write costs on this file system, to set beside the plain floor.
 */
const [packPath, root, mode] = process.argv.slice(2);
if (packPath === undefined || root === undefined || (mode !== undefined && mode !== '--atomic')) throw new Error('usage: floor-write <pack> <project> [--atomic]');
const pack = readFileSync(packPath);
const headerEnd = pack.indexOf(10);
const files = JSON.parse(pack.subarray(0, headerEnd).toString('utf8')) as [string, number][];
const made = new Set<string>();
let offset = headerEnd + 1;
for (const [path, length] of files) {
  const target = join(root, path);
  const folder = dirname(target);
  if (!made.has(folder)) {
    mkdirSync(folder, { recursive: true });
    made.add(folder);
  }
  const content = pack.subarray(offset, offset + length);
  if (mode === '--atomic') {
    const temp = join(folder, `.${basename(target)}.fullapi-floor.tmp`);
    const descriptor = openSync(temp, 'wx');
    writeFileSync(descriptor, content);
    closeSync(descriptor);
    renameSync(temp, target);
  } else {
    writeFileSync(target, content);
  }
  offset += length;
}
