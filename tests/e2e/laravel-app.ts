import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { phpRunner, type FrameworkMajor, type PhpRunner } from './php-runner.js';
import { runOrThrow } from './processes.js';

/**
 * The Laravel 12 and 13 applications the scenarios generate into, each installed once and cached under
 * `.cache/e2e/laravel-<major>-<key>/` (vendor/ included), the key a hash of everything it is built from.
 *
 * laravel/laravel is not in this machine's Packagist copy, so the skeleton's files are written in
 * tests/e2e/skeleton/ and examples/laravel-12/ (the files fullapi edits, the same as the demo uses), and
 * vendor/ is the real laravel/framework ^12 that Composer installs, plus the stand-ins of tests/e2e/shims/
 * for five packages the copy lacks.
 */

/** Files of examples/laravel-12 the app takes as they are: the ones fullapi reads and edits. */
const EXAMPLE_FILES = [
  'app/Http/Controllers/Controller.php',
  'bootstrap/app.php',
  'database/seeders/DatabaseSeeder.php',
  'routes/console.php',
  'routes/web.php',
];

/** Empty folders a Laravel application needs at run time or that fullapi writes into. */
const EMPTY_FOLDERS = [
  'bootstrap/cache',
  'config',
  'database/seeders',
  'resources/views',
  'storage/app/public',
  'storage/framework/cache/data',
  'storage/framework/sessions',
  'storage/framework/testing',
  'storage/framework/views',
  'storage/logs',
  'tests/Feature',
  'tests/Unit',
];

/** PHP 8.4 / 8.5 functions the installed framework calls; each must come from PHP, a polyfill or a shim. */
const FUNCTIONS_THE_FRAMEWORK_CALLS = [
  'array_all',
  'array_any',
  'array_find',
  'array_find_key',
  'array_first',
  'array_last',
  'get_error_handler',
  'get_exception_handler',
];

/** A cold install resolves and downloads about 90 packages. */
const COMPOSER_TIMEOUT_MS = 15 * 60_000;
const ARTISAN_TIMEOUT_MS = 60_000;

interface AppSources {
  skeleton: string;
  shims: string;
  examples: string;
}

