import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as assert from 'uvu/assert';
import { introspect } from '../../src/frontends/database/introspection.js';
import type { DatabaseDescription } from '../../src/ir/database-description.js';
import { repoRoot } from './repo-root.js';

/** The legacy schemas (plain SQL, one per engine) and the golden introspection of each. */
export const FIXTURES = join(repoRoot(), 'tests', 'fixtures', 'database');

export function legacySql(engine: 'sqlite' | 'pgsql' | 'mariadb'): string {
  return readFileSync(join(FIXTURES, `legacy-${engine}.sql`), 'utf8');
}

/** The introspection of a legacy database against its golden file; FULLAPI_REFRESH_GOLDEN=1 rewrites it. */
export function assertGoldenIntrospection(engine: 'sqlite' | 'pgsql' | 'mariadb', database: DatabaseDescription): void {
  const actual = `${JSON.stringify(introspect(database).introspection, null, 2)}\n`;
  const golden = join(FIXTURES, `introspect-${engine}.json`);
  if (process.env['FULLAPI_REFRESH_GOLDEN'] === '1') writeFileSync(golden, actual);
  assert.fixture(actual, readFileSync(golden, 'utf8'));
}
