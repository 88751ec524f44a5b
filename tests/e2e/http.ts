import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnswerValidator } from './openapi-answers.js';
import type { FrameworkMajor } from './php-runner.js';
import { freePort, startBackground, type BackgroundProcess } from './processes.js';

/**
 * The application served by `php artisan serve` on a free local port, and a JSON client for it. A request
 * says `Accept: application/json` unless a check is about the answer without it: without it Laravel answers a
 * validation error with a redirect, not a 422.
 */

/** PHP 8.3 in WebAssembly boots the Laravel 13 application for its first request in seconds, more on a loaded machine. */
const READY_TIMEOUT_MS = 60_000;
const REQUEST_TIMEOUT_MS = 15_000;

export interface Answer {
  /** `PATCH /api/posts/1`, for messages. */
  request: string;
  status: number;
  /** The parsed JSON body, untyped since its shape is what the checks examine; undefined when empty or not JSON. */
  json: any;
  text: string;
  headers: Headers;
}

/** What a request says besides its body: JSON is asked for unless `accept` says otherwise (`null`: no Accept header of its own). */
export interface SendOptions {
  accept?: string | null;
  /** The body as JSON text, for numbers JSON.stringify cannot write (`1e400`); the body argument is then ignored. */
  rawBody?: string;
}

function fetchFailure(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const reason = cause.cause instanceof Error ? ` (${'code' in cause.cause ? `${String(cause.cause.code)}: ` : ''}${cause.cause.message})` : '';
  return `${cause.message}${reason}`;
}

export class ApiClient {
  /** `token`: sent as `Authorization: Bearer <token>` (Sanctum's API tokens); `validator`: checks every answer against the OpenAPI document. */
  constructor(
    readonly baseUrl: string,
    readonly token?: string,
    readonly validator?: AnswerValidator,
  ) {}

  /** The same server, each request with the token. */
  withToken(token: string): ApiClient {
    return new ApiClient(this.baseUrl, token, this.validator);
  }

  async send(method: string, path: string, body?: unknown, options: SendOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    const accept = options.accept === undefined ? 'application/json' : options.accept;
    if (accept !== null) headers['Accept'] = accept;
    if (this.token !== undefined) headers['Authorization'] = `Bearer ${this.token}`;
    const text = options.rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    if (text !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      // A redirect (to a login page) is an answer to check, not to follow.
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      ...(text === undefined ? {} : { body: text }),
    }).catch((cause: unknown) => {
      // fetch's own message is "fetch failed": what failed is in its cause.
      throw new Error(`${method} ${path}: ${fetchFailure(cause)}`);
    });
    const answered = await response.text();
    const answer = { request: `${method} ${path}`, status: response.status, json: parseJson(answered), text: answered, headers: response.headers };
    this.validator?.check(method, path, answer);
    return answer;
  }
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The answer in a line or two, for a failure message. An exception (APP_DEBUG is on) is cut to its class,
 * message and place: the trace would bury them.
 */
export function describeAnswer(answer: Answer): string {
  const exception = answer.json?.exception;
  if (typeof exception === 'string') {
    const { message, file, line } = answer.json as { message?: string; file?: string; line?: number };
    return `${answer.request} answered ${answer.status}: ${exception}: ${message} (${file}:${line})`;
  }
  const body = answer.text.length > 600 ? `${answer.text.slice(0, 600)}...` : answer.text;
  return `${answer.request} answered ${answer.status}: ${body}`;
}

interface RunningServer {
  api: ApiClient;
  stop(): Promise<void>;
}

/**
 * Until the application's health route `/up` answers; throws with the server's output when it exits or stays
 * silent. A probe waits for its answer until the deadline: the Laravel 13 server answers one request at a time
 * and serves a probe given up on all the same, so probes given up on sooner than it answers one (a second or
 * more on a loaded machine) would queue up and keep it busy past the deadline.
 */
async function waitUntilReady(baseUrl: string, server: BackgroundProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exited()) throw new Error(`the server exited:\n${server.output()}`);
    try {
      const health = await fetch(`${baseUrl}/up`, { signal: AbortSignal.timeout(Math.max(deadline - Date.now(), 1)) });
      if (health.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer /up within ${READY_TIMEOUT_MS / 1000}s:\n${server.output()}`);
}

/** Until the server answers `/up`; one that never does is stopped before the error goes on. */
export async function readyOrStopped(baseUrl: string, server: BackgroundProcess): Promise<void> {
  try {
    await waitUntilReady(baseUrl, server);
  } catch (cause) {
    await server.stop();
    throw cause;
  }
}

const php83Server = fileURLToPath(new URL('./php83-server.js', import.meta.url));

/**
 * Starts the server: `php artisan serve` for Laravel 12, php83-server.ts for Laravel 13 (PHP 8.3 in
 * WebAssembly cannot run `artisan serve`). The caller must stop() it in a finally.
 */
async function serveApp(app: string, framework: FrameworkMajor, validator: AnswerValidator | undefined, environment: Readonly<Record<string, string>>): Promise<RunningServer> {
  const port = await freePort();
  const server =
    framework === 12
      ? startBackground('php', ['artisan', 'serve', '--host=127.0.0.1', `--port=${port}`, '--no-reload'], { cwd: app, env: { ...process.env, ...environment } })
      : startBackground(process.execPath, [php83Server, String(port)], { cwd: app });
  const baseUrl = `http://127.0.0.1:${port}`;
  await readyOrStopped(baseUrl, server);
  return { api: new ApiClient(baseUrl, undefined, validator), stop: () => server.stop() };
}

/**
 * Runs `body` against a served application, and stops the server whatever happens; `validator` checks every answer.
 * `environment` wins over `.env` (Laravel reads `.env` without replacing a variable the process has): Laravel 12 only.
 */
export async function withServedApp<T>(
  app: string,
  framework: FrameworkMajor,
  body: (api: ApiClient) => Promise<T>,
  validator?: AnswerValidator,
  environment: Readonly<Record<string, string>> = {},
): Promise<T> {
  if (framework !== 12 && Object.keys(environment).length > 0) throw new Error('the Laravel 13 server takes no environment of its own');
  const server = await serveApp(app, framework, validator, environment);
  try {
    return await body(server.api);
  } finally {
    await server.stop();
  }
}

/**
 * Makes the served application read `files` (relative to it) as they are now, as a restarted server would:
 * the serving PHP process's OPcache may run its compiled copy of a file edited since for up to
 * opcache.revalidate_freq seconds. A probe (probes/forget-compiled.php) is in public/ for that one request.
 */
export async function forgetCompiled(repo: string, app: string, api: ApiClient, files: readonly string[]): Promise<void> {
  const name = 'fullapi-e2e-forget-compiled.php';
  const probe = join(app, 'public', name);
  copyFileSync(join(repo, 'tests', 'e2e', 'probes', 'forget-compiled.php'), probe);
  try {
    const query = files.map((file) => `file[]=${encodeURIComponent(file)}`).join('&');
    // Not an answer of the API: no OpenAPI document describes it.
    const answer = await new ApiClient(api.baseUrl).send('GET', `/${name}?${query}`, undefined, { accept: null });
    if (answer.status !== 200 || answer.text !== 'forgotten') throw new Error(`the served application did not forget ${files.join(', ')}: ${describeAnswer(answer)}`);
  } finally {
    rmSync(probe, { force: true });
  }
}
