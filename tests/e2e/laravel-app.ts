import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { phpRunner, type FrameworkMajor, type PhpRunner } from './php-runner.js';
import { runOrThrow } from './processes.js';

/**
 * The Laravel 12 and 13 applications the scenarios generate into, each installed once and cached under
 * `.cache/e2e/laravel-<major>-<key>/` (vendor/ included), the key a hash of this module, which is how it is
 * built, and of the host's PHP version.
 *
 * Each is the real skeleton, `composer create-project laravel/laravel:^<major>` from this machine's Packagist
 * copy, with no stand-in for any package. Composer runs on the host's PHP 8.2 and resolves as PHP 8.3
 * (`config.platform.php`): Laravel 13 needs it, and both skeletons' laravel/pint declares it. The skeleton's
 * Composer scripts (its .env, the key, the SQLite file, package:discover) are run here through the
 * application's own PHP (php-runner.ts), since Laravel 13's artisan does not start on the host's PHP 8.2.
 * Composer here writes no composer.lock: fullapi reads the framework version from vendor/composer/installed.json.
 */

/** The PHP Composer resolves for: the Laravel 13 application runs on it (php83.ts), and laravel/pint requires it. */
const PLATFORM_PHP = '8.3';

/**
 * The skeleton's defaults are the database drivers, whose tables its own migrations create, and a scenario on
 * a legacy database never migrates: the files and the sync queue need no table.
 */
const ENVIRONMENT_SETTINGS: Readonly<Record<string, string>> = {
  CACHE_STORE: 'file',
  SESSION_DRIVER: 'file',
  QUEUE_CONNECTION: 'sync',
};

/** A cold install resolves and downloads about 110 packages. */
const COMPOSER_TIMEOUT_MS = 15 * 60_000;
const ARTISAN_TIMEOUT_MS = 60_000;

const composerEnv = { COMPOSER_NO_INTERACTION: '1', COMPOSER_ALLOW_SUPERUSER: '1' };

/** A hash of how the application is built and of the PHP version, which decides what Composer picks. */
function cacheKey(repo: string, phpVersion: string, framework: FrameworkMajor): string {
  return createHash('sha256')
    .update(`php ${phpVersion}\nlaravel ${framework}\n`)
    .update(readFileSync(join(repo, 'tests', 'e2e', 'laravel-app.ts')))
    .digest('hex')
    .slice(0, 12);
}

/**
 * `composer create-project` without its install and scripts, then the install itself once the platform is
 * pinned: create-project would resolve the skeleton's dependencies for the host's PHP 8.2 before any setting
 * of the skeleton's own could say otherwise. `--ignore-platform-req=php` only lets Composer pick the Laravel
 * 13 skeleton, which requires PHP 8.3, on the host's PHP.
 */
async function createProject(app: string, framework: FrameworkMajor): Promise<void> {
  const options = { cwd: dirname(app), timeoutMs: COMPOSER_TIMEOUT_MS, env: composerEnv };
  await runOrThrow('composer', ['create-project', `laravel/laravel:^${framework}`, app, '--no-install', '--no-scripts', '--ignore-platform-req=php', '--no-progress'], options);
  await runOrThrow('composer', ['config', 'platform.php', PLATFORM_PHP], { ...options, cwd: app });
  await runOrThrow('composer', ['install', '--no-scripts', '--no-progress'], { ...options, cwd: app });
}

/** The skeleton's .env.example with the drivers above; a setting the skeleton no longer has fails the setup. */
function environmentFile(example: string): string {
  let environment = example;
  for (const [name, value] of Object.entries(ENVIRONMENT_SETTINGS)) {
    const line = new RegExp(`^${name}=.*$`, 'm');
    if (!line.test(environment)) throw new Error(`the skeleton's .env.example has no ${name} line to set`);
    environment = environment.replace(line, `${name}=${value}`);
  }
  return environment;
}

/**
 * What the skeleton's Composer scripts do after create-project (post-root-package-install,
 * post-create-project-cmd, post-autoload-dump), but its `migrate`: the scenarios migrate themselves, and the
 * one on a legacy database replaces the file with a database made without Laravel.
 */
async function runSkeletonScripts(app: string, php: PhpRunner): Promise<void> {
  writeFileSync(join(app, '.env'), environmentFile(readFileSync(join(app, '.env.example'), 'utf8')));
  await php.runOrThrow(['artisan', 'key:generate', '--no-interaction'], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS });
  writeFileSync(join(app, 'database', 'database.sqlite'), '');
  await php.runOrThrow(['artisan', 'package:discover'], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS });
}

