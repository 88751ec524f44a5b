import { EMAIL_NAMES, namesFit } from '../../src/emit/laravel/values/column-names.js';
import { isSecretName } from '../../src/passes/secrets.js';
import { type FieldSpec, sameValue, validPayload } from './fields.js';
import { type Answer, describeAnswer } from './http.js';
import { type EntityContract, expectStatus, expectValidationError, fail, type LiveCheck } from './live-contract.js';
import { plainIndexMark } from './live-index.js';

/**
 * What a team meets on MySQL, MariaDB and PostgreSQL, and a test on SQLite does not show: query strings and
 * bodies the columns cannot hold, which must be ignored (a filter) or refused with a 422 (a body), never
 * answered with a 500; values at the edge of a column, which must come back as sent; filters that must match
 * on every engine. Then a seeded random walk over hostile query strings, reproducible from its seed.
 */

/** The seed of the random query strings: FULLAPI_E2E_SEED to replay a failure, else the same every run. */
const SEED = Number(process.env['FULLAPI_E2E_SEED'] ?? 20261128);
const RANDOM_QUERIES = 40;

function filterable(field: FieldSpec): boolean {
  return field.type !== 'json' && !isSecretName(field.name);
}

async function index(contract: EntityContract, query: string): Promise<Answer> {
  return contract.api.send('GET', `${contract.collectionPath}?${query}`);
}

function rowsOf(answer: Answer): Record<string, unknown>[] {
  const data: unknown = answer.json?.data;
  return Array.isArray(data) ? (data as Record<string, unknown>[]) : fail(`data is not a list; ${describeAnswer(answer)}`);
}

/** The value as a query string carries it: booleans as 1 and 0, as a form would send them. */
function queryValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const filtersMatchOnEveryType: LiveCheck = {
  name: 'filter[field]=value finds the record by each filterable field, whatever its type',
  run: async (contract) => {
    const problems: string[] = [];
    // As the API answered it: a client filters by what it read.
    for (const field of contract.fields.filter(filterable)) {
      const value = contract.record(1)[field.name];
      const answer = await index(contract, `filter[${field.name}]=${encodeURIComponent(queryValue(value))}&per_page=100`);
      if (answer.status !== 200) {
        problems.push(describeAnswer(answer));
        continue;
      }
      const rows = rowsOf(answer);
      const found = rows.some((row) => row[contract.keyName] === contract.record(1)[contract.keyName]);
      const others = rows.filter((row) => JSON.stringify(row[field.name]) !== JSON.stringify(value));
      if (!found || others.length > 0) problems.push(`${field.name}=${queryValue(value)}: ${found ? `${others.length} rows of another value` : 'the record is not among the rows'}`);
    }
    if (problems.length > 0) fail(`\n    ${problems.join('\n    ')}`);
  },
};

/** Values no column of the type can hold, or no parser of the type reads: each filter must be ignored. */
const UNREADABLE_FILTERS: Partial<Record<FieldSpec['type'], readonly string[]>> = {
  integer: ['2147483648', '-2147483649', '1e3', '0x1A', '1.5', 'NaN'],
  bigint: ['9223372036854775808', '-9223372036854775809', '1e3', 'INF'],
  float: ['1e1000000', '-1e400', 'INF', 'NaN', 'abc'],
  decimal: ['1e1000000', '123456789', '20.001', '1e2', 'INF', '-'],
  date: ['tomorrow', '2024-02-30', '0000-01-01', '0999-12-31', '99999-01-01', '1815-12-10T00:00:00Z', '2024-1-5'],
  datetime: ['tomorrow', 'now', '2024-02-30 10:00:00', '0000-01-01 00:00:00', '2024-01-01 25:00:00', '+1 day'],
  timestamp: ['tomorrow', '2024-02-30 10:00:00', '0000-01-01 00:00:00'],
  uuid: ['not-a-uuid', '00000000-0000-0000-0000-00000000000g'],
  boolean: ['maybe', '2'],
};

