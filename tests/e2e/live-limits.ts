import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeAnswer, withServedApp, type ApiClient } from './http.js';
import { expectStatus, fail } from './live-contract.js';
import type { EntityUnderTest } from './scenario.js';

/**
 * The rate limits and the login's timing over HTTP. The scenarios' servers keep the cache in each request's memory
 * (`CACHE_STORE=array`, see inertRateLimits): the live checks send hundreds of requests a minute from one address,
 * which `throttle:api` would refuse. These checks get a server of their own whose cache is the file store, which
 * outlives a request, as a deployed application's does.
 */

const LOGIN_ATTEMPTS_A_MINUTE = 6;
const API_REQUESTS_A_MINUTE = 60;
/** A check that hashes nothing answers in a fraction of a bcrypt hash's time (0.01 s against 0.2 s, measured). */
const LEAST_TIME_RATIO = 0.5;

/** The `.env` of a copied application: the array store, under which no count survives a request. */
export function inertRateLimits(app: string): void {
  const path = join(app, '.env');
  const environment = readFileSync(path, 'utf8');
  if (!environment.includes('CACHE_STORE=file\n')) throw new Error('.env has no CACHE_STORE=file line to replace');
  writeFileSync(path, environment.replace('CACHE_STORE=file\n', 'CACHE_STORE=array\n'));
}

async function timed<T>(request: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await request();
  return { answer, ms: performance.now() - started };
}

/**
 * Three wrong passwords of a registered email and three of unknown emails, alternating: all 422, the quickest
 * unknown within LEAST_TIME_RATIO of the quickest registered; then the seventh attempt of the minute, with the right
 * password, is a 429.
 */
async function checkLogin(api: ApiClient): Promise<string> {
  const user = { name: 'Timed Client', email: `timed-${randomUUID()}@example.com`, password: 'timed-password-1' };
  // Register is throttled on a counter of its own: this one request leaves login's six.
  expectStatus(await api.send('POST', '/api/register', { ...user, password_confirmation: user.password }), 201);
  const times = { registered: [] as number[], unknown: [] as number[] };
  for (let attempt = 0; attempt < LOGIN_ATTEMPTS_A_MINUTE / 2; attempt++) {
    for (const kind of ['registered', 'unknown'] as const) {
      const email = kind === 'registered' ? user.email : `nobody-${randomUUID()}@example.com`;
      const { answer, ms } = await timed(() => api.send('POST', '/api/login', { email, password: `${user.password}-wrong` }));
      expectStatus(answer, 422);
      times[kind].push(ms);
    }
  }
  const registered = Math.min(...times.registered);
  const unknown = Math.min(...times.unknown);
  if (unknown < registered * LEAST_TIME_RATIO) fail(`an unknown email answers in ${unknown.toFixed(0)} ms, a registered one in ${registered.toFixed(0)} ms: emails can be told apart by time`);
  const seventh = await api.send('POST', '/api/login', { email: user.email, password: user.password });
  if (seventh.status !== 429) fail(`the seventh login of the minute was not refused with 429; ${describeAnswer(seventh)}`);
  return `login: wrong passwords in ${registered.toFixed(0)} ms (registered) and ${unknown.toFixed(0)} ms (unknown email), the 7th attempt 429`;
}

/** Sixty requests a minute on an entity's index, then 429 with Retry-After: Laravel's `throttle:api`. */
async function checkApiThrottle(api: ApiClient, entity: EntityUnderTest): Promise<string> {
  const path = `/api/${entity.segment}?per_page=1`;
  for (let request = 1; request <= API_REQUESTS_A_MINUTE; request++) {
    const answer = await api.send('GET', path);
    if (answer.status !== 200) fail(`request ${request} of ${API_REQUESTS_A_MINUTE} in the minute was refused; ${describeAnswer(answer)}`);
  }
  const over = await api.send('GET', path);
  if (over.status !== 429 || over.headers.get('retry-after') === null) fail(`request ${API_REQUESTS_A_MINUTE + 1} of the minute was not a 429 with Retry-After; ${describeAnswer(over)}`);
  return `GET ${path}: ${API_REQUESTS_A_MINUTE} answered, the next 429`;
}

/** With `--auth` entities: the login's checks, then the throttle of the first entity's routes (with a token of its own). */
export async function liveLimitChecks(app: string, entities: readonly EntityUnderTest[]): Promise<string> {
  const entity = entities.find((candidate) => candidate.auth === true) ?? entities[0];
  if (entity === undefined) throw new Error('no entity to throttle');
  return withServedApp(
    app,
    12,
    async (api) => {
      const login = entities.some((candidate) => candidate.auth === true) ? [await checkLogin(api)] : [];
      const token = login.length === 0 ? api : await newUserToken(api);
      return [...login, await checkApiThrottle(token, entity)].join('; ');
    },
    undefined,
    { CACHE_STORE: 'file' },
  );
}

/** Registering answers a token: login's counter is spent already. */
async function newUserToken(api: ApiClient): Promise<ApiClient> {
  const user = { name: 'Throttled Client', email: `throttled-${randomUUID()}@example.com`, password: 'throttled-password-1' };
  const answer = await api.send('POST', '/api/register', { ...user, password_confirmation: user.password });
  expectStatus(answer, 201);
  const token = answer.json?.token;
  if (typeof token !== 'string') fail(`no token; ${describeAnswer(answer)}`);
  return api.withToken(token);
}
