import { randomUUID } from 'node:crypto';
import { type Answer, type ApiClient, describeAnswer } from './http.js';
import { expectStatus, expectValidationError, fail } from './live-contract.js';
import type { EntityUnderTest } from './scenario.js';

/**
 * `--auth` over HTTP, as a client meets it: register and log in for a Sanctum token, the entity routes closed
 * without it (401, whatever the Accept header says: never a redirect to a login page), open with it, and the
 * token dead after logout. The live checks of the entities run between sign-in and sign-out (withSession).
 */

const FAILED_LOGIN = 'These credentials do not match our records.';

/** A user who registers through the API: a fresh email per session, since each registration makes a row. */
interface Credentials {
  name: string;
  email: string;
  password: string;
}

function freshCredentials(): Credentials {
  return { name: 'Live Client', email: `live-${randomUUID()}@example.com`, password: 'live-password-1' };
}

/** A plain-text Sanctum token: `<id>|<secret>`. */
function expectToken(answer: Answer): string {
  const token: unknown = answer.json?.token;
  if (typeof token !== 'string' || !/^\d+\|\S+$/.test(token)) fail(`no plain-text token; ${describeAnswer(answer)}`);
  return token;
}

/** 401 with Laravel's JSON body, not a redirect nor an HTML page. */
function expectUnauthenticated(answer: Answer, how: string): void {
  if (answer.status !== 401 || answer.json?.message !== 'Unauthenticated.') fail(`${how}: expected 401 {"message":"Unauthenticated."}; ${describeAnswer(answer)}`);
}

/** Whatever the client asks for: JSON, anything (fetch's default), or a page. */
const ACCEPTS = [
  ['Accept: application/json', 'application/json'],
  ['no Accept header', null],
  ['Accept: text/html', 'text/html'],
] as const;

async function expectClosed(api: ApiClient, method: string, path: string, body?: unknown): Promise<void> {
  for (const [how, accept] of ACCEPTS) expectUnauthenticated(await api.send(method, path, body, { accept }), `${method} ${path} with ${how}`);
}

/** Each route of an entity made with `--auth` closed without a token: the Accept variants on one, JSON on the others. */
async function expectEntityClosed(api: ApiClient, entity: EntityUnderTest): Promise<void> {
  await expectClosed(api, 'GET', `/api/${entity.segment}`);
  expectUnauthenticated(await api.send('POST', `/api/${entity.segment}`, {}), `POST /api/${entity.segment}`);
  expectUnauthenticated(await api.send('GET', `/api/${entity.segment}/1`), `GET /api/${entity.segment}/1`);
}

async function register(api: ApiClient, user: Credentials): Promise<string> {
  const answer = await api.send('POST', '/api/register', { ...user, password_confirmation: user.password });
  expectStatus(answer, 201);
  const token = expectToken(answer);
  const registered = answer.json?.user as Record<string, unknown> | undefined;
  if (registered?.['email'] !== user.email) fail(`user.email is not the email registered; ${describeAnswer(answer)}`);
  if ('password' in registered) fail(`the password was answered; ${describeAnswer(answer)}`);
  return token;
}

async function refusesBadRegistrations(api: ApiClient, user: Credentials): Promise<void> {
  expectValidationError(await api.send('POST', '/api/register', { ...user, password_confirmation: user.password }), 'email');
  const other = freshCredentials();
  expectValidationError(await api.send('POST', '/api/register', { ...other, password_confirmation: 'not-the-same' }), 'password');
}

async function logIn(api: ApiClient, user: Credentials): Promise<string> {
  const wrong = await api.send('POST', '/api/login', { email: user.email, password: `${user.password}-wrong` });
  expectValidationError(wrong, 'email');
  if (wrong.json?.message !== FAILED_LOGIN || wrong.json?.errors?.email?.[0] !== FAILED_LOGIN) fail(`not Laravel's failed-login message; ${describeAnswer(wrong)}`);
  expectValidationError(await api.send('POST', '/api/login', { email: `nobody-${user.email}`, password: user.password }), 'email');
  const answer = await api.send('POST', '/api/login', { email: user.email, password: user.password });
  expectStatus(answer, 200);
  return expectToken(answer);
}

async function expectSignedIn(api: ApiClient, user: Credentials): Promise<void> {
  const answer = await api.send('GET', '/api/user');
  expectStatus(answer, 200);
  if (answer.json?.email !== user.email) fail(`GET /api/user did not answer the user of the token; ${describeAnswer(answer)}`);
}

/**
 * Registers, logs in (a wrong password first), and checks that nothing of the guarded API opens without a
 * valid token, while an entity made without `--auth` stays open; answers the client that sends the login's token.
 */
async function signIn(api: ApiClient, entities: readonly EntityUnderTest[]): Promise<ApiClient> {
  const user = freshCredentials();
  const registered = await register(api, user);
  await expectSignedIn(api.withToken(registered), user);
  await refusesBadRegistrations(api, user);
  const authed = api.withToken(await logIn(api, user));
  await expectSignedIn(authed, user);
  await expectClosed(api, 'GET', '/api/user');
  expectUnauthenticated(await api.withToken('1|not-a-token').send('GET', '/api/user'), 'GET /api/user with a made-up token');
  for (const entity of entities) {
    if (entity.auth === true) await expectEntityClosed(api, entity);
    else expectStatus(await api.send('GET', `/api/${entity.segment}`), 200);
  }
  return authed;
}

/** Logout answers 204, and the token opens nothing afterwards. */
async function signOut(authed: ApiClient, entities: readonly EntityUnderTest[]): Promise<void> {
  const answer = await authed.send('POST', '/api/logout');
  expectStatus(answer, 204);
  expectUnauthenticated(await authed.send('GET', '/api/user'), 'GET /api/user with the token logged out');
  for (const entity of entities.filter((candidate) => candidate.auth === true)) {
    expectUnauthenticated(await authed.send('GET', `/api/${entity.segment}`), `GET /api/${entity.segment} with the token logged out`);
  }
  expectUnauthenticated(await authed.send('POST', '/api/logout'), 'POST /api/logout with the token logged out');
}

/** A fresh user's login token, without the checks signIn makes. */
async function tokenOfNewUser(api: ApiClient): Promise<ApiClient> {
  const user = freshCredentials();
  await register(api, user);
  const answer = await api.send('POST', '/api/login', { email: user.email, password: user.password });
  expectStatus(answer, 200);
  return api.withToken(expectToken(answer));
}

/**
 * Runs `body` with a client that can open the entities' routes: with a fresh user's token when any entity was
 * made with `--auth`, else the plain client. `checked`: with the checks of signing in and out around it (once
 * per scenario is enough; each request costs a second under PHP in WebAssembly).
 */
export async function withSession<T>(
  api: ApiClient,
  entities: readonly EntityUnderTest[],
  body: (api: ApiClient) => Promise<T>,
  { checked }: { checked: boolean } = { checked: true },
): Promise<T> {
  if (!entities.some((entity) => entity.auth === true)) return body(api);
  if (!checked) return body(await tokenOfNewUser(api));
  const authed = await signIn(api, entities);
  const result = await body(authed);
  await signOut(authed, entities);
  return result;
}
