import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CheckedModel, Entity, ProjectFacts } from '../../../src/ir/ir.generated.js';
import { missingOptionPackages } from '../../../src/passes/required-packages.js';
import { entity, field } from '../emit/entities.js';

const PEST_POST: Entity = { ...entity('Post', [field('title')]), options: { expressiveTests: true }, span: { file: 'api-schema.yaml', line: 7, column: 3 } };
const PLAIN_TAG = entity('Tag', [field('name')]);

function model(...entities: Entity[]): CheckedModel {
  return { entities, pivots: [] };
}

function facts(composerPackages?: string[]): ProjectFacts {
  return { framework: 12, perPage: 15, maxPerPage: 100, ...(composerPackages === undefined ? {} : { composerPackages }) };
}

test('--pest without pestphp/pest: one error at the flag naming the install commands', () => {
  const found = missingOptionPackages(model(PEST_POST, { ...PLAIN_TAG, options: { expressiveTests: true } }), facts(['laravel/framework']), { expressiveTests: true });
  assert.equal(
    found.map((diagnostic) => [diagnostic.code, diagnostic.span]),
    [['option_package_missing', { flag: '--expressive-tests' }]],
  );
  assert.ok(found[0]?.hint?.includes('composer require pestphp/pest --dev --with-all-dependencies'), found[0]?.hint);
  assert.ok(found[0]?.hint?.includes('./vendor/bin/pest --init'), found[0]?.hint);
});

test("a schema's pest: true without the package: the error is at each entity that asks for it", () => {
  const found = missingOptionPackages(model(PEST_POST, PLAIN_TAG), facts(), undefined);
  assert.equal(
    found.map((diagnostic) => diagnostic.span),
    [PEST_POST.span],
  );
  assert.ok(found[0]?.message.startsWith('Post: '), found[0]?.message);
});

test('with pestphp/pest required (require-dev counts), or without the option, nothing is reported', () => {
  assert.equal(missingOptionPackages(model(PEST_POST), facts(['laravel/framework', 'pestphp/pest']), { expressiveTests: true }), []);
  assert.equal(missingOptionPackages(model(PLAIN_TAG), facts(), undefined), []);
});

test.run();
