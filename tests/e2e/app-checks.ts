import type { FrameworkMajor, PhpRunner } from './php-runner.js';
import { describeResult, runCommand, runOrThrow } from './processes.js';
import { userRouteAction } from './sanctum.js';
import type { EntityUnderTest } from './scenario.js';

/**
 * The checks run with the application's own tools: artisan migrations and seeders, the generated tests
 * through `php artisan test`, Pint over the files fullapi touched, and the route table.
 */

const ARTISAN_TIMEOUT_MS = 120_000;
const TEST_TIMEOUT_MS = 300_000;

export async function migrateFreshAndSeed(app: string, php: PhpRunner): Promise<void> {
  await php.runOrThrow(['artisan', 'migrate:fresh', '--seed', '--force', '--no-interaction'], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS });
}

/**
 * Every generated feature and unit test, unchanged: `php artisan test`, or PHPUnit itself where PHP cannot
 * start another PHP (php83.ts). Returns the summary line.
 */
export async function runGeneratedTests(app: string, php: PhpRunner): Promise<string> {
  if (php.framework === 13) {
    const result = await php.runOrThrow(['vendor/bin/phpunit', '--colors=never'], { cwd: app, timeoutMs: TEST_TIMEOUT_MS });
    const summary = result.stdout.split('\n').find((line) => /^OK \(\d+ tests?, \d+ assertions?\)$/.test(line.trim()));
    if (summary === undefined) throw new Error(`vendor/bin/phpunit did not pass every test:\n${result.stdout}`);
    return summary.trim();
  }
  const result = await php.runOrThrow(['artisan', 'test', '--colors=never'], { cwd: app, timeoutMs: TEST_TIMEOUT_MS });
  const summary = result.stdout.split('\n').find((line) => line.trim().startsWith('Tests:'));
  if (summary === undefined || !/\d+ passed/.test(summary)) throw new Error(`php artisan test ran no test:\n${result.stdout}`);
  return summary.trim().replace(/\s+/g, ' ');
}

/** `pint --test` over the given files; throws with Pint's report when it would change any. */
export async function checkPint(app: string, pint: readonly string[], files: readonly string[]): Promise<void> {
  const [php = 'php', ...pintArgs] = pint;
  const result = await runCommand(php, [...pintArgs, '--test', '--preset=laravel', '-v', ...files], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS });
  if (result.status !== 0) throw new Error(describeResult(`pint --test ${files.join(' ')}`, result));
}

/**
 * That the application's database is on `driver`, as `php artisan db:show` sees it, with the migrations'
 * tables in it: a scenario meant for a server must not pass on a SQLite file by mistake. `database` names
 * another database of the same server (the tests'). Returns the engine's name and the table count.
 */
export async function checkDatabaseDriver(app: string, driver: string, expectedTables: readonly string[], database?: string): Promise<string> {
  const env = database === undefined ? undefined : { DB_DATABASE: database };
  const result = await runOrThrow('php', ['artisan', 'db:show', '--json'], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS, ...(env === undefined ? {} : { env }) });
  const shown = JSON.parse(result.stdout) as { platform: { config: { driver: string; database: string }; name: string }; tables: { table?: string; name?: string; schema?: string }[] };
  // A MariaDB server lists the tables of every database, each under its database's name as schema.
  const ofThisDatabase = shown.tables.filter((table) => driver !== 'mariadb' || table.schema === shown.platform.config.database);
  const tables = ofThisDatabase.map((table) => table.table ?? table.name ?? '');
  if (shown.platform.config.driver !== driver) throw new Error(`the application uses ${shown.platform.config.driver}, not ${driver}`);
  const missing = expectedTables.filter((table) => !tables.includes(table));
  if (missing.length > 0) throw new Error(`${shown.platform.config.database} has no table ${missing.join(', ')}: ${tables.join(', ')}`);
  return `${shown.platform.name} ${shown.platform.config.database}: ${tables.length} tables`;
}

interface RouteRow {
  method: string;
  uri: string;
  action: string;
  /** Each middleware's class, an alias resolved (`auth:sanctum` is `Illuminate\Auth\Middleware\Authenticate:sanctum`). */
  middleware?: string[];
}

/** What `auth:sanctum` is in route:list. */
const SANCTUM_MIDDLEWARE = 'Illuminate\\Auth\\Middleware\\Authenticate:sanctum';

/** A route the application must have, and whether only a token opens it. */
interface ExpectedRoute extends RouteRow {
  guarded: boolean;
}

/** `GET|HEAD api/media/{medium} App\Http\Controllers\MediaController@show`, one line per route. */
function routeLine(route: RouteRow): string {
  return `${route.method} ${route.uri} ${route.action}`;
}