/** Values a text column compares with: PostgreSQL refuses a NUL and bytes that are not UTF-8 with an error. */
const HOSTILE_TEXT_FILTERS = ['%00', 'a%00b', '%FF', '%C3%28', encodeURIComponent('💥'.repeat(300)), 'a'.repeat(5000)];

const ignoresUnreadableFilterValues: LiveCheck = {
  name: 'filter values the column cannot hold are ignored (200, the plain index), never a 500',
  run: async (contract) => {
    const mark = plainIndexMark(contract, await index(contract, ''));
    const problems: string[] = [];
    for (const field of contract.fields.filter(filterable)) {
      for (const value of UNREADABLE_FILTERS[field.type] ?? []) {
        const answer = await index(contract, `filter[${field.name}]=${encodeURIComponent(value)}`);
        if (answer.status !== 200 || plainIndexMark(contract, answer) !== mark) problems.push(`filter[${field.name}]=${value}: ${describeAnswer(answer)}`);
      }
      if (field.type === 'string' || field.type === 'text' || field.type === 'enum') {
        for (const value of HOSTILE_TEXT_FILTERS) {
          const answer = await index(contract, `filter[${field.name}]=${value}`);
          if (answer.status !== 200) problems.push(`filter[${field.name}]=${value.slice(0, 40)}: ${describeAnswer(answer)}`);
        }
      }
    }
    if (problems.length > 0) fail(`\n    ${problems.join('\n    ')}`);
  },
};

/** A body value as JSON text, with the field it is for: numbers JSON.stringify cannot write stay as written. */
interface RawValue {
  field: FieldSpec;
  json: string;
  label: string;
}

function raw(field: FieldSpec, json: string, label = json.length > 40 ? `${json.slice(0, 37)}...` : json): RawValue {
  return { field, json, label };
}

/** Values each field's column cannot hold, or its rule must refuse: a 422 on the field. */
function refusedValues(field: FieldSpec): RawValue[] {
  const text = (value: string): string => JSON.stringify(value);
  switch (field.type) {
    case 'string': {
      const email = namesFit(EMAIL_NAMES, field.name) ? [raw(field, text('not-an-email'))] : [];
      return [raw(field, text('a'.repeat(256)), '256 characters'), raw(field, text('a\u0000b'), 'a NUL'), raw(field, text('💥'.repeat(256)), '256 emoji'), ...email];
    }
    case 'text':
      return [raw(field, text('a'.repeat(70_000)), '70,000 characters'), raw(field, text('💥'.repeat(16_384)), '16,384 emoji'), raw(field, text('a\u0000b'), 'a NUL')];
    case 'integer':
      return ['2147483648', '-2147483649', '1e400', '1.5'].map((json) => raw(field, json));
    case 'bigint':
      return ['9223372036854775808', '1e400', '1.5'].map((json) => raw(field, json));
    case 'float':
      return ['1e400', '-1e400', text('INF')].map((json) => raw(field, json));
    case 'decimal':
      return ['19.999', '123456789', '1e400', text('1e2'), '1e-7'].map((json) => raw(field, json));
    case 'date':
      return ['tomorrow', '2024-02-30', '0000-01-01', '0999-12-31', '1815-12-10T00:00:00Z', '99999-01-01'].map((value) => raw(field, text(value)));
    case 'datetime':
      return ['tomorrow', '2024-02-30 10:00:00', '0999-12-31 23:59:59', '2024-01-01 10:00'].map((value) => raw(field, text(value)));
    case 'timestamp':
      return ['tomorrow', '2050-01-01 00:00:00', '1969-12-31 23:59:59'].map((value) => raw(field, text(value)));
    default:
      return [];
  }
}

/** The body with one field's value replaced by JSON text. */
function bodyWith(fields: readonly FieldSpec[], n: number, value: RawValue): string {
  const payload = validPayload(fields, n);
  const entries = Object.entries(payload).map(([name, sent]) => `${JSON.stringify(name)}:${name === value.field.name ? value.json : JSON.stringify(sent)}`);
  return `{${entries.join(',')}}`;
}