function appSources(repo: string): AppSources {
  return {
    skeleton: join(repo, 'tests', 'e2e', 'skeleton'),
    shims: join(repo, 'tests', 'e2e', 'shims'),
    examples: join(repo, 'examples', 'laravel-12'),
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** A hash of every source file (path and content) and of the PHP version, which decides what Composer picks. */
function cacheKey(sources: AppSources, phpVersion: string, framework: FrameworkMajor): string {
  const hash = createHash('sha256').update(`php ${phpVersion}\nlaravel ${framework}\n`);
  const files = [
    ...filesUnder(sources.skeleton),
    ...filesUnder(sources.shims),
    ...EXAMPLE_FILES.map((file) => join(sources.examples, file)),
  ];
  for (const file of files) hash.update(`${relative(sources.skeleton, file)}\n`).update(readFileSync(file)).update('\n');
  return hash.digest('hex').slice(0, 12);
}

function environmentFile(): string {
  return [
    'APP_NAME=Laravel',
    'APP_ENV=local',
    `APP_KEY=base64:${randomBytes(32).toString('base64')}`,
    'APP_DEBUG=true',
    'APP_URL=http://localhost',
    '',
    'DB_CONNECTION=sqlite',
    '',
    // The skeleton's defaults are the database drivers, whose tables its other migrations create; the
    // files and the sync queue need no table.
    'CACHE_STORE=file',
    'SESSION_DRIVER=file',
    'QUEUE_CONNECTION=sync',
    '',
  ].join('\n');
}

/**
 * The skeleton's composer.json made Laravel 13's: PHPUnit 12, and the PHP 8.3 the application runs on
 * pinned for Composer, which runs on the host's PHP 8.2. Laravel 13 wants newer polyfills than the copy
 * of Packagist here has: declared provided, and PHP 8.6's SortDirection, which its query builder names,
 * from a shim.
 */
function laravel13Composer(composer: Record<string, any>): Record<string, any> {
  return {
    ...composer,
    name: 'fullapi/e2e-laravel-13',
    description: "The Laravel 13 application fullapi's end-to-end tests generate into (tests/e2e).",
    require: { php: '^8.3', 'laravel/framework': '^13.0' },
    'require-dev': { ...composer['require-dev'], 'phpunit/phpunit': '^12.0' },
    provide: { ...composer['provide'], 'symfony/polyfill-php85': '1.36.0', 'symfony/polyfill-php86': '1.36.0' },
    autoload: { ...composer['autoload'], files: [...composer['autoload'].files, 'e2e-shims/sort-direction.php'] },
    config: { ...composer['config'], platform: { php: '8.3.0' } },
  };
}

/** Writes the application's files, everything but vendor/. */
function writeSkeleton(sources: AppSources, app: string, framework: FrameworkMajor): void {
  cpSync(sources.skeleton, app, { recursive: true });
  if (framework === 13) {
    const composerPath = join(app, 'composer.json');
    writeFileSync(composerPath, `${JSON.stringify(laravel13Composer(JSON.parse(readFileSync(composerPath, 'utf8'))), null, 4)}\n`);
  }
  cpSync(sources.shims, join(app, 'e2e-shims'), { recursive: true });
  for (const file of EXAMPLE_FILES) cpSync(join(sources.examples, file), join(app, file));
  for (const folder of EMPTY_FOLDERS) mkdirSync(join(app, folder), { recursive: true });
  writeFileSync(join(app, '.env'), environmentFile());
  writeFileSync(join(app, 'database', 'database.sqlite'), '');
}

const composerEnv = { COMPOSER_NO_INTERACTION: '1', COMPOSER_ALLOW_SUPERUSER: '1' };

/**
 * Also writes composer.lock (the skeleton's config asks for it, over a global `lock: false`): fullapi reads
 * the framework version there, as in a real application.
 */
async function installVendor(app: string): Promise<void> {
  await runOrThrow('composer', ['update', '--no-interaction', '--no-progress'], {
    cwd: app,
    timeoutMs: COMPOSER_TIMEOUT_MS,
    env: composerEnv,
  });
}

/** Fails the setup, not a scenario, when the shims miss a function or the application does not boot. */
async function checkInstalledApp(app: string, php: PhpRunner): Promise<void> {
  const names = FUNCTIONS_THE_FRAMEWORK_CALLS.map((name) => `'${name}'`).join(', ');
  const code = [
    "require 'vendor/autoload.php';",
    `$missing = array_filter([${names}], fn ($f) => ! function_exists($f));`,
    "if ($missing) { fwrite(STDERR, 'functions missing (add them to tests/e2e/shims/functions.php): '.implode(', ', $missing)); exit(1); }",
  ].join(' ');
  await php.runOrThrow(['-r', code], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS });
  // What Composer's post-autoload-dump script does in a real skeleton; it also proves the application boots.
  await php.runOrThrow(['artisan', 'package:discover'], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS });
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

/** The installed application: from the cache, or built now (a few minutes) when its sources changed. */
export async function cachedLaravelApp(repo: string, phpVersion: string, framework: FrameworkMajor): Promise<CachedApp> {
  const sources = appSources(repo);
  const cacheDir = join(repo, '.cache', 'e2e');
  const name = `laravel-${framework}-${cacheKey(sources, phpVersion, framework)}`;
  const path = join(cacheDir, name);
  if (existsSync(path)) return { path, reused: true };
  const building = `${path}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  try {
    writeSkeleton(sources, building, framework);
    await installVendor(building);
    await checkInstalledApp(building, phpRunner(framework));
  } catch (cause) {
    rmSync(building, { recursive: true, force: true });
    throw cause;
  }
  publishBuild(building, path);
  removeStaleApps(cacheDir, name, framework);
  return { path, reused: false };
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
