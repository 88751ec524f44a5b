import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The floor of a run that finds nothing to change: a bare Node process that starts, reads each file a real run
 * wrote and hashes it (SHA-256, as the manifest does), and nothing else. `node floor-read.js <paths> <project>`;
 * `paths` lists the files one a line, project-relative.
 */
const [listPath, root] = process.argv.slice(2);
if (listPath === undefined || root === undefined) throw new Error('usage: floor-read <paths> <project>');
let hashed = 0;
for (const path of readFileSync(listPath, 'utf8').split('\n')) {
  if (path === '') continue;
  hash('sha256', readFileSync(join(root, path)), 'hex');
  hashed++;
}
if (hashed === 0) throw new Error(`no file listed in ${listPath}`);
