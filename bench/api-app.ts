import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMakeFromSchema } from '../tests/e2e/fullapi.js';
import { readyOrStopped } from '../tests/e2e/http.js';
import { cachedLaravelApp, copyApp } from '../tests/e2e/laravel-app.js';
import { freePort, runOrThrow, startBackground } from '../tests/e2e/processes.js';

/**
 * The API bench's Laravel 12 application: a copy of the end-to-end tests' cached one (tests/e2e/laravel-app.ts)
 * with bench/api-schema.yaml generated into it by `fullapi make`, run as in production (APP_ENV=production,
 * APP_DEBUG=false, configuration, routes and events cached, OPcache without timestamp checks) and served by
 * PHP's built-in server on 127.0.0.1.
 *
 * Before `make`, the bench's own lines go into its copy's AppServiceProvider::boot, never into what fullapi
 * writes: an `api` rate limiter without a limit (fullapi puts the generated routes under `throttle:api`, and
 * where the application defines no such limiter, its own allows 60 a minute, which the load would meet), and
 * an `X-Query-Count` header on every answer, counted from the framework's query events. With
 * `reuseConnections`, also the default connection made persistent, so that the server's process keeps it
 * from one request to the next as a pool would: a new PostgreSQL connection is a new server process, which
 * costs tens of milliseconds on a machine where processes start slowly.
 */

const ARTISAN_TIMEOUT_MS = 120_000;
const PROVIDER = join('app', 'Providers', 'AppServiceProvider.php');
const PROVIDER_IMPORTS_ANCHOR = 'use Illuminate\\Support\\ServiceProvider;\n';
const PROVIDER_BOOT_ANCHOR = 'public function boot(): void\n    {\n';
const BENCH_IMPORTS = [
  'Illuminate\\Cache\\RateLimiting\\Limit',
  'Illuminate\\Database\\Events\\QueryExecuted',
  'Illuminate\\Foundation\\Http\\Events\\RequestHandled',
  'Illuminate\\Support\\Facades\\Event',
  'Illuminate\\Support\\Facades\\RateLimiter',
];
/** RequestHandled comes after the response is made and before it is sent: the count covers the whole request. */
const BENCH_BOOT_EVERY_TIME = [
  "RateLimiter::for('api', fn () => Limit::none());",
  '$queries = 0;',
  'Event::listen(QueryExecuted::class, function () use (&$queries): void {',
  '    $queries++;',
  '});',
  'Event::listen(RequestHandled::class, function (RequestHandled $handled) use (&$queries): void {',
  "    $handled->response->headers->set('X-Query-Count', (string) $queries);",
  '});',
];
/** Before the first query, which is when Laravel connects. */
const BENCH_BOOT_REUSING_CONNECTIONS = ["config(['database.connections.'.config('database.default').'.options' => [\\PDO::ATTR_PERSISTENT => true]]);"];
const PRODUCTION_SETTINGS = { APP_ENV: 'production', APP_DEBUG: 'false' };
/** OPcache as a production server runs it: on, and trusting the files not to change under it. */
const PHP_SERVER_OPTIONS = ['-d', 'opcache.enable=1', '-d', 'opcache.validate_timestamps=0'];

/** A fresh copy of the cached application, with the bench's hooks and the generated API; the caller removes it. */
export async function generatedApp(repository: string, reuseConnections: boolean): Promise<string> {
  const phpVersion = execFileSync('php', ['-r', 'echo PHP_MAJOR_VERSION.".".PHP_MINOR_VERSION;'], { encoding: 'utf8' });
  const cached = await cachedLaravelApp(repository, phpVersion, 12);
  const app = mkdtempSync(join(tmpdir(), 'fullapi-bench-api-'));
  try {
    await copyApp(cached.path, app);
    const provider = join(app, PROVIDER);
    writeFileSync(provider, withBenchHooks(readFileSync(provider, 'utf8'), reuseConnections));
    copyFileSync(join(repository, 'bench', 'api-schema.yaml'), join(app, 'api-schema.yaml'));
    await runMakeFromSchema(repository, app);
    return app;
  } catch (cause) {
    rmSync(app, { recursive: true, force: true });
    throw cause;
  }
}

/** The provider with the bench's imports and its lines at the top of boot(). */
function withBenchHooks(provider: string, reuseConnections: boolean): string {
  for (const anchor of [PROVIDER_IMPORTS_ANCHOR, PROVIDER_BOOT_ANCHOR]) {
    if (!provider.includes(anchor)) throw new Error(`${PROVIDER} has no ${JSON.stringify(anchor)} for the bench's hooks`);
  }
  const imports = BENCH_IMPORTS.map((name) => `use ${name};\n`).join('');
  const lines = [...BENCH_BOOT_EVERY_TIME, ...(reuseConnections ? BENCH_BOOT_REUSING_CONNECTIONS : [])];
  const boot = lines.map((line) => `        ${line}\n`).join('');
  return provider.replace(PROVIDER_IMPORTS_ANCHOR, `${imports}${PROVIDER_IMPORTS_ANCHOR}`).replace(PROVIDER_BOOT_ANCHOR, `${PROVIDER_BOOT_ANCHOR}${boot}`);
}

/** Production's settings and the database's in `.env`, then the migrations. */
export async function migrate(app: string, database: Readonly<Record<string, string>>): Promise<void> {
  const environment = join(app, '.env');
  writeFileSync(environment, withSettings(readFileSync(environment, 'utf8'), { ...PRODUCTION_SETTINGS, ...database }));
  await runOrThrow('php', ['artisan', 'migrate', '--force'], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS });
}

/** A `.env` text with each setting's line replaced, or added when it has none. */
function withSettings(environment: string, settings: Readonly<Record<string, string>>): string {
  let text = environment.endsWith('\n') ? environment : `${environment}\n`;
  for (const [key, value] of Object.entries(settings)) {
    const line = new RegExp(`^${key}=.*$`, 'm');
    text = line.test(text) ? text.replace(line, `${key}=${value}`) : `${text}${key}=${value}\n`;
  }
  return text;
}

/** Runs the statements (bench/api-seed.php) and returns the row counts the tables then hold. */
export async function seed(repository: string, app: string, statements: readonly string[], timeoutMs: number): Promise<{ customers: number; orders: number }> {
  const file = join(app, 'storage', 'bench-seed.json');
  writeFileSync(file, JSON.stringify(statements));
  const result = await runOrThrow('php', [join(repository, 'bench', 'api-seed.php'), file], { cwd: app, timeoutMs });
  return JSON.parse(result.stdout) as { customers: number; orders: number };
}

/** `php artisan optimize`: configuration, events, routes and views cached, as a deployment does. */
export async function cacheForProduction(app: string): Promise<void> {
  await runOrThrow('php', ['artisan', 'optimize'], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS });
}

export interface ServedApp {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * PHP's built-in server, one process answering one request at a time, with public/index.php as its router:
 * every request goes to the application, and none writes the log line `artisan serve`'s router writes.
 */
export async function serve(app: string): Promise<ServedApp> {
  const port = await freePort();
  const server = startBackground('php', [...PHP_SERVER_OPTIONS, '-S', `127.0.0.1:${port}`, 'index.php'], { cwd: join(app, 'public') });
  const baseUrl = `http://127.0.0.1:${port}`;
  await readyOrStopped(baseUrl, server);
  return { baseUrl, stop: () => server.stop() };
}
