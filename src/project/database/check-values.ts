/**
 * The values a CHECK constraint allows a column, as each engine states the constraint back:
 * `CHECK (status IN ('a', 'b'))` (SQLite's CREATE TABLE, MariaDB and MySQL), and PostgreSQL's normal form
 * `CHECK (((kind)::text = ANY ((ARRAY['a'::character varying, 'b'::character varying])::text[])))`.
 */
export function checkedValues(clause: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const inList = /[`"[(]?(\w+)[`"\])]?(?:::\w+)?\s+in\s*\(((?:\s*'(?:[^']|'')*'\s*,?)+)\)/gi;
  const anyArray = /\(?(\w+)\)?::\w+\s*=\s*any\s*\(\(?array\[((?:\s*'(?:[^']|'')*'(?:::[\w ]+)?\s*,?)+)\]/gi;
  for (const pattern of [inList, anyArray]) {
    for (const match of clause.matchAll(pattern)) {
      const [, column, list] = match;
      if (column === undefined || list === undefined) continue;
      found.set(column, [...list.matchAll(/'((?:[^']|'')*)'/g)].map((value) => (value[1] ?? '').replace(/''/g, "'")));
    }
  }
  return found;
}
