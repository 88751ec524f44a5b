// The command users run, as a few files in dist/cli/ (package.json's "bin"), built from tsc's output.
//
// Start-up is most of a small run's cost, and loading ~850 separate modules (640 of them lodash-es files of
// chevrotain's unbundled build) was most of start-up. One bundle with a chunk per command's dependencies
// lets `--help` load the command line alone and `make` what it needs; chevrotain comes from its own bundled
// build. Identifiers are kept, so that a report of an internal error still names its functions.
import { copyFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist/cli`;

rmSync(outdir, { recursive: true, force: true });
await build({
  // The language server plans against the project on a thread of its own, started from a module of its own.
  entryPoints: { fullapi: `${root}dist/src/cli/bin.js`, 'project-check-worker': `${root}dist/src/lsp/project-check-worker.js` },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'eof',
  logLevel: 'warning',
  // pg's optional native binding is never used (and never installed): the pure-JavaScript client is.
  external: ['pg-native'],
  // jsonc-parser's main is a UMD build whose require() esbuild cannot follow: its ES module build is bundled instead.
  alias: { chevrotain: `${root}node_modules/chevrotain/lib/chevrotain.mjs`, 'jsonc-parser': `${root}node_modules/jsonc-parser/lib/esm/main.js` },
  // The CommonJS packages bundled (ejs, php-parser) call require() for Node's own modules.
  // sql.js (Emscripten's CommonJS output) asks for __dirname too.
  banner: {
    js: "import { createRequire as fullapiRequire } from 'node:module'; import { dirname as fullapiDirname } from 'node:path'; import { fileURLToPath as fullapiPath } from 'node:url'; const require = fullapiRequire(import.meta.url); const __dirname = fullapiDirname(fullapiPath(import.meta.url));",
  },
  outExtension: { '.js': '.mjs' },
});
// SQLite is read by sql.js, SQLite compiled to WebAssembly: its .wasm ships beside the bundle (read-sqlite.ts).
copyFileSync(`${root}node_modules/sql.js/dist/sql-wasm.wasm`, `${outdir}/sql-wasm.wasm`);
