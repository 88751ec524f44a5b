// The bundled command line as the Composer package and the VS Code extension each carry it: dist/cli with the stubs
// and schemas beside it, and a package.json naming it, by which the bundle finds its stubs and schemas.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes the folder `target` anew from the repository at `root`. */
export function writeCliPackageFolder(root, target) {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  rmSync(target, { recursive: true, force: true });
  for (const folder of ['dist/cli', 'stubs', 'schemas']) cpSync(join(root, folder), join(target, folder), { recursive: true });
  writeFileSync(join(target, 'package.json'), `${JSON.stringify({ name: manifest.name, version: manifest.version, type: 'module', private: true }, null, 2)}\n`);
}
