import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sortDiagnostics, error } from '../../src/diagnostics/diagnostic.js';

test('diagnostics sort by position', () => {
  const sorted = sortDiagnostics([
    error('duplicate_field', 'b', { flag: '--fields', column: 9 }),
    error('duplicate_field', 'a', { flag: '--fields', column: 3 }),
  ]);
  assert.equal(sorted.map((d) => d.message), ['a', 'b']);
});

test.run();
