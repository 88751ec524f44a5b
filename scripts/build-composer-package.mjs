// The generated half of the Composer package (composer/): the bundled command line it runs with Node, with its
// stubs and schemas and a package.json naming it (the bundle finds its stubs by that name), what artisan needs to know
// of fullapi, derived from the command table (resources/fullapi.json), and the config file `vendor:publish` copies. Run by
// compile.mjs after every compile, and at release time before the package is published (composer/README.md).
// Nothing is done when what it is made from is unchanged (a hash beside it), so a second run changes nothing and
// two runners starting at once (CI's `npm test` beside `npm run test:e2e`) leave it alone after `npm install` made it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCliPackageFolder } from './cli-package-folder.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const packageDir = join(root, 'composer');
const cliDir = join(packageDir, 'resources', 'cli');

const stampFile = join(packageDir, 'resources', '.inputs-sha256');

function inputsHash() {
  const hash = createHash('sha256');
  const files = ['package.json', ...['dist/cli', 'stubs', 'schemas', 'dist/src'].flatMap((folder) => filesUnder(join(root, folder)))].sort();
  for (const file of files) hash.update(`${file}\n`).update(readFileSync(join(root, file))).update('\n');
  return hash.digest('hex');
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

const hash = inputsHash();
if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash) process.exit(0);

const { artisanManifest } = await import(join(root, 'dist', 'src', 'cli', 'artisan-manifest.js'));
const { defaultConfigSource } = await import(join(root, 'dist', 'src', 'pipeline', 'publish', 'default-config.js'));
const { readBuiltInStubs } = await import(join(root, 'dist', 'src', 'project', 'read', 'stubs.js'));
const { nodeFs } = await import(join(root, 'dist', 'src', 'project', 'fs', 'project-fs.js'));

function writeIfChanged(path, content) {
  if (existsSync(path) && readFileSync(path, 'utf8') === content) return;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

writeCliPackageFolder(root, cliDir);

writeIfChanged(join(packageDir, 'resources', 'fullapi.json'), `${JSON.stringify(artisanManifest(), null, 2)}\n`);
const stubs = readBuiltInStubs(root, nodeFs);
const config = stubs.stubs === undefined ? undefined : defaultConfigSource(stubs.stubs);
if (config === undefined || !config.ok) {
  console.error(`the package's config/api-generator.php cannot be rendered: ${JSON.stringify(config?.diagnostic ?? stubs.diagnostics)}`);
  process.exit(1);
}
writeIfChanged(join(packageDir, 'config', 'api-generator.php'), config.text);
writeFileSync(stampFile, hash);
