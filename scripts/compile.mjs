// `npm run compile`: dist/ from the sources (tsc), then the CLI bundle (bundle-cli.mjs), and a hash of every
// input beside them in dist/, so that `--if-stale` (what `npm test` and the other runners call) compiles only
// when a source changed since: after `npm install`, which compiles (prepare), the tests start at once, and
// after an edit they run on what was edited. The Composer package's generated half (build-composer-package.mjs)
// is made on every run, compiled or not.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const stampFile = join(dist, '.inputs-sha256');
/** tsconfig.json's `include`, whose TypeScript tsc reads (the VS Code extension's as .mts: ES modules in a CommonJS package). */
const SOURCE_FOLDERS = ['src', 'tests', 'grammar', 'bench', 'editors/vscode/src'];
/** Everything else the output depends on: the compiler's settings, the packages bundled, the build's own steps. */
const OTHER_INPUTS = ['tsconfig.json', 'package-lock.json', 'scripts/compile.mjs', 'scripts/bundle-cli.mjs'];
/** The Composer package's copy of the bundle, stubs and schemas: made again on every run, since a stub changes nothing tsc reads. */
const COMPOSER_PACKAGE_BUILD = join(root, 'scripts', 'build-composer-package.mjs');

function typeScriptFiles(folder) {
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.m?ts$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

function inputsHash() {
  const hash = createHash('sha256');
  const files = [...SOURCE_FOLDERS.flatMap(typeScriptFiles), ...OTHER_INPUTS].sort();
  for (const file of files) hash.update(`${file}\n`).update(readFileSync(join(root, file))).update('\n');
  return hash.digest('hex');
}

function isFresh(hash) {
  return existsSync(join(dist, 'cli', 'fullapi.mjs')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash;
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const hash = inputsHash();
if (process.argv.includes('--if-stale') && isFresh(hash)) {
  console.log('dist/ is compiled from the sources as they are: not compiled again');
} else {
  const started = Date.now();
  rmSync(dist, { recursive: true, force: true });
  run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json']);
  run(process.execPath, [join(root, 'scripts', 'bundle-cli.mjs')]);
  writeFileSync(stampFile, hash);
  console.log(`compiled in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}
run(process.execPath, [COMPOSER_PACKAGE_BUILD]);
