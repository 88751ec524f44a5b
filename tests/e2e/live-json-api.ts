import { checkRoutes } from './app-checks.js';
import { type Answer, type ApiClient, describeAnswer } from './http.js';
import { expectStatus, expectValidationError, fail } from './live-contract.js';
import type { LiveStory, ServedApp } from './live-stories.js';
import type { EntityUnderTest } from './scenario.js';

/**
 * tests/e2e/schemas/json-api as a JSON:API client meets it (`json_api: true`): every answer of a row is a
 * document of resource objects (a string `id`, the `type`, the fields under `attributes`, relations under
 * `relationships` and their rows under `included` when `include` names them) in `application/vnd.api+json`,
 * while the statuses, the index's `meta` and `links`, and the 422 of a validation error stay Laravel's.
 */
export const JSON_API_STORY: LiveStory = {
  name: 'JSON:API documents',
  run: checkJsonApi,
};

/** The routes the schema's entities must have, for route:list: no other check covers a story's entities. */
const JSON_API_ENTITIES: readonly EntityUnderTest[] = [
  { entity: 'Author', fields: 'name:string,password:string', softDeletes: false, segment: 'authors', parameter: 'author' },
  { entity: 'Post', fields: 'title:string', softDeletes: true, segment: 'posts', parameter: 'post' },
  { entity: 'Tag', fields: 'name:string', softDeletes: false, segment: 'tags', parameter: 'tag' },
  { entity: 'Comment', fields: 'body:text', softDeletes: false, segment: 'comments', parameter: 'comment' },
  { entity: 'Country', fields: 'code:string:primary,name:string', softDeletes: false, segment: 'countries', parameter: 'country' },
];

interface ResourceObject {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: unknown }>;
}

async function checkJsonApi(api: ApiClient, app: ServedApp): Promise<string> {
  await checkRoutes(app.path, JSON_API_ENTITIES, app.php);

  const author = await expectResource(api, 'POST', '/api/authors', 201, 'authors', { name: 'Ada', password: 'correct-horse-battery' });
  expectAttribute(author, 'name', 'Ada');
  if ('password' in author.attributes) fail(`the author's password is answered: ${JSON.stringify(author)}`);
  const tag = await expectResource(api, 'POST', '/api/tags', 201, 'tags', { name: 'php' });
  const post = await expectResource(api, 'POST', '/api/posts', 201, 'posts', { title: 'Hello', meta: { lang: 'en' }, author_id: Number(author.id), tag_ids: [Number(tag.id)] });
  expectAttribute(post, 'title', 'Hello');
  expectAttribute(post, 'status', 'draft');
  expectAttribute(post, 'author_id', Number(author.id));

  const shown = await api.send('GET', `/api/posts/${post.id}?include=author,tags`);
  const included = resourceOf(shown, 200, 'posts');
  expectEqual(included.relationships?.['author']?.data, { id: author.id, type: 'authors' }, 'relationships.author', shown);
  expectEqual(included.relationships?.['tags']?.data, [{ id: tag.id, type: 'tags' }], 'relationships.tags', shown);
  const rows = (shown.json?.included ?? []) as ResourceObject[];
  const includedAuthor = rows.find((row) => row.type === 'authors' && row.id === author.id) ?? fail(`no author under included; ${describeAnswer(shown)}`);
  expectAttribute(includedAuthor, 'name', 'Ada');
  if ('password' in includedAuthor.attributes) fail(`the included author's password is answered; ${describeAnswer(shown)}`);
  const plain = resourceOf(await api.send('GET', `/api/posts/${post.id}`), 200, 'posts');
  if (plain.relationships !== undefined) fail(`relationships answered without include: ${JSON.stringify(plain)}`);

  // The application was seeded: the filter finds the one post of this story.
  const page = await api.send('GET', '/api/posts?filter[title]=Hello&per_page=1');
  expectDocument(page, 200);
  const [first] = (page.json?.data ?? []) as ResourceObject[];
  if (first?.type !== 'posts' || first.id !== post.id) fail(`the index's first row is not the post; ${describeAnswer(page)}`);
  expectEqual([page.json?.meta?.total, page.json?.meta?.per_page], [1, 1], 'meta.total and meta.per_page', page);
  if (typeof page.json?.links?.first !== 'string') fail(`no links.first; ${describeAnswer(page)}`);
  const sparse = await api.send('GET', '/api/posts?fields[posts]=title');
  expectDocument(sparse, 200);
  expectEqual(Object.keys(sparse.json?.data?.[0]?.attributes ?? {}), ['title'], 'the attributes of fields[posts]=title', sparse);

  const renamed = await expectResource(api, 'PATCH', `/api/posts/${post.id}`, 200, 'posts', { title: 'Renamed' });
  expectAttribute(renamed, 'title', 'Renamed');
  expectValidationError(await api.send('POST', '/api/posts', { meta: {} }), 'title');

  const comment = await expectResource(api, 'POST', '/api/comments', 201, 'comments', { body: 'First!', commentable_type: 'post', commentable_id: Number(post.id) });
  const commented = await api.send('GET', `/api/comments/${comment.id}?include=commentable`);
  expectEqual(resourceOf(commented, 200, 'comments').relationships?.['commentable']?.data, { id: post.id, type: 'posts' }, 'relationships.commentable', commented);

  const country = await expectResource(api, 'POST', '/api/countries', 201, 'countries', { code: 'fr', name: 'France' });
  expectEqual([country.id, country.attributes['code']], ['fr', 'fr'], 'the custom key as id and as the code attribute');

  expectStatus(await api.send('DELETE', `/api/authors/${author.id}`), 409);
  expectStatus(await api.send('DELETE', `/api/posts/${post.id}`), 204);
  const restored = await expectResource(api, 'POST', `/api/posts/${post.id}/restore`, 200, 'posts');
  expectAttribute(restored, 'deleted_at', null);
  return 'documents of authors, posts, tags, comments and countries: include, sparse fields, pages, 409, 422, restore';
}

/** Sends, and answers the resource object of a document with the status and the type. */
async function expectResource(api: ApiClient, method: string, path: string, status: number, type: string, body?: unknown): Promise<ResourceObject> {
  return resourceOf(await api.send(method, path, body), status, type);
}

function resourceOf(answer: Answer, status: number, type: string): ResourceObject {
  expectDocument(answer, status);
  const data = answer.json?.data as ResourceObject | undefined;
  if (data === undefined || typeof data.id !== 'string' || data.type !== type || typeof data.attributes !== 'object') {
    fail(`expected a resource object of type ${type} with a string id and attributes; ${describeAnswer(answer)}`);
  }
  if ('id' in data.attributes) fail(`an attribute is named id; ${describeAnswer(answer)}`);
  return data;
}

function expectDocument(answer: Answer, status: number): void {
  expectStatus(answer, status);
  const contentType = answer.headers.get('content-type') ?? '';
  if (!contentType.startsWith('application/vnd.api+json')) fail(`Content-Type ${contentType}, not application/vnd.api+json; ${describeAnswer(answer)}`);
}

function expectAttribute(resource: ResourceObject, name: string, value: unknown): void {
  expectEqual(resource.attributes[name], value, `${resource.type} ${resource.id} attributes.${name}`);
}

function expectEqual(actual: unknown, expected: unknown, what: string, answer?: Answer): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    fail(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}${answer === undefined ? '' : `; ${describeAnswer(answer)}`}`);
  }
}
