import { expectStatus, expectValidationError, fail } from './live-contract.js';
import { describeAnswer, type ApiClient } from './http.js';
import { expectData, expectEqual, type LiveStory } from './live-stories.js';

/**
 * The API made from tests/fixtures/openapi/petstore/petstore.yaml, used as a client who read only that document
 * would: each operation it describes, and the 404 and 422 it promises. The scenario checks every answer against
 * that document as well as against `fullapi openapi`'s (openapi-answers.ts); these checks say the values are right.
 */

/** Above any key the seeders give: no pet has it. */
const NO_SUCH_PET = 987654;

export const PETSTORE_STORY: LiveStory = {
  name: 'the petstore, as its own OpenAPI document describes it',
  async run(api) {
    const before = await totalOf(api, '/api/pets');
    const dogs = await expectData(api, 'POST', '/api/categories', 201, { name: 'Dogs' });
    const rex = await expectData(api, 'POST', '/api/pets', 201, { name: 'Rex', tag: 'friendly', category_id: dogs.id });
    expectEqual([rex.name, rex.tag, rex.category_id], ['Rex', 'friendly', dogs.id], 'name, tag and category_id of the pet added');
    // NewPet leaves out what Pet requires with a default: the document's default is the pet's status.
    expectEqual(rex.status, 'available', 'status of a pet added without one');
    const stray = await expectData(api, 'POST', '/api/pets', 201, { name: 'Stray' });
    expectEqual([stray.tag, stray.category_id], [null, null], 'tag and category_id of a pet added without them');

    const page = await api.send('GET', '/api/pets?per_page=2&page=1');
    expectStatus(page, 200);
    expectEqual([page.json?.data?.length, page.json?.meta?.per_page, page.json?.meta?.total], [2, 2, before + 2], 'a page of 2 pets, of all of them', page);

    const shown = await expectData(api, 'GET', `/api/pets/${String(rex.id)}?include=category`, 200);
    expectEqual(shown.category, dogs, 'the category of the pet shown with include=category');
    const sold = await expectData(api, 'PUT', `/api/pets/${String(rex.id)}`, 200, { name: 'Rex', tag: null, status: 'sold', category_id: dogs.id });
    expectEqual([sold.status, sold.tag], ['sold', null], 'status and tag after the update');

    const invalid = await api.send('POST', '/api/pets', { tag: 'nameless', status: 'lost' });
    expectValidationError(invalid, 'name');
    expectValidationError(invalid, 'status');
    expectValidationError(await api.send('PUT', `/api/pets/${String(rex.id)}`, { category_id: NO_SUCH_PET }), 'category_id');
    expectStatus(await api.send('GET', `/api/pets/${NO_SUCH_PET}`), 404);
    expectStatus(await api.send('PUT', `/api/pets/${NO_SUCH_PET}`, { name: 'Nobody' }), 404);

    expectStatus(await api.send('DELETE', `/api/pets/${String(stray.id)}`), 204);
    expectStatus(await api.send('GET', `/api/pets/${String(stray.id)}`), 404);
    expectStatus(await api.send('DELETE', `/api/pets/${String(stray.id)}`), 404);
    // The document says a category deleted leaves its pets without one.
    expectStatus(await api.send('DELETE', `/api/categories/${String(dogs.id)}`), 204);
    const orphan = await expectData(api, 'GET', `/api/pets/${String(rex.id)}`, 200);
    expectEqual(orphan.category_id, null, 'category_id of a pet whose category was deleted');
    return 'categories and pets added, paged, shown with their category, changed, refused (422, 404) and deleted';
  },
};

async function totalOf(api: ApiClient, path: string): Promise<number> {
  const answer = await api.send('GET', path);
  expectStatus(answer, 200);
  const total = answer.json?.meta?.total;
  return typeof total === 'number' ? total : fail(`no meta.total; ${describeAnswer(answer)}`);
}