/** The laravel/framework version Composer installed: fullapi reads it from the same file. */
export function installedFrameworkVersion(app: string): string {
  const installed = JSON.parse(readFileSync(join(app, 'vendor', 'composer', 'installed.json'), 'utf8')) as { packages: { name: string; version: string }[] };
  const framework = installed.packages.find((entry) => entry.name === 'laravel/framework');
  if (framework === undefined) throw new Error(`${app} has no laravel/framework installed`);
  return framework.version;
}

/**
 * Fails the setup, not a scenario, unless the application boots on its PHP and runs the framework of its
 * major that vendor/ holds; returns that version, which the run prints.
 */
async function checkInstalledApp(app: string, php: PhpRunner): Promise<string> {
  const version = installedFrameworkVersion(app);
  if (!version.startsWith(`v${php.framework}.`)) throw new Error(`Composer installed laravel/framework ${version} for Laravel ${php.framework}`);
  const { stdout } = await php.runOrThrow(['artisan', '--version', '--no-ansi'], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS });
  if (!stdout.includes(`Laravel Framework ${version.slice(1)}`)) throw new Error(`php artisan --version printed "${stdout.trim()}", not laravel/framework ${version}`);
  return version;
}

/** Removes the applications of other keys; a build of this key under way in another run is left alone. */
function removeStaleApps(cacheDir: string, keep: string, framework: FrameworkMajor): void {
  for (const name of readdirSync(cacheDir)) {
    if (name.startsWith(`laravel-${framework}-`) && !name.startsWith(keep)) rmSync(join(cacheDir, name), { recursive: true, force: true });
  }
}

/** Moves the build in place; when a concurrent run got there first, its copy is as good. */
export function publishBuild(building: string, path: string): void {
  try {
    renameSync(building, path);
  } catch (cause) {
    if (!existsSync(path)) throw cause;
    rmSync(building, { recursive: true, force: true });
  }
}

export interface CachedApp {
  path: string;
  /** False when this run installed it. */
  reused: boolean;
}

export interface InstalledApp extends CachedApp {
  /** The laravel/framework version vendor/ holds, `v12.72.0`. */
  frameworkVersion: string;
}

/** The installed application: from the cache, or built now (about a minute) when how it is built changed. */
export async function cachedLaravelApp(repo: string, phpVersion: string, framework: FrameworkMajor): Promise<InstalledApp> {
  const cacheDir = join(repo, '.cache', 'e2e');
  const name = `laravel-${framework}-${cacheKey(repo, phpVersion, framework)}`;
  const path = join(cacheDir, name);
  if (existsSync(path)) return { path, reused: true, frameworkVersion: installedFrameworkVersion(path) };
  const building = `${path}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(cacheDir, { recursive: true });
  let frameworkVersion: string;
  try {
    await createProject(building, framework);
    await runSkeletonScripts(building, phpRunner(framework));
    frameworkVersion = await checkInstalledApp(building, phpRunner(framework));
  } catch (cause) {
    rmSync(building, { recursive: true, force: true });
    throw cause;
  }
  publishBuild(building, path);
  removeStaleApps(cacheDir, name, framework);
  return { path, reused: false, frameworkVersion };
}

/**
 * A scenario's own copy of the application. vendor/ is hard-linked (nothing writes there; a copy would take
 * most of the time); every other file is copied, since the scenario edits them and the database.
 */
export async function copyApp(cached: string, target: string): Promise<void> {
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(cached)) {
    if (entry === 'vendor') continue;
    cpSync(join(cached, entry), join(target, entry), { recursive: true });
  }
  await runOrThrow('cp', ['-al', join(cached, 'vendor'), join(target, 'vendor')], { cwd: target, timeoutMs: 120_000 });
}

/**
 * Makes the copy's vendor/ its own before Composer changes it: copyApp hard-links it to the cached
 * application's, and Composer rewrites files in place (vendor/composer/*), which would change the cache too. A vendor/ already its own (a scenario installing two packages) is left as it is.
 */
export async function ownVendor(app: string): Promise<void> {
  const vendor = join(app, 'vendor');
  if (statSync(join(vendor, 'autoload.php')).nlink === 1) return;
  const copy = join(app, 'vendor.own');
  await runOrThrow('cp', ['-R', vendor, copy], { cwd: app, timeoutMs: 120_000 });
  rmSync(vendor, { recursive: true, force: true });
  renameSync(copy, vendor);
}
