import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { readSchemaFile } from '../src/frontends/schema/index.js';
import { startServer, type DatabaseServer, type Engine } from '../tests/e2e/database-servers.js';
import { ApiClient } from '../tests/e2e/http.js';
import { cacheForProduction, generatedApp, migrate, seed, serve } from './api-app.js';
import { loadEndpoint, type Bounds, type Endpoint } from './api-load.js';
import { seedStatements, spreadOver, type SeedSize } from './api-seed.js';
import { load, ms, percentile, table } from './figures.js';

/**
 * `npm run bench -- api`: the latency of a generated API over a large table, on each engine. bench/api-schema.yaml
 * (customers and their orders) is generated into a Laravel 12 application (bench/api-app.ts) that runs as in
 * production; for SQLite, then PostgreSQL and MariaDB (each server started on a private port and stopped at
 * the end, also on a failure), the application migrates, a million orders of 10,000 customers are seeded in
 * bulk (bench/api-seed.ts), and each endpoint is loaded one request at a time (bench/api-load.ts): p50 and p95
 * of the wall clock, and the SQL queries each request ran, against the target of 30 ms at p95 on every
 * endpoint with a number of queries that does not grow with the table.
 *
 * Not in the default run (`npm run bench`): at a million rows it takes about six minutes.
 * FULLAPI_BENCH_API_ROWS sets the number of orders (a customer per 100 orders), FULLAPI_BENCH_API_ENGINES
 * the engines (`sqlite,pgsql`), FULLAPI_BENCH_API_CONNECTIONS=new a new database connection for every request
 * instead of one the server's process keeps (bench/api-app.ts). Figures only: nothing here asserts on time.
 */

const API_ENGINES: readonly Engine[] = ['sqlite', 'pgsql', 'mariadb'];
const DEFAULT_ORDERS = 1_000_000;
const ORDERS_PER_CUSTOMER = 100;
const P95_TARGET_MS = 30;
const WARM_UP: Bounds = { requests: 20, milliseconds: 5_000 };
const MEASURED: Bounds = { requests: 200, milliseconds: 20_000 };
/** About five times the slowest seeding of a million rows here (18 s, PostgreSQL at a load average of 7), so that a stalled seed ends the run. */
const SEED_MS_PER_ROW = 0.1;
const SEED_MS_AT_LEAST = 60_000;
const BENCH_DATABASE = 'fullapi_bench';

export interface ApiOptions {
  size: SeedSize;
  engines: readonly Engine[];
  reuseConnections: boolean;
}

interface EngineRun {
  engine: Engine;
  seedMilliseconds: number;
  endpoints: { endpoint: Endpoint; latencies: number[]; queries: number[]; load: number }[];
}

/** The options from the environment; throws on a value it cannot read rather than bench something else. */
export function apiOptions(environment: NodeJS.ProcessEnv): ApiOptions {
  const orders = orderCount(environment['FULLAPI_BENCH_API_ROWS']);
  return {
    size: { orders, customers: Math.max(1, Math.round(orders / ORDERS_PER_CUSTOMER)) },
    engines: chosenEngines(environment['FULLAPI_BENCH_API_ENGINES']),
    reuseConnections: reusesConnections(environment['FULLAPI_BENCH_API_CONNECTIONS']),
  };
}

function orderCount(setting: string | undefined): number {
  const orders = setting === undefined ? DEFAULT_ORDERS : Number(setting.replaceAll('_', ''));
  if (!Number.isInteger(orders) || orders < 1) throw new Error(`FULLAPI_BENCH_API_ROWS must be a positive whole number, not ${setting}`);
  return orders;
}