const refusesValuesTheColumnCannotHold: LiveCheck = {
  name: 'POST of values the column cannot hold answers 422 on the field, never a 500',
  run: async (contract) => {
    const problems: string[] = [];
    for (const value of contract.fields.filter((field) => !field.primary).flatMap(refusedValues)) {
      const answer = await contract.api.send('POST', contract.collectionPath, undefined, { rawBody: bodyWith(contract.fields, 5, value) });
      try {
        expectValidationError(answer, value.field.name);
      } catch (cause) {
        problems.push(`${value.field.name} = ${value.label}: ${(cause as Error).message}`);
      }
    }
    if (problems.length > 0) fail(`\n    ${problems.join('\n    ')}`);
  },
};

/** Values at the edge of what each column holds: accepted, and answered as sent. */
function edgeValues(field: FieldSpec): unknown[] {
  switch (field.type) {
    case 'string':
      return ['💥'.repeat(255), 'Ünïcödé ✓ 漢字'];
    case 'text':
      return ['💥'.repeat(16_383)];
    case 'integer':
      return [2147483647, -2147483648];
    case 'bigint':
      return [9007199254740991];
    case 'decimal':
      return [99999999.99, -99999999.99, 0.1];
    case 'date':
      return ['1815-12-10', '9999-12-31', '1000-01-01'];
    case 'datetime':
      return ['1000-01-01 00:00:00', '9999-12-31 23:59:59'];
    case 'timestamp':
      return ['1970-01-01 00:00:01', '2038-01-19 03:14:07'];
    default:
      return [];
  }
}

const keepsValuesAtTheEdge: LiveCheck = {
  name: 'values at the edge of each column are stored and answered as sent, and a filter finds them',
  run: async (contract) => {
    const problems: string[] = [];
    let n = 6;
    // A secret is never answered, and an email column takes addresses only.
    const plain = contract.fields.filter((candidate) => !candidate.primary && !candidate.unique && !isSecretName(candidate.name) && !namesFit(EMAIL_NAMES, candidate.name));
    for (const field of plain) {
      for (const value of edgeValues(field)) {
        n += 1;
        const answer = await contract.api.send('POST', contract.collectionPath, { ...validPayload(contract.fields, n), [field.name]: value });
        const label = `${field.name} = ${JSON.stringify(value).slice(0, 40)}`;
        if (answer.status !== 201) {
          problems.push(`${label}: ${describeAnswer(answer)}`);
          continue;
        }
        const data = answer.json?.data as Record<string, unknown>;
        const shown = await contract.api.send('GET', contract.memberPath(data[contract.keyName]));
        if (!sameValue(field, value, shown.json?.data?.[field.name])) problems.push(`${label}: answered ${String(JSON.stringify(shown.json?.data?.[field.name])).slice(0, 60)}`);
        if (field.type === 'date' || field.type === 'decimal') {
          const filtered = await index(contract, `filter[${field.name}]=${encodeURIComponent(String(value))}&per_page=100`);
          if (!rowsOf(filtered).some((row) => row[contract.keyName] === data[contract.keyName])) problems.push(`${label}: filter[${field.name}] does not find it`);
        }
        await contract.api.send('DELETE', contract.memberPath(data[contract.keyName]));
      }
    }
    if (problems.length > 0) fail(`\n    ${problems.join('\n    ')}`);
  },
};

const refusesKeysItsRouteCannotReach: LiveCheck = {
  name: 'POST of a string key its own route cannot reach (a slash, dots) answers 422',
  appliesTo: (contract) => contract.fields.some((field) => field.primary && field.type === 'string'),
  run: async (contract) => {
    const problems: string[] = [];
    for (const key of ['a/b', '.', '..', '/']) {
      const answer = await contract.api.send('POST', contract.collectionPath, { ...validPayload(contract.fields, 9), [contract.keyName]: key });
      if (answer.status !== 422 || answer.json?.errors?.[contract.keyName] === undefined) problems.push(`${key}: ${describeAnswer(answer)}`);
    }
    if (problems.length > 0) fail(`\n    ${problems.join('\n    ')}`);
  },
};

