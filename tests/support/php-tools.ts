import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** `php -l` on each file (`-n`: no ini file, a third of the start-up time); returns the messages of the files that do not parse. */
export function phpLintFailures(files: readonly string[]): string[] {
  requireCommand('php', 'apt-get install php-cli');
  return files.flatMap((file) => {
    const result = spawnSync('php', ['-n', '-l', file], { encoding: 'utf8' });
    return result.status === 0 ? [] : [`${file}: ${result.stdout}${result.stderr}`.trim()];
  });
}

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
  const unpacked = join(home, 'unpacked', 'pint');
  const installed = join(home, 'vendor', 'laravel', 'pint', 'builds', 'pint');
  if (!existsSync(installed)) installPint(home);
  if (phpIsAtLeast83()) return ['php', installed];
  if (!existsSync(unpacked)) unpackForPhp82(installed, join(home, 'unpacked'));
  return ['php', unpacked];
}

function installPint(home: string): void {
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'composer.json'), `${JSON.stringify({ 'require-dev': { 'laravel/pint': PINT_CONSTRAINT } }, null, 2)}\n`);
  const result = spawnSync('composer', ['install', '--no-interaction', '--no-progress', '--ignore-platform-req=php'], {
    cwd: home,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`composer could not install laravel/pint ${PINT_CONSTRAINT}:\n${result.stdout}${result.stderr}`);
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
