import type { Engine } from '../tests/e2e/database-servers.js';

/**
 * The rows the API bench seeds, as SQL that each engine runs in bulk from numbers it generates itself
 * (PostgreSQL's generate_series, MariaDB's SEQUENCE engine, a recursive CTE on SQLite): a million orders
 * take seconds, where Eloquent's factories would take most of an hour. Row `i` of a table is made from `i`
 * alone and has the key `i`, so every engine holds the same rows under the same keys (MariaDB's
 * auto-increment would leave gaps between two bulk inserts); each engine's sequence then goes on after them
 * for the rows the API creates.
 */

export interface SeedSize {
  customers: number;
  orders: number;
}

/** Rows per INSERT: one transaction each, so that none grows with the table's size. */
const ROWS_PER_STATEMENT = 100_000;
/** A prime that divides no count here: `i * SPREAD % n` runs over 0..n-1 out of order, so that neither an order's customer nor its time follows its key. */
const SPREAD = 7919;
const SECONDS_IN_2024 = 366 * 24 * 60 * 60;
const SEEDED_AT = "'2025-01-01 00:00:00'";
/** Totals from 0.00 to 999.99. */
const TOTAL_CENTS_MODULUS = 100_000;

interface Dialect {
  /** The integers from..to as a FROM item with one column, `i`. */
  numbers(from: number, to: number): string;
  concat(parts: readonly string[]): string;
  /** The time `seconds` (an expression) after 2024-01-01 00:00:00. */
  secondsInto2024(seconds: string): string;
  /** What makes the table's sequence go on after the keys given explicitly, where the engine does not by itself. */
  sequenceAfterKeys(table: string): readonly string[];
  /** The statistics the engine gathers by itself as a table grows, which a million rows inserted at once would not wait for. */
  statistics: readonly string[];
}

const DIALECTS: Readonly<Record<Engine, Dialect>> = {
  sqlite: {
    numbers: (from, to) => `(WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to}) SELECT i FROM n) AS numbers`,
    concat: (parts) => parts.join(' || '),
    secondsInto2024: (seconds) => `datetime('2024-01-01 00:00:00', '+' || (${seconds}) || ' seconds')`,
    // An AUTOINCREMENT table's sqlite_sequence follows the largest key inserted.
    sequenceAfterKeys: () => [],
    // SQLite gathers none unless asked (ANALYZE, PRAGMA optimize), and Laravel does not ask.
    statistics: [],
  },
  pgsql: {
    // bigint: `i * SPREAD` passes 32 bits.
    numbers: (from, to) => `generate_series(${from}::bigint, ${to}) AS numbers(i)`,
    concat: (parts) => parts.join(' || '),
    secondsInto2024: (seconds) => `timestamp '2024-01-01 00:00:00' + (${seconds}) * interval '1 second'`,
    sequenceAfterKeys: (table) => [`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT MAX(id) FROM ${table}))`],
    // What autovacuum's analyze would have done by the time the table held these rows.
    statistics: ['ANALYZE customers', 'ANALYZE orders'],
  },
  mariadb: {
    numbers: (from, to) => `(SELECT seq AS i FROM seq_${from}_to_${to}) AS numbers`,
    concat: (parts) => `CONCAT(${parts.join(', ')})`,
    secondsInto2024: (seconds) => `TIMESTAMP '2024-01-01 00:00:00' + INTERVAL (${seconds}) SECOND`,
    // InnoDB's counter follows the largest key inserted.
    sequenceAfterKeys: () => [],
    // What InnoDB's persistent statistics, recalculated as a table grows, would hold.
    statistics: ['ANALYZE TABLE customers, orders'],
  },
};

/** The statements that seed `size` on `engine`, in order: customers, orders, their sequences, then the engine's statistics. */
export function seedStatements(engine: Engine, size: SeedSize, statuses: readonly string[]): string[] {
  const dialect = DIALECTS[engine];
  const customers = chunks(size.customers).map(({ from, to }) => customerInsert(dialect, from, to));
  const orders = chunks(size.orders).map(({ from, to }) => orderInsert(dialect, from, to, size.customers, statuses));
  return [...customers, ...orders, ...dialect.sequenceAfterKeys('customers'), ...dialect.sequenceAfterKeys('orders'), ...dialect.statistics];
}

function customerInsert(dialect: Dialect, from: number, to: number): string {
  const name = dialect.concat(["'Customer '", 'i']);
  const email = dialect.concat(["'customer'", 'i', "'@example.com'"]);
  return `INSERT INTO customers (id, name, email, created_at, updated_at) SELECT i, ${name}, ${email}, ${SEEDED_AT}, ${SEEDED_AT} FROM ${dialect.numbers(from, to)}`;
}

function orderInsert(dialect: Dialect, from: number, to: number, customers: number, statuses: readonly string[]): string {
  const columns = [
    'i',
    `(i * ${SPREAD}) % ${customers} + 1`,
    statusOf('i', statuses),
    `(i % ${TOTAL_CENTS_MODULUS}) / 100.0`,
    dialect.secondsInto2024(`(i * ${SPREAD}) % ${SECONDS_IN_2024}`),
    SEEDED_AT,
    SEEDED_AT,
  ];
  return `INSERT INTO orders (id, customer_id, status, total, placed_at, created_at, updated_at) SELECT ${columns.join(', ')} FROM ${dialect.numbers(from, to)}`;
}

/** Each status in turn, the same share of rows each. */
function statusOf(number: string, statuses: readonly string[]): string {
  const cases = statuses.map((status, index) => `WHEN ${index} THEN '${status}'`);
  return `CASE ${number} % ${statuses.length} ${cases.join(' ')} END`;
}

/** The `number`th of 1..count as the seeded orders pick their customer: consecutive numbers land far apart. */
export function spreadOver(count: number, number: number): number {
  return ((number * SPREAD) % count) + 1;
}

function chunks(count: number): { from: number; to: number }[] {
  return Array.from({ length: Math.ceil(count / ROWS_PER_STATEMENT) }, (_, index) => ({
    from: index * ROWS_PER_STATEMENT + 1,
    to: Math.min(count, (index + 1) * ROWS_PER_STATEMENT),
  }));
}
