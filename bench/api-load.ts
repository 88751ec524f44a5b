import { describeAnswer, type ApiClient } from '../tests/e2e/http.js';

/**
 * The API bench's load generator: requests to one endpoint, one at a time (PHP's built-in server answers one
 * at a time, so a second in flight would only wait in its queue), warm-up first, then measured until a count
 * or a time is reached, whichever comes first. Each latency is the wall clock from the request sent to its
 * answer read, and each answer gives the number of SQL queries the application ran for it (the
 * `X-Query-Count` header of bench/api-app.ts).
 */

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
}

export interface Endpoint {
  /** `GET /api/orders/{id}`, for the table. */
  label: string;
  /** The status every answer must have: a figure of error answers would say nothing about the endpoint. */
  status: number;
  /** The `number`th request, so that runs and engines send the same ones. */
  request(number: number): ApiRequest;
}

export interface Bounds {
  requests: number;
  milliseconds: number;
}

export interface EndpointFigures {
  latencies: number[];
  queries: number[];
  milliseconds: number;
}

const QUERY_COUNT_HEADER = 'x-query-count';

/** The warm-up's requests, then the measured ones, numbered on from them: no measured request repeats one. */
export async function loadEndpoint(api: ApiClient, endpoint: Endpoint, warmUp: Bounds, measured: Bounds): Promise<EndpointFigures> {
  const warmed = await sendFor(api, endpoint, 0, warmUp);
  return sendFor(api, endpoint, warmed.latencies.length, measured);
}

async function sendFor(api: ApiClient, endpoint: Endpoint, firstNumber: number, bounds: Bounds): Promise<EndpointFigures> {
  const latencies: number[] = [];
  const queries: number[] = [];
  const started = performance.now();
  while (latencies.length < bounds.requests && performance.now() - started < bounds.milliseconds) {
    const { method, path, body } = endpoint.request(firstNumber + latencies.length);
    const sent = performance.now();
    const answer = await api.send(method, path, body);
    latencies.push(performance.now() - sent);
    if (answer.status !== endpoint.status) throw new Error(`${endpoint.label}: expected ${endpoint.status}; ${describeAnswer(answer)}`);
    queries.push(queryCount(answer.headers, endpoint.label));
  }
  return { latencies, queries, milliseconds: performance.now() - started };
}

function queryCount(headers: Headers, label: string): number {
  const count = Number(headers.get(QUERY_COUNT_HEADER) ?? Number.NaN);
  if (!Number.isInteger(count)) throw new Error(`${label} answered without an ${QUERY_COUNT_HEADER} header: the bench's hooks are not in the application`);
  return count;
}
