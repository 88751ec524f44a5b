/**
 * Installs and runs the PHP oracle: the real laravel/framework source and
 * doctrine/inflector, pinned in `tests/php/oracle/composer.json`, installed once
 * into `.cache/php-oracle/<hash of composer.json>/` and reused until that file
 * changes. Missing `php` or `composer` is an error, never a skip.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../support/repo-root.js';

const MINIMUM_PHP_VERSION = [8, 2] as const;
const INSTALL_TIMEOUT_MS = 10 * 60 * 1000;
const RUN_TIMEOUT_MS = 2 * 60 * 1000;

export function oracleSourceDir(): string {
  return join(repoRoot(), 'tests', 'php', 'oracle');
}

function describeFailure(command: string, result: SpawnSyncReturns<string>): string {
  const output = [result.stdout, result.stderr].filter(Boolean).join('\n').trim();
  const reason = result.error ? result.error.message : `exit code ${String(result.status)}`;
  return `php-oracle: \`${command}\` failed (${reason})${output ? ':\n' + output : ''}`;
}

function run(command: string, args: readonly string[], options: { cwd?: string; input?: string; timeout: number }) {
  return spawnSync(command, args, {
    cwd: options.cwd,
    input: options.input,
    timeout: options.timeout,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, COMPOSER_NO_INTERACTION: '1' },
  });
}

function requireTool(command: string, args: readonly string[]): string {
  const result = run(command, args, { timeout: RUN_TIMEOUT_MS });
  if (result.error && 'code' in result.error && result.error.code === 'ENOENT') {
    throw new Error(
      `php-oracle: \`${command}\` was not found on PATH. The Str oracle test needs PHP ` +
        `${MINIMUM_PHP_VERSION.join('.')}+ and Composer to run the real Laravel code; install them (no skipping).`,
    );
  }
  if (result.status !== 0) {
    throw new Error(describeFailure(`${command} ${args.join(' ')}`, result));
  }
  return result.stdout.trim();
}

function requirePhpAndComposer(): void {
  const version = requireTool('php', ['-r', 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;']);
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [minimumMajor, minimumMinor] = MINIMUM_PHP_VERSION;
  if (major < minimumMajor || (major === minimumMajor && minor < minimumMinor)) {
    throw new Error(`php-oracle: PHP ${version} is too old; Laravel 12 needs ${MINIMUM_PHP_VERSION.join('.')}+.`);
  }
  requireTool('composer', ['--version', '--no-ansi']);
}

function installKey(composerJson: string): string {
  return createHash('sha256').update(readFileSync(composerJson)).digest('hex').slice(0, 16);
}

/** Drops installs for earlier versions of composer.json; `key`'s own scratch directories are left alone. */
function removeOtherInstalls(cacheDir: string, key: string): void {
  for (const entry of readdirSync(cacheDir)) {
    if (!entry.startsWith(key)) {
      rmSync(join(cacheDir, entry), { recursive: true, force: true });
    }
  }
}

/** Runs `composer install` in a scratch directory and moves it into place only when it succeeded. */
function install(composerJson: string, target: string): void {
  const scratch = `${target}.installing-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  copyFileSync(composerJson, join(scratch, 'composer.json'));
  const args = ['install', '--no-dev', '--no-plugins', '--no-scripts', '--no-progress', '--no-ansi'];
  const result = run('composer', args, { cwd: scratch, timeout: INSTALL_TIMEOUT_MS });
  if (result.status !== 0) {
    rmSync(scratch, { recursive: true, force: true });
    throw new Error(describeFailure(`composer ${args.join(' ')} (in ${scratch})`, result));
  }
  if (existsSync(target)) {
    rmSync(scratch, { recursive: true, force: true });
  } else {
    renameSync(scratch, target);
  }
}

/** Path of the oracle's `vendor/autoload.php`, installing it first when needed. */
export function ensureOracleInstalled(): string {
  requirePhpAndComposer();
  const composerJson = join(oracleSourceDir(), 'composer.json');
  const cacheDir = join(repoRoot(), '.cache', 'php-oracle');
  const key = installKey(composerJson);
  const target = join(cacheDir, key);
  const autoload = join(target, 'vendor', 'autoload.php');
  if (!existsSync(autoload)) {
    mkdirSync(cacheDir, { recursive: true });
    removeOtherInstalls(cacheDir, key);
    install(composerJson, target);
  }
  return autoload;
}

/** Runs a PHP script from `tests/php/oracle/` with the autoloader as its first argument and JSON on stdin. */
export function runOracleScript(script: string, input: unknown): unknown {
  const autoload = ensureOracleInstalled();
  const scriptPath = join(oracleSourceDir(), script);
  const result = run('php', [scriptPath, autoload], { input: JSON.stringify(input), timeout: RUN_TIMEOUT_MS });
  if (result.status !== 0) {
    throw new Error(describeFailure(`php ${scriptPath}`, result));
  }
  return JSON.parse(result.stdout);
}
