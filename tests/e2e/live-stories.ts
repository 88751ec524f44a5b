import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectStatus, expectValidationError, fail } from './live-contract.js';
import { type Answer, type ApiClient, describeAnswer } from './http.js';
import type { PhpRunner } from './php-runner.js';

/**
 * Live checks of a schema file's API as a client meets it across entities: a sequence of requests, each
 * depending on what the ones before it made. A story stops at its first failure; the message says which step.
 */
export interface LiveStory {
  name: string;
  /** `app` for what only the application itself can tell (what the database holds). */
  run(api: ApiClient, app: ServedApp): Promise<string>;
}

/** The application a story runs against, beside its HTTP API. */
export interface ServedApp {
  path: string;
  php: PhpRunner;
}

/** Sends, expects the status, and answers the body's `data`. */
export async function expectData(api: ApiClient, method: string, path: string, status: number, body?: unknown): Promise<Record<string, unknown>> {
  const answer = await api.send(method, path, body);
  expectStatus(answer, status);
  const data = answer.json?.data as Record<string, unknown> | undefined;
  return data ?? fail(`no data; ${describeAnswer(answer)}`);
}

export function expectEqual(actual: unknown, expected: unknown, what: string, answer?: Answer): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    fail(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}${answer === undefined ? '' : `; ${describeAnswer(answer)}`}`);
  }
}

/** JSON decodes `{}` to an empty PHP array, which answers `[]`: both say the same empty value. */
function isEmptyJson(value: unknown): boolean {
  return (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);
}

/** tests/e2e/schemas/shop: delete rules, a custom key that others reference, a time with an offset, empty json. */
export const SHOP_STORY: LiveStory = {
  name: 'shop',
  async run(api) {
    await expectData(api, 'POST', '/api/countries', 201, { code: 'fr', name: 'France' });
    const category = await expectData(api, 'POST', '/api/categories', 201, { name: 'Tools' });
    const brand = await expectData(api, 'POST', '/api/brands', 201, { name: 'Acme' });
    const product = await expectData(api, 'POST', '/api/products', 201, {
      name: 'Hammer',
      specs: {},
      available_from: '2024-01-01T10:00:00+02:00',
      category_id: category.id,
      brand_id: brand.id,
      country_code: 'fr',
    });
    // The instant sent, in UTC: 10:00 at +02:00 is 08:00Z.
    expectEqual(product.available_from, '2024-01-01T08:00:00.000000Z', 'available_from of a time sent with an offset');
    if (!isEmptyJson(product.specs)) fail(`specs sent as {} answered ${JSON.stringify(product.specs)}`);
    const second = await expectData(api, 'POST', '/api/products', 201, { name: 'Saw', specs: [], category_id: category.id });
    if (!isEmptyJson(second.specs)) fail(`specs sent as [] answered ${JSON.stringify(second.specs)}`);
    expectValidationError(await api.send('POST', '/api/products', { name: 'Drill', category_id: category.id }), 'specs');
    expectValidationError(await api.send('POST', '/api/products', { name: 'Drill', specs: null, category_id: category.id }), 'specs');
    const photo = await expectData(api, 'POST', '/api/photos', 201, { url: 'https://example.com/hammer.jpg', product_id: product.id });

    // A required foreign key restricts: the category stays, and the answer names the products in the way.
    const refused = await api.send('DELETE', `/api/categories/${String(category.id)}`);
    expectStatus(refused, 409);
    expectEqual([...(refused.json?.dependents?.products ?? [])].sort(), [product.id, second.id].sort(), 'dependents.products of the 409', refused);
    await expectData(api, 'GET', `/api/categories/${String(category.id)}`, 200);

    // A custom key cannot change; the row's own key may be sent back (a PUT of what GET answered).
    expectValidationError(await api.send('PATCH', '/api/countries/fr', { code: 'de' }), 'code');
    const renamed = await expectData(api, 'PUT', '/api/countries/fr', 200, { code: 'fr', name: 'République française' });
    expectEqual(renamed.code, 'fr', 'code after a PUT of the same key');

    // Nullable foreign keys are emptied when their parent goes.
    expectStatus(await api.send('DELETE', '/api/countries/fr'), 204);
    expectStatus(await api.send('DELETE', `/api/brands/${String(brand.id)}`), 204);
    const orphan = await expectData(api, 'GET', `/api/products/${String(product.id)}`, 200);
    expectEqual([orphan.country_code, orphan.brand_id], [null, null], 'country_code and brand_id after their parents were deleted');

    // A declared cascade deletes the children with their parent; then nothing stops the category's deletion.
    expectStatus(await api.send('DELETE', `/api/products/${String(product.id)}`), 204);
    expectStatus(await api.send('GET', `/api/photos/${String(photo.id)}`), 404);
    expectStatus(await api.send('DELETE', `/api/products/${String(second.id)}`), 204);
    expectStatus(await api.send('DELETE', `/api/categories/${String(category.id)}`), 204);
    return 'delete rules, an unchangeable custom key, a time with an offset, empty json values';
  },
};

/**
 * The probe that answers each request's number of SQL queries (tests/e2e/probes), registered after the
 * generated files were checked: it is the harness's, not part of what fullapi wrote.
 */
export function installQueryCounter(repo: string, app: string): void {
  copyFileSync(join(repo, 'tests', 'e2e', 'probes', 'QueryCountServiceProvider.php'), join(app, 'app', 'Providers', 'QueryCountServiceProvider.php'));
  const providersPath = join(app, 'bootstrap', 'providers.php');
  const providers = readFileSync(providersPath, 'utf8');
  const registered = providers.replace('return [\n', 'return [\n    App\\Providers\\QueryCountServiceProvider::class,\n');
  if (registered === providers) fail(`${providersPath} has no "return [" to register the query counter in`);
  writeFileSync(providersPath, registered);
}

/** The number of queries the request ran, from the probe's header. */
function queriesOf(answer: Answer): number {
  const header = answer.headers.get('x-query-count');
  if (header === null) fail(`no X-Query-Count header; ${describeAnswer(answer)}`);
  return Number(header);
}

/**
 * The example schema (examples/api-schema.yaml): relations read through `include` at a constant number of
 * queries per page, tags synced by `tag_ids`, a comment attached to its post by the morph map's alias, which
 * refuses the post's force delete (409).
 */
export const BLOG_STORY: LiveStory = {
  name: 'blog relations',
  async run(api) {
    await expectData(api, 'POST', '/api/countries', 201, { code: 'pt', name: 'Portugal' });
    const category = await expectData(api, 'POST', '/api/categories', 201, { name: 'Travel' });
    const tags = [];
    for (const name of ['sea', 'city', 'food']) tags.push(await expectData(api, 'POST', '/api/tags', 201, { name }));
    const post = (n: number, tagIds: unknown[]) => ({
      title: `Lisbon ${n}`,
      slug: `lisbon-${n}`,
      body: 'Trams and tiles.',
      country_code: 'pt',
      category_id: category.id,
      tag_ids: tagIds,
    });
    const first = await expectData(api, 'POST', '/api/posts', 201, post(0, [tags[0]?.id, tags[1]?.id]));
    const shown = await expectData(api, 'GET', `/api/posts/${String(first.id)}?include=tags,category,unknown`, 200);
    expectEqual((shown.tags as { id: unknown }[] | undefined)?.map((tag) => tag.id).sort(), [tags[0]?.id, tags[1]?.id].sort(), 'tags of the created post');
    expectEqual((shown.category as { id: unknown } | undefined)?.id, category.id, 'category of the created post');
    if ('country' in shown) fail(`country was not asked for, yet answered: ${JSON.stringify(shown.country)}`);
    await expectData(api, 'PATCH', `/api/posts/${String(first.id)}`, 200, { tag_ids: [tags[2]?.id] });
    const retagged = await expectData(api, 'GET', `/api/posts/${String(first.id)}?include=tags`, 200);
    expectEqual((retagged.tags as { id: unknown }[] | undefined)?.map((tag) => tag.id), [tags[2]?.id], 'tags after a PATCH of tag_ids');
    expectValidationError(await api.send('PATCH', `/api/posts/${String(first.id)}`, { tag_ids: [999999] }), 'tag_ids.0');

    const comment = await expectData(api, 'POST', '/api/comments', 201, { body: 'Lovely.', commentable_type: 'post', commentable_id: first.id });
    expectEqual(comment.commentable_type, 'post', 'commentable_type, stored as the morph map alias');
    const owned = await expectData(api, 'GET', `/api/comments/${String(comment.id)}?include=commentable`, 200);
    expectEqual((owned.commentable as { id: unknown } | undefined)?.id, first.id, 'the comment\'s commentable');
    expectValidationError(await api.send('POST', '/api/comments', { body: 'Lost.', commentable_type: 'App\\Models\\Post', commentable_id: first.id }), 'commentable_type');
    expectValidationError(await api.send('POST', '/api/comments', { body: 'Lost.', commentable_type: 'post', commentable_id: 999999 }), 'commentable_id');

    // A post's comments point at it by alias and id, which no foreign key guards: its force delete is refused,
    // naming them, until they go.
    expectStatus(await api.send('DELETE', `/api/posts/${String(first.id)}`), 204);
    const kept = await api.send('DELETE', `/api/posts/${String(first.id)}/force-delete`);
    expectStatus(kept, 409);
    expectEqual(kept.json?.dependents?.comments, [comment.id], 'dependents.comments of the 409', kept);
    await expectData(api, 'GET', `/api/comments/${String(comment.id)}?include=commentable`, 200);
    expectStatus(await api.send('POST', `/api/posts/${String(first.id)}/restore`), 200);

    for (let n = 1; n <= 11; n += 1) await expectData(api, 'POST', '/api/posts', 201, post(n, [tags[n % 3]?.id]));
    const counts: string[] = [];
    for (const include of ['', '&include=tags,category,comments']) {
      const bySize = [];
      for (const size of [5, 100]) {
        const answer = await api.send('GET', `/api/posts?per_page=${size}${include}`);
        expectStatus(answer, 200);
        bySize.push(queriesOf(answer));
      }
      if (bySize[0] !== bySize[1]) fail(`the index${include} ran ${bySize[0]} queries for 5 rows and ${bySize[1]} for 12: not constant`);
      counts.push(`${bySize[0]}${include === '' ? '' : ' with three includes'}`);
    }
    const [plain, included] = counts.map((count) => Number.parseInt(count, 10));
    if (included !== (plain ?? 0) + 3) fail(`three includes cost ${(included ?? 0) - (plain ?? 0)} queries, not one each`);

    // 26 posts in the category: an include of a relation of many rows answers the first 25 of each row, in one query.
    for (let n = 12; n <= 25; n += 1) await expectData(api, 'POST', '/api/posts', 201, post(n, []));
    const categories = await api.send('GET', `/api/categories?include=posts`);
    expectStatus(categories, 200);
    const capped = (categories.json?.data as { id: unknown; posts?: { id: number }[] }[] | undefined)?.find((row) => row.id === category.id)?.posts ?? [];
    expectEqual(capped.length, 25, 'posts included with their category', categories);
    expectEqual(capped.map((row) => row.id), [...capped.map((row) => row.id)].sort((a, b) => a - b), 'the first posts by key');
    const shownCategory = await expectData(api, 'GET', `/api/categories/${String(category.id)}?include=posts`, 200);
    expectEqual((shownCategory.posts as unknown[] | undefined)?.length, 25, 'posts included with the category shown');
    return `includes, tag_ids synced, a comment attached by alias and keeping its post from a force delete; index queries at 5 and 12 rows: ${counts.join(', ')}; 25 of a category's 26 posts included`;
  },
};
