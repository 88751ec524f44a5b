import { type Answer, describeAnswer } from './http.js';
import { type EntityContract, expectStatus, fail, type LiveCheck } from './live-contract.js';

/**
 * The index over HTTP: the paginated shape, page sizes, `filter[field]`, `sort`, and query strings that are
 * unknown or malformed, which must be ignored (200), never a 500. The seeders' rows are there too.
 */

const DEFAULT_PER_PAGE = 15;
const MAX_PER_PAGE = 100;

async function index(contract: EntityContract, query: string): Promise<Answer> {
  const answer = await contract.api.send('GET', `${contract.collectionPath}${query === '' ? '' : `?${query}`}`);
  expectStatus(answer, 200);
  return answer;
}

function rows(answer: Answer): Record<string, unknown>[] {
  const data: unknown = answer.json?.data;
  return Array.isArray(data) ? (data as Record<string, unknown>[]) : fail(`data is not a list; ${describeAnswer(answer)}`);
}

function meta(answer: Answer, key: string): unknown {
  return answer.json?.meta?.[key];
}

function expectMeta(answer: Answer, key: string, expected: unknown): void {
  const actual = meta(answer, key);
  if (actual !== expected) fail(`meta.${key} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}; ${describeAnswer(answer)}`);
}

const answersAPage: LiveCheck = {
  name: 'index answers data, links and meta, 15 per page by default',
  run: async (contract) => {
    const answer = await index(contract, '');
    for (const key of ['first', 'last', 'prev', 'next']) {
      if (!(key in (answer.json?.links ?? {}))) fail(`links.${key} is missing; ${describeAnswer(answer)}`);
    }
    expectMeta(answer, 'per_page', DEFAULT_PER_PAGE);
    const total = Number(meta(answer, 'total'));
    if (rows(answer).length !== Math.min(total, DEFAULT_PER_PAGE)) fail(`${rows(answer).length} rows of ${total}; ${describeAnswer(answer)}`);
  },
};

const pagesBySize: LiveCheck = {
  name: 'per_page and page choose the page; per_page is capped at 100',
  run: async (contract) => {
    const second = await index(contract, 'per_page=2&page=2');
    expectMeta(second, 'per_page', 2);
    expectMeta(second, 'current_page', 2);
    if (rows(second).length !== 2) fail(`per_page=2&page=2 answered ${rows(second).length} rows`);
    expectMeta(await index(contract, 'per_page=1000'), 'per_page', MAX_PER_PAGE);
  },
};

const filtersByAField: LiveCheck = {
  name: 'filter[field]=value answers only the matching rows',
  appliesTo: (contract) => contract.fieldOfType('string') !== undefined,
  run: async (contract) => {
    const field = contract.fieldOfType('string')!;
    const value = contract.record(1)[field.name];
    const answer = await index(contract, `filter[${field.name}]=${encodeURIComponent(String(value))}`);
    expectMeta(answer, 'total', 1);
    if (rows(answer)[0]?.[contract.keyName] !== contract.record(1)[contract.keyName]) fail(`not the record filtered for; ${describeAnswer(answer)}`);
  },
};

function inOrder(values: unknown[], descending: boolean, textOrder: EntityContract['textOrder']): boolean {
  const comparable = (value: unknown): unknown => (textOrder === 'ignoring case' && typeof value === 'string' ? value.toLowerCase() : value);
  return values.map(comparable).every((value, i, all) => {
    if (i === 0) return true;
    const [earlier, later] = descending ? [value, all[i - 1]] : [all[i - 1], value];
    return (earlier as number | string) <= (later as number | string);
  });
}

const sortsBothWays: LiveCheck = {
  name: 'sort=field and sort=-field order the rows',
  appliesTo: (contract) => contract.fieldOfType('integer', 'bigint', 'string') !== undefined,
  run: async (contract) => {
    const field = contract.fieldOfType('integer', 'bigint') ?? contract.fieldOfType('string')!;
    for (const descending of [false, true]) {
      const answer = await index(contract, `sort=${descending ? '-' : ''}${field.name}&per_page=${MAX_PER_PAGE}`);
      const values = rows(answer).map((row) => row[field.name]);
      if (!inOrder(values, descending, contract.textOrder)) fail(`not in ${descending ? 'descending' : 'ascending'} order of ${field.name}: ${JSON.stringify(values)}`);
    }
  },
};

/** Query strings the index must ignore: the answer is the plain index. */
function ignoredQueries(contract: EntityContract): string[] {
  const field = contract.fields[0]?.name ?? 'name';
  return [
    'unknown=1',
    'per_page=abc',
    'per_page=-5',
    'per_page=0',
    'per_page[]=3',
    'page=abc',
    'filter=abc',
    'filter[]=x',
    'filter[unknown_column]=x',
    `filter[${field}][]=x`,
    `filter[${field}]=`,
    'sort=unknown_column',
    'sort=-',
    'sort=,,',
    'sort[]=x',
    `sort[${field}]=asc`,
  ];
}

const ignoresUnknownAndMalformedQueries: LiveCheck = {
  name: 'unknown and malformed parameters are ignored (200, the plain index)',
  run: async (contract) => {
    const total = meta(await index(contract, ''), 'total');
    const problems: string[] = [];
    for (const query of ignoredQueries(contract)) {
      const answer = await contract.api.send('GET', `${contract.collectionPath}?${query}`);
      const plain = answer.status === 200 && meta(answer, 'total') === total && meta(answer, 'per_page') === DEFAULT_PER_PAGE;
      if (!plain) problems.push(`?${query}: ${describeAnswer(answer)}`);
    }
    if (problems.length > 0) fail(`\n    ${problems.join('\n    ')}`);
  },
};

export const INDEX_CHECKS: readonly LiveCheck[] = [answersAPage, pagesBySize, filtersByAField, sortsBothWays, ignoresUnknownAndMalformedQueries];
