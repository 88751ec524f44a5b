import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { repoRoot } from './repo-root.js';

/**
 * PHP tools the tests run on generated code. They fail loudly when PHP or Composer is missing: a
 * check that cannot run must never pass.
 */

const PINT_CONSTRAINT = '^1.28';

export function requireCommand(command: string, install: string): void {
  const probe = spawnSync(command, ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0) throw new Error(`\`${command}\` is not available (${install}); these tests cannot run without it`);
}

/**
 * What `php -l` says of each file, for any number of files in one php process (php-compile.php); returns the
 * messages of the files that do not compile. A process per file costs about 30 ms of start-up each, most of the
 * check of the golden cases' 700 files.
 */
export function phpLintFailures(files: readonly string[]): string[] {
  requireCommand('php', 'apt-get install php-cli');
  if (files.length === 0) return [];
  const dir = mkdtempSync(join(tmpdir(), 'fullapi-php-compile-'));
  try {
    const listFile = join(dir, 'files.txt');
    writeFileSync(listFile, `${files.join('\n')}\n`);
    const failures: string[] = [];
    let first = 0;
    while (first < files.length) {
      const run = spawnSync('php', [...PHP_COMPILE_SETTINGS, join(repoRoot(), 'tests', 'support', 'php-compile.php'), listFile, String(first)], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      if (run.status === 2) throw new Error(run.stderr.trim());
      const lines = run.stdout.split('\n');
      let last = first - 1;
      for (const line of lines) {
        const [index, message] = line.split('\t');
        if (index === undefined || !/^\d+$/.test(index)) continue;
        last = Number(index);
        if (message !== undefined) failures.push(`${files[last]}: ${JSON.parse(message) as string}`);
      }
      if (lines.includes('done')) break;
      // The process died on the file it had started: that file fails; the check goes on after it.
      const crashed = Math.max(last, first);
      failures.push(`${files[crashed]}: php died: ${run.stderr.trim()}`);
      first = crashed + 1;
    }
    return failures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** No ini file but OPcache (`-n`: half the start-up), which a check of one file pays as much as the compile. */
const PHP_COMPILE_SETTINGS = ['-n', '-d', 'zend_extension=opcache.so', '-d', 'opcache.enable_cli=1', '-d', 'display_errors=1', '-d', 'log_errors=0', '-d', 'html_errors=0', '-d', 'error_reporting=-1'];

function phpIsAtLeast83(): boolean {
  const version = execFileSync('php', ['-r', 'echo PHP_VERSION_ID;'], { encoding: 'utf8' });
  return Number(version) >= 80300;
}

/**
 * The path of a Pint that runs here, installed once under .cache/pint. Pint >= 1.30 declares PHP 8.3,
 * and this machine has 8.2: on PHP < 8.3 the phar is unpacked, its platform check disabled, and the
 * typed class constants (the only 8.3 syntax it contains) made untyped. The rules are Pint's own.
 */
export function pintCommand(): string[] {
  requireCommand('php', 'apt-get install php-cli');
  requireCommand('composer', 'install Composer');
  const home = join(repoRoot(), '.cache', 'pint');
  const runsAsIs = phpIsAtLeast83();
  const pint = join(home, ...(runsAsIs ? PHAR : ['unpacked', 'pint']));
  if (!existsSync(pint)) installPint(home, pint, runsAsIs);
  return ['php', pint];
}

const PHAR = ['vendor', 'laravel', 'pint', 'builds', 'pint'];

/**
 * Installs into a folder of its own, then moves it in place: test files run in parallel, and two that want
 * Pint first on a fresh clone must not install over each other. The one that comes second keeps the first's.
 */
function installPint(home: string, pint: string, runsAsIs: boolean): void {
  mkdirSync(dirname(home), { recursive: true });
  const building = mkdtempSync(`${home}.building-`);
  try {
    writeFileSync(join(building, 'composer.json'), `${JSON.stringify({ 'require-dev': { 'laravel/pint': PINT_CONSTRAINT } }, null, 2)}\n`);
    const result = spawnSync('composer', ['install', '--no-interaction', '--no-progress', '--ignore-platform-req=php'], {
      cwd: building,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`composer could not install laravel/pint ${PINT_CONSTRAINT}:\n${result.stdout}${result.stderr}`);
    if (!runsAsIs) unpackForPhp82(join(building, ...PHAR), join(building, 'unpacked'));
    renameSync(building, home);
  } catch (cause) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(pint)) throw cause;
  }
}

function unpackForPhp82(phar: string, target: string): void {
  rmSync(target, { recursive: true, force: true });
  const copy = `${target}.phar`;
  writeFileSync(copy, readFileSync(phar));
  execFileSync('php', ['-r', `(new Phar(${JSON.stringify(copy)}))->extractTo(${JSON.stringify(target)});`]);
  rmSync(copy);
  writeFileSync(join(target, 'vendor', 'composer', 'platform_check.php'), '<?php\n');
  for (const file of phpFilesUnder(target)) {
    const source = readFileSync(file, 'utf8');
    const untyped = source.replace(/^(\s*(?:(?:public|protected|private|final)\s+)*const\s+)(?:\??[a-z]+)\s+([A-Z_][A-Z0-9_]*\s*=)/gm, '$1$2');
    if (untyped !== source) writeFileSync(file, untyped);
  }
}

function phpFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.php'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Runs `pint --test` over a directory with the laravel preset; returns Pint's report when it wants changes. */
export function pintProblems(dir: string): string | undefined {
  const [php, pint] = pintCommand() as [string, string];
  const result = spawnSync(php, [pint, '--test', '--preset=laravel', '-v', dir], { cwd: dir, encoding: 'utf8' });
  if (result.status === 0) return undefined;
  return `${result.stdout}${result.stderr}`.trim();
}
