import { type Answer, describeAnswer } from './http.js';
import { type EntityContract, expectStatus, fail, type LiveCheck } from './live-contract.js';

/**
 * The index over HTTP: the paginated shape, page sizes, `filter[field]`, `sort`, and query strings that are
 * unknown or malformed, which must be ignored (200), never a 500. The seeders' rows are there too. An entity
 * made with `--simple-pagination` answers no count: its pages are checked by their rows and `links.next`.
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

function nextPage(answer: Answer): unknown {
  return answer.json?.links?.next;
}

function simplyPaged(contract: EntityContract): boolean {
  return contract.entity.simplePagination === true;
}

/**
 * What makes an answer the plain index, to compare another with: its total; or, paged without a count, the keys
 * of its rows and whether a next page follows.
 */
export function plainIndexMark(contract: EntityContract, answer: Answer): string {
  if (!simplyPaged(contract)) return JSON.stringify(meta(answer, 'total'));
  return JSON.stringify([rows(answer).map((row) => row[contract.keyName]), nextPage(answer) === null]);
}

/** The number of rows the index answered for a filter: `meta.total`, or the page's rows when it is the last. */
function matchedRows(contract: EntityContract, answer: Answer): number {
  if (!simplyPaged(contract)) return Number(meta(answer, 'total'));
  if (nextPage(answer) !== null) fail(`more rows than a page match; ${describeAnswer(answer)}`);
  return rows(answer).length;
}

const answersAPage: LiveCheck = {
  name: 'index answers data, links and meta, 15 per page by default',
  run: async (contract) => {
    const answer = await index(contract, '');
    for (const key of ['first', 'last', 'prev', 'next']) {
      if (!(key in (answer.json?.links ?? {}))) fail(`links.${key} is missing; ${describeAnswer(answer)}`);
    }
    expectMeta(answer, 'per_page', DEFAULT_PER_PAGE);
    if (simplyPaged(contract)) {
      for (const key of ['total', 'last_page']) if (meta(answer, key) !== undefined) fail(`meta.${key} is answered, though nothing is counted; ${describeAnswer(answer)}`);
      const full = rows(answer).length === DEFAULT_PER_PAGE;
      if (full !== (nextPage(answer) !== null)) fail(`${rows(answer).length} rows, links.next ${JSON.stringify(nextPage(answer))}; ${describeAnswer(answer)}`);
      return;
    }
    const total = Number(meta(answer, 'total'));
    if (rows(answer).length !== Math.min(total, DEFAULT_PER_PAGE)) fail(`${rows(answer).length} rows of ${total}; ${describeAnswer(answer)}`);
  },
};

/** Bounds the walk through the pages: the checks' rows and the seeders' fit in far fewer. */
const MAX_PAGES_WALKED = 100;

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

const walksThePagesByNext: LiveCheck = {
  name: 'without a count, links.next leads page by page to the last, each full but the last, no row twice',
  appliesTo: simplyPaged,
  run: async (contract) => {
    const seen = new Set<string>();
    for (let page = 1; page <= MAX_PAGES_WALKED; page += 1) {
      const answer = await index(contract, `per_page=2&page=${page}`);
      for (const row of rows(answer)) {
        const key = JSON.stringify(row[contract.keyName]);
        if (seen.has(key)) fail(`row ${key} again on page ${page}; ${describeAnswer(answer)}`);
        seen.add(key);
      }
      const next = nextPage(answer);
      if (next === null) {
        if (rows(answer).length > 2) fail(`page ${page} has ${rows(answer).length} rows; ${describeAnswer(answer)}`);
        return;
      }
      if (rows(answer).length !== 2 || typeof next !== 'string' || !next.endsWith(`page=${page + 1}`)) fail(`page ${page} of 2 rows is not followed by page ${page + 1}; ${describeAnswer(answer)}`);
    }
    fail(`links.next still leads on after ${MAX_PAGES_WALKED} pages`);
  },
};

const filtersByAField: LiveCheck = {
  name: 'filter[field]=value answers only the matching rows',
  appliesTo: (contract) => contract.fieldOfType('string') !== undefined,
  run: async (contract) => {
    const field = contract.fieldOfType('string')!;
    const value = contract.record(1)[field.name];
    const answer = await index(contract, `filter[${field.name}]=${encodeURIComponent(String(value))}`);
    if (matchedRows(contract, answer) !== 1) fail(`not one row matched; ${describeAnswer(answer)}`);
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
    const mark = plainIndexMark(contract, await index(contract, ''));
    const problems: string[] = [];
    for (const query of ignoredQueries(contract)) {
      const answer = await contract.api.send('GET', `${contract.collectionPath}?${query}`);
      const plain = answer.status === 200 && plainIndexMark(contract, answer) === mark && meta(answer, 'per_page') === DEFAULT_PER_PAGE;
      if (!plain) problems.push(`?${query}: ${describeAnswer(answer)}`);
    }
    if (problems.length > 0) fail(`\n    ${problems.join('\n    ')}`);
  },
};

export const INDEX_CHECKS: readonly LiveCheck[] = [answersAPage, pagesBySize, walksThePagesByNext, filtersByAField, sortsBothWays, ignoresUnknownAndMalformedQueries];
