import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The floor of a generation: a bare Node process that starts, creates the folders and writes the same bytes to
 * the same paths as a real run wrote, and nothing else. `node floor-write.js <pack> <project>`; the pack (see
 * bench/file-pack.ts) holds those files, read in one go as a generator holds them in memory.
 */
const [packPath, root] = process.argv.slice(2);
if (packPath === undefined || root === undefined) throw new Error('usage: floor-write <pack> <project>');
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
  writeFileSync(target, pack.subarray(offset, offset + length));
  offset += length;
}