const answersJsonWithoutAccept: LiveCheck = {
  name: 'without Accept: application/json, an invalid POST is a JSON 422 and an unknown key a JSON 404 naming no model',
  run: async (contract) => {
    const invalid = await contract.api.send('POST', contract.collectionPath, {}, { accept: null });
    expectStatus(invalid, 422);
    if (invalid.json?.errors === undefined) fail(`no JSON errors; ${describeAnswer(invalid)}`);
    const missing = await contract.api.send('GET', contract.memberPath('no-such-key-0'), undefined, { accept: null });
    expectStatus(missing, 404);
    // Laravel's own names the model class, even with APP_DEBUG=false: bootstrap/app.php renders this one instead.
    if (missing.text !== '{"message":"Not Found."}') fail(`not the neutral JSON 404; ${describeAnswer(missing)}`);
  },
};

/** mulberry32: a small seeded generator, so a failing walk is replayed from its seed alone. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTILE_VALUES = [
  '',
  '0',
  '-0',
  '1e308',
  '1e1000000',
  '-1e-400',
  '99999999999999999999999',
  '2147483648',
  '-9223372036854775809',
  '0x10',
  'NaN',
  'true',
  'null',
  '%00',
  '%FF%FE',
  encodeURIComponent('💥'),
  encodeURIComponent('漢字'),
  '1815-12-10',
  '0000-00-00',
  '9999-12-31T23:59:59-14:00',
  'tomorrow',
  encodeURIComponent("' OR 1=1 --"),
  'a,b,,c',
  '-',
  'a'.repeat(3000),
];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** One random query string: a few parameters, each with a name the index knows or not, and a hostile value. */
function randomQuery(random: () => number, contract: EntityContract): string {
  const names = [...contract.fields.map((field) => field.name), 'id', 'unknown', 'created_at'];
  const parameters = Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
    const value = pick(random, HOSTILE_VALUES);
    switch (pick(random, ['filter', 'filter', 'sort', 'page', 'per_page', 'include', 'array'] as const)) {
      case 'filter':
        return `filter[${pick(random, names)}]=${value}`;
      case 'sort':
        return `sort=${random() < 0.5 ? '-' : ''}${pick(random, names)},${value}`;
      case 'page':
        return `page=${value}`;
      case 'per_page':
        return `per_page=${value}`;
      case 'include':
        return `include=${value},${pick(random, names)}`;
      case 'array':
        return `filter[${pick(random, names)}][]=${value}&sort[]=${value}`;
    }
  });
  return parameters.join('&');
}

const survivesRandomHostileQueries: LiveCheck = {
  name: `${RANDOM_QUERIES} seeded random hostile query strings never answer a 5xx`,
  run: async (contract) => {
    const random = seededRandom(SEED + contract.entity.entity.length);
    const problems: string[] = [];
    for (let i = 0; i < RANDOM_QUERIES; i += 1) {
      const query = randomQuery(random, contract);
      const answer = await index(contract, query);
      if (answer.status >= 500) problems.push(`?${query.slice(0, 200)}: ${describeAnswer(answer)}`);
    }
    if (problems.length > 0) fail(`seed ${SEED} (FULLAPI_E2E_SEED=${SEED} replays it):\n    ${problems.join('\n    ')}`);
  },
};

export const HOSTILE_CHECKS: readonly LiveCheck[] = [
  filtersMatchOnEveryType,
  ignoresUnreadableFilterValues,
  refusesValuesTheColumnCannotHold,
  keepsValuesAtTheEdge,
  refusesKeysItsRouteCannotReach,
  answersJsonWithoutAccept,
  survivesRandomHostileQueries,
];