function chosenEngines(setting: string | undefined): readonly Engine[] {
  if (setting === undefined) return API_ENGINES;
  const named = setting.split(',').map((name) => name.trim());
  const unknown = named.filter((name) => !(API_ENGINES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`FULLAPI_BENCH_API_ENGINES: unknown engine ${unknown.join(', ')}; choose from ${API_ENGINES.join(', ')}`);
  return API_ENGINES.filter((engine) => named.includes(engine));
}

function reusesConnections(setting: string | undefined): boolean {
  if (setting !== undefined && setting !== 'reused' && setting !== 'new') throw new Error(`FULLAPI_BENCH_API_CONNECTIONS must be reused or new, not ${setting}`);
  return setting !== 'new';
}

/** Runs the engines one after another, so that no database server takes processor time from another's run; returns the report to print. */
export async function benchApi(repository: string, options: ApiOptions): Promise<string> {
  const statuses = orderStatuses(readFileSync(join(repository, 'bench', 'api-schema.yaml'), 'utf8'));
  const endpoints = apiEndpoints(options.size, statuses);
  const runs: EngineRun[] = [];
  for (const engine of options.engines) runs.push(await benchEngine(repository, engine, options, statuses, endpoints));
  return report(options, runs);
}

/** The values of Order's `status` enum, as fullapi's own schema reader reads the file. */
function orderStatuses(schema: string): string[] {
  const { model } = readSchemaFile('bench/api-schema.yaml', schema);
  const status = model?.entities.find((entity) => entity.name === 'Order')?.fields.find((field) => field.name === 'status');
  if (status?.enumValues === undefined) throw new Error('bench/api-schema.yaml declares no enum status for Order');
  return status.enumValues;
}

/** What the bench loads: the index plain, filtered and sorted, by customer and with an include; a row read, created and changed. */
function apiEndpoints(size: SeedSize, statuses: readonly string[]): Endpoint[] {
  const status = (number: number) => statuses[number % statuses.length] ?? '';
  const order = (number: number) => spreadOver(size.orders, number);
  const customer = (number: number) => spreadOver(size.customers, number);
  const total = (number: number) => ((number % 99_999) / 100 + 0.01).toFixed(2);
  return [
    { label: 'GET /api/orders', status: 200, request: () => ({ method: 'GET', path: '/api/orders' }) },
    { label: 'GET /api/orders?filter[status]=<s>&sort=-placed_at', status: 200, request: (number) => ({ method: 'GET', path: `/api/orders?filter[status]=${status(number)}&sort=-placed_at` }) },
    { label: 'GET /api/orders?filter[customer_id]=<id>', status: 200, request: (number) => ({ method: 'GET', path: `/api/orders?filter[customer_id]=${customer(number)}` }) },
    { label: 'GET /api/orders?include=customer', status: 200, request: () => ({ method: 'GET', path: '/api/orders?include=customer' }) },
    { label: 'GET /api/orders/{id}', status: 200, request: (number) => ({ method: 'GET', path: `/api/orders/${order(number)}` }) },
    {
      label: 'POST /api/orders',
      status: 201,
      request: (number) => ({ method: 'POST', path: '/api/orders', body: { customer_id: customer(number), status: status(number), total: total(number), placed_at: '2025-06-01 12:00:00' } }),
    },
    { label: 'PATCH /api/orders/{id}', status: 200, request: (number) => ({ method: 'PATCH', path: `/api/orders/${order(number)}`, body: { status: status(number + 1), total: total(number) } }) },
  ];
}

async function benchEngine(repository: string, engine: Engine, { size, reuseConnections }: ApiOptions, statuses: readonly string[], endpoints: readonly Endpoint[]): Promise<EngineRun> {
  const [server, serverMilliseconds] = await timed(async () => (engine === 'sqlite' ? undefined : startServer(engine)));
  try {
    const database = await databaseSettings(server);
    const [app, makeMilliseconds] = await timed(() => generatedApp(repository, reuseConnections));
    try {
      const [, migrateMilliseconds] = await timed(() => migrate(app, database));
      const [, seedMilliseconds] = await timed(() => seedExactly(repository, app, engine, size, statuses));
      await cacheForProduction(app);
      console.log(
        `api, ${server?.version ?? 'SQLite'}: server ${seconds(serverMilliseconds)}, copy and make ${seconds(makeMilliseconds)}, migrate ${seconds(migrateMilliseconds)}, ` +
          `seed ${size.orders.toLocaleString('en')} orders and ${size.customers.toLocaleString('en')} customers ${seconds(seedMilliseconds)}; ${load()}`,
      );
      return { engine, seedMilliseconds, endpoints: await loadEndpoints(app, endpoints) };
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  } finally {
    await server?.stop();
  }
}

/** Seeds `size` and checks that the tables hold that many rows: a figure over fewer would look better than it is. */
async function seedExactly(repository: string, app: string, engine: Engine, size: SeedSize, statuses: readonly string[]): Promise<void> {
  const timeoutMs = Math.max(SEED_MS_AT_LEAST, (size.orders + size.customers) * SEED_MS_PER_ROW);
  const counts = await seed(repository, app, seedStatements(engine, size, statuses), timeoutMs);
  if (counts.orders !== size.orders || counts.customers !== size.customers) throw new Error(`${engine}: the tables hold ${JSON.stringify(counts)} after seeding ${JSON.stringify(size)}`);
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

async function databaseSettings(server: DatabaseServer | undefined): Promise<Record<string, string>> {
  if (server === undefined) return { DB_CONNECTION: 'sqlite' };
  await server.createDatabase(BENCH_DATABASE);
  return server.settings(BENCH_DATABASE);
}

async function loadEndpoints(app: string, endpoints: readonly Endpoint[]): Promise<EngineRun['endpoints']> {
  const served = await serve(app);
  try {
    const api = new ApiClient(served.baseUrl);
    const figures: EngineRun['endpoints'] = [];
    for (const endpoint of endpoints) {
      const measured = await loadEndpoint(api, endpoint, WARM_UP, MEASURED);
      console.log(
        `  ${endpoint.label}: p50 ${ms(percentile(measured.latencies, 50))}, p95 ${ms(percentile(measured.latencies, 95))}, ` +
          `queries ${queriesPerRequest(measured.queries)}, ${measured.latencies.length} requests in ${seconds(measured.milliseconds)}; ${load()}`,
      );
      figures.push({ endpoint, latencies: measured.latencies, queries: measured.queries, load: loadavg()[0] ?? Number.NaN });
    }
    return figures;
  } finally {
    await served.stop();
  }
}

/** One number when every request ran as many queries, the least and the most otherwise. */
function queriesPerRequest(queries: readonly number[]): string {
  const least = Math.min(...queries);
  const most = Math.max(...queries);
  return least === most ? String(least) : `${least} to ${most}`;
}

function report({ size, reuseConnections }: ApiOptions, runs: readonly EngineRun[]): string {
  const rows = runs.flatMap((run) =>
    run.endpoints.map(({ endpoint, latencies, queries, load: loadAfter }) => {
      const p95 = percentile(latencies, 95);
      return [run.engine, endpoint.label, ms(percentile(latencies, 50)), ms(p95), queriesPerRequest(queries), String(latencies.length), ms(P95_TARGET_MS), `${(p95 / P95_TARGET_MS).toFixed(2)}x`, loadAfter.toFixed(2)];
    }),
  );
  const header = ['engine', 'endpoint', 'p50', 'p95', 'queries/request', 'requests', 'target p95', 'p95/target', 'load'];
  const seeding = runs.map((run) => `${run.engine} ${seconds(run.seedMilliseconds)}`).join(', ');
  return [
    `api: ${size.orders.toLocaleString('en')} orders of ${size.customers.toLocaleString('en')} customers on each engine; one request at a time, ` +
      `after up to ${WARM_UP.requests} warm-up ones, up to ${MEASURED.requests} requests or ${seconds(MEASURED.milliseconds)} per endpoint; wall clock, request sent to answer read; ` +
      (reuseConnections ? "the database connection kept by the server's process (persistent PDO)" : 'a new database connection for every request'),
    '',
    table(header, rows, 2),
    '',
    `seeding: ${seeding}; load: the 1-minute load average after each endpoint`,
  ].join('\n');
}

function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}
