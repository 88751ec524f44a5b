import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { engineMatrix, formatMatrix, needlessExemptions, unprovenFamilies } from './engine-matrix.js';
import { SCENARIOS } from './scenarios.js';
import { repoRoot } from '../support/repo-root.js';

/** The end-to-end matrix, checked without running it: npm test fails before a scenario's engines leave a family unproven. */

test('every scenario runs on SQLite, on each target once, and names the families it proves', () => {
  for (const scenario of SCENARIOS) {
    assert.ok(scenario.engines.includes('sqlite'), `${scenario.name} does not run on SQLite`);
    assert.is(new Set(scenario.engines).size, scenario.engines.length, `${scenario.name} names a target twice`);
    assert.ok(scenario.families.length > 0, `${scenario.name} proves no family`);
  }
});

test('the scenario names are unique: each names its applications and its databases', () => {
  const names = SCENARIOS.map((scenario) => scenario.name);
  assert.is(new Set(names).size, names.length);
});

test('every feature family is proven on SQLite, PostgreSQL, MariaDB and Laravel 13, but where an exemption says why not', () => {
  assert.equal(unprovenFamilies(engineMatrix(SCENARIOS)), []);
});

test('no exemption stands where a scenario of the family runs on the target', () => {
  assert.equal(needlessExemptions(engineMatrix(SCENARIOS)), []);
});

test("the testing page's matrix is the one the scenarios make", () => {
  const page = readFileSync(join(repoRoot(), 'docs', 'contributing', 'testing.md'), 'utf8');
  assert.ok(page.includes(`${formatMatrix(engineMatrix(SCENARIOS))}\n`), 'docs/contributing/testing.md: paste the table `node dist/tests/e2e/run.js --matrix` prints');
});

test.run();