function entityRoutes(entity: EntityUnderTest): ExpectedRoute[] {
  const controller = `App\\Http\\Controllers\\${entity.entity}Controller`;
  const collection = `api/${entity.segment}`;
  const member = `${collection}/{${entity.parameter}}`;
  const routes: RouteRow[] = [
    { method: 'GET|HEAD', uri: collection, action: `${controller}@index` },
    { method: 'POST', uri: collection, action: `${controller}@store` },
    { method: 'GET|HEAD', uri: member, action: `${controller}@show` },
    { method: 'PUT|PATCH', uri: member, action: `${controller}@update` },
    { method: 'DELETE', uri: member, action: `${controller}@destroy` },
  ];
  if (entity.softDeletes) {
    routes.push({ method: 'POST', uri: `${member}/restore`, action: `${controller}@restore` });
    routes.push({ method: 'DELETE', uri: `${member}/force-delete`, action: `${controller}@forceDelete` });
  }
  return routes.map((route) => ({ ...route, guarded: entity.auth === true }));
}

/** The routes `--auth` adds; `userAction` is what answers `GET api/user` (sanctum.ts). */
function authRoutes(userAction: string): ExpectedRoute[] {
  const controller = 'App\\Http\\Controllers\\AuthController';
  return [
    { method: 'POST', uri: 'api/register', action: `${controller}@register`, guarded: false },
    { method: 'POST', uri: 'api/login', action: `${controller}@login`, guarded: false },
    { method: 'POST', uri: 'api/logout', action: `${controller}@logout`, guarded: true },
    { method: 'GET|HEAD', uri: 'api/user', action: userAction, guarded: true },
  ];
}

function expectedRoutes(entities: readonly EntityUnderTest[], framework: FrameworkMajor): ExpectedRoute[] {
  const routes = entities.flatMap(entityRoutes);
  return entities.some((entity) => entity.auth === true) ? [...routes, ...authRoutes(userRouteAction(framework))] : routes;
}

/** Each route `auth:sanctum` must guard has it, and no other has it. */
function misguardedRoutes(actual: readonly RouteRow[], expected: readonly ExpectedRoute[]): string[] {
  return expected.flatMap((route) => {
    const found = actual.find((row) => routeLine(row) === routeLine(route));
    if (found === undefined) return [];
    const guarded = (found.middleware ?? []).includes(SANCTUM_MIDDLEWARE);
    if (guarded === route.guarded) return [];
    return [`${routeLine(route)} ${route.guarded ? 'lacks' : 'has'} ${SANCTUM_MIDDLEWARE} (middleware: ${(found.middleware ?? []).join(', ') || 'none'})`];
  });
}

/**
 * The application's `api/` routes from `php artisan route:list --json` must be exactly the expected ones, and
 * `auth:sanctum` must guard exactly those of entities made with `--auth`, logout and user.
 */
export async function checkRoutes(app: string, entities: readonly EntityUnderTest[], php: PhpRunner): Promise<void> {
  const result = await php.runOrThrow(['artisan', 'route:list', '--json'], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS });
  const routes = (JSON.parse(result.stdout) as RouteRow[]).filter((route) => route.uri.startsWith('api/'));
  const actual = routes.map(routeLine).sort();
  const expectedRows = expectedRoutes(entities, php.framework);
  const expected = expectedRows.map(routeLine).sort();
  const missing = expected.filter((line) => !actual.includes(line));
  const unexpected = actual.filter((line) => !expected.includes(line));
  const misguarded = misguardedRoutes(routes, expectedRows);
  if (missing.length > 0 || unexpected.length > 0 || misguarded.length > 0) {
    const list = (lines: string[]) => (lines.length === 0 ? ' -' : `\n    ${lines.join('\n    ')}`);
    throw new Error(`route:list differs.\n  missing:${list(missing)}\n  unexpected:${list(unexpected)}\n  middleware:${list(misguarded)}`);
  }
}

/** Boots the application as artisan does and prints the morph map its providers registered. */
const PRINT_MORPH_MAP = String.raw`require 'vendor/autoload.php';
$app = require 'bootstrap/app.php';
$app->make(Illuminate\Contracts\Console\Kernel::class)->bootstrap();
echo json_encode(Illuminate\Database\Eloquent\Relations\Relation::morphMap());`;

/**
 * That the booted application maps each alias to its model: the provider's edit is loaded (the skeleton's
 * bootstrap/providers.php lists AppServiceProvider), so `<name>_type` columns hold the alias.
 */
export async function checkMorphMap(app: string, expected: Readonly<Record<string, string>>, php: PhpRunner): Promise<string> {
  const result = await php.runOrThrow(['-r', PRINT_MORPH_MAP], { cwd: app, timeoutMs: ARTISAN_TIMEOUT_MS });
  // An empty map is printed as `[]`, in which no alias is found either.
  const registered = JSON.parse(result.stdout) as Record<string, string>;
  const wrong = Object.entries(expected).filter(([alias, model]) => registered[alias] !== model);
  if (wrong.length > 0) throw new Error(`the morph map is ${result.stdout}, without ${wrong.map(([alias, model]) => `'${alias}' => ${model}`).join(', ')}`);
  return result.stdout;
}
