import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { STUB_NAMES } from '../../../src/emit/artifact-table.js';
import { placeholdersOf } from '../../../src/emit/render-stub.js';
import { stubValueNames } from '../../../src/pipeline/validate-stubs/stub-values.js';
import { builtInStubs } from '../../support/entities.js';

test('the sample model renders every stub, and each built-in stub uses only names its emitter passes', () => {
  const stubs = builtInStubs();
  const { names, diagnostics } = stubValueNames(stubs);
  assert.equal(diagnostics, []);
  for (const name of STUB_NAMES) {
    const passed = names.get(name);
    assert.ok(passed !== undefined && passed.size > 0, `${name} was rendered`);
    for (const used of placeholdersOf(stubs[name])) assert.ok(passed.has(used.placeholder), `${name}: {{${used.placeholder}}}`);
  }
});

test('the names are the emitters\' own: a model receives the 3.x names too, a migration its 3.x names', () => {
  const { names } = stubValueNames(builtInStubs());
  for (const name of ['members', 'classAttributes', 'traits', 'fillable', 'relationships', 'modelName']) assert.ok(names.get('model')?.has(name), name);
  for (const name of ['table', 'columns', 'tableName', 'fields', 'foreignKeys', 'softDeletes']) assert.ok(names.get('migrations')?.has(name), name);
  assert.not.ok(names.get('dto')?.has('attributesFromRequest'));
});

test.run();
