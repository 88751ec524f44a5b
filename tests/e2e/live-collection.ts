import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import newman, { type NewmanRunSummary } from 'newman';
import { postmanSchemaErrors } from '../support/postman-schema.js';
import type { LiveStory } from './live-stories.js';

/**
 * The generated `postman_collection.json`, checked against the official v2.1.0 schema, then run by newman
 * against the served application from top to bottom, twice: every request must answer and pass its status
 * test, and the first run must leave nothing (a unique sample value) that fails the second. An environment's `base_url` outranks the collection's, as a user points a collection at another server.
 */

const REQUEST_TIMEOUT_MS = 15_000;

function runNewman(collection: unknown, baseUrl: string): Promise<NewmanRunSummary> {
  return new Promise((resolve, reject) => {
    newman.run(
      {
        collection,
        environment: { name: 'harness', values: [{ key: 'base_url', value: baseUrl, enabled: true }] },
        reporters: [],
        timeoutRequest: REQUEST_TIMEOUT_MS,
      },
      (error, summary) => (error === null ? resolve(summary) : reject(error)),
    );
  });
}

/** Every request the collection holds, folders walked in order. */
function requestCount(items: unknown): number {
  if (!Array.isArray(items)) return 0;
  return items.reduce<number>((count, item: { item?: unknown; request?: unknown }) => count + (item.request === undefined ? requestCount(item.item) : 1), 0);
}

export const CLIENT_COLLECTION_STORY: LiveStory = {
  name: 'postman_collection.json run by newman',
  async run(api, app) {
    const collection = JSON.parse(readFileSync(join(app.path, 'postman_collection.json'), 'utf8')) as { item?: unknown };
    const problems = postmanSchemaErrors(collection);
    if (problems.length > 0) throw new Error(`the collection breaks the v2.1.0 schema: ${problems.join('; ')}`);
    const expected = requestCount(collection.item);
    for (const pass of ['first', 'second']) {
      const { run } = await runNewman(collection, api.baseUrl);
      const failures = run.failures.map((failure) => `${failure.source?.name ?? '?'}: ${failure.error.name}: ${failure.error.message}`);
      if (failures.length > 0) {
        const answered = run.executions.map((execution) => `${execution.item.name} ${execution.response?.code ?? 'no answer'}`);
        throw new Error(`${pass} run:\n${failures.join('\n')}\n(answers: ${answered.join(', ')})`);
      }
      if (run.stats.requests.total !== expected || run.stats.assertions.total !== expected) {
        throw new Error(`${pass} run: ${expected} requests in the collection, newman sent ${run.stats.requests.total} and checked ${run.stats.assertions.total} statuses`);
      }
    }
    return `${expected} requests, each passed its status test, in two runs`;
  },
};
