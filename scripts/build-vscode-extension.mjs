// The VS Code extension (editors/vscode/) as a .vsix: its code bundled by esbuild into dist/extension.js (with
// vscode-languageclient; `vscode` is VS Code's own), the bundled command line it starts as the language server copied
// into server/ in the npm package's layout (as build-composer-package.mjs does for the Composer package), and
// `vsce package` run on the folder. Needs dist/cli: `npm run package:vscode` compiles first when a source changed.
//
//   node scripts/build-vscode-extension.mjs [--out FILE]     (default: editors/vscode/<name>-<version>.vsix)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { writeCliPackageFolder } from './cli-package-folder.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const extensionDir = join(root, 'editors', 'vscode');
const serverDir = join(extensionDir, 'server');

const { values: options } = parseArgs({ options: { out: { type: 'string' } } });
const manifest = JSON.parse(readFileSync(join(extensionDir, 'package.json'), 'utf8'));
const out = resolve(options.out ?? join(extensionDir, `${manifest.name}-${manifest.version}.vsix`));
if (!existsSync(join(root, 'dist', 'cli', 'fullapi.mjs'))) {
  console.error('dist/cli/fullapi.mjs is missing: compile first (npm run compile)');
  process.exit(1);
}

await build({
  entryPoints: [join(extensionDir, 'src', 'extension.mts')],
  outfile: join(extensionDir, 'dist', 'extension.js'),
  bundle: true,
  // VS Code loads an extension's main with require(), in its own Node (18 in 1.82, engines.vscode's floor).
  format: 'cjs',
  platform: 'node',
  target: 'node18',
  external: ['vscode'],
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'eof',
  logLevel: 'warning',
});

writeCliPackageFolder(root, serverDir);

// --no-dependencies: everything the extension runs is bundled; --allow-missing-repository: the manifest names no
// repository (the project has no public one yet), about which vsce would otherwise ask on the terminal.
const vsce = join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
const packaging = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--out', out], {
  cwd: extensionDir,
  stdio: 'inherit',
});
if (packaging.status !== 0) process.exit(packaging.status ?? 1);
