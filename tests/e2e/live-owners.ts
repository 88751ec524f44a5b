import { randomUUID } from 'node:crypto';
import { describeAnswer, type Answer, type ApiClient } from './http.js';
import { expectStatus, expectValidationError, fail } from './live-contract.js';
import { expectData, type LiveStory } from './live-stories.js';

/**
 * tests/e2e/schemas/owners over HTTP, with two users who registered through the API: each order belongs to the
 * one who placed it, and the other meets a 404 wherever that order would show (index, show, PUT, PATCH, DELETE,
 * restore, force delete), nor can either move an order to the other.
 */

interface SignedIn {
  api: ApiClient;
  id: unknown;
}

async function register(api: ApiClient, name: string): Promise<SignedIn> {
  const password = 'owner-password-1';
  const answer = await api.send('POST', '/api/register', { name, email: `owner-${randomUUID()}@example.com`, password, password_confirmation: password });
  expectStatus(answer, 201);
  const token: unknown = answer.json?.token;
  const id: unknown = (answer.json?.user as Record<string, unknown> | undefined)?.['id'];
  if (typeof token !== 'string' || id === undefined) fail(`no token or user id; ${describeAnswer(answer)}`);
  return { api: api.withToken(token), id };
}

function expectHidden(answer: Answer, what: string): void {
  if (answer.status !== 404 || answer.json?.message !== 'Not Found.') fail(`${what}: expected 404 {"message":"Not Found."}; ${describeAnswer(answer)}`);
}

function keysOf(answer: Answer): unknown[] {
  return ((answer.json?.data ?? []) as Record<string, unknown>[]).map((row) => row['id']);
}

export const OWNERS_STORY: LiveStory = {
  name: 'orders owned by the signed-in user',
  run: async (api) => {
    const alice = await register(api, 'Alice');
    const bob = await register(api, 'Bob');

    const order = await expectData(alice.api, 'POST', '/api/orders', 201, { reference: 'A-1', total: 30 });
    if (order['customer_id'] !== alice.id) fail(`the order is not Alice's: ${JSON.stringify(order)}`);
    expectValidationError(await alice.api.send('POST', '/api/orders', { reference: 'A-2', total: 5, customer_id: bob.id }), 'customer_id');
    const path = `/api/orders/${String(order['id'])}`;

    const bobsIndex = await bob.api.send('GET', '/api/orders');
    expectStatus(bobsIndex, 200);
    if (keysOf(bobsIndex).length !== 0) fail(`Bob's index lists Alice's order; ${describeAnswer(bobsIndex)}`);
    expectHidden(await bob.api.send('GET', path), "Bob's GET of Alice's order");
    expectHidden(await bob.api.send('PUT', path, { reference: 'B-1', total: 1 }), "Bob's PUT");
    expectHidden(await bob.api.send('PATCH', path, { total: 1 }), "Bob's PATCH");
    expectHidden(await bob.api.send('DELETE', path), "Bob's DELETE");

    expectValidationError(await alice.api.send('PATCH', path, { customer_id: bob.id }), 'customer_id');
    const kept = await expectData(alice.api, 'PATCH', path, 200, { customer_id: alice.id, total: 31 });
    if (kept['customer_id'] !== alice.id || kept['total'] !== 31) fail(`Alice's own PATCH did not keep her the owner: ${JSON.stringify(kept)}`);
    const alicesIndex = await alice.api.send('GET', '/api/orders');
    if (JSON.stringify(keysOf(alicesIndex)) !== JSON.stringify([order['id']])) fail(`Alice's index is not her one order; ${describeAnswer(alicesIndex)}`);

    expectStatus(await alice.api.send('DELETE', path), 204);
    expectHidden(await bob.api.send('POST', `${path}/restore`), "Bob's restore of Alice's deleted order");
    expectHidden(await bob.api.send('DELETE', `${path}/force-delete`), "Bob's force delete");
    const restored = await expectData(alice.api, 'POST', `${path}/restore`, 200);
    if (restored['deleted_at'] !== null) fail(`Alice's restore did not bring the order back: ${JSON.stringify(restored)}`);
    return "two users: each sees and changes only their own orders; the other's answer 404, another owner's key 422";
  },
};
