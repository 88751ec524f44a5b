import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Field } from '../../../src/ir/ir.generated.js';
import { emitMigration } from '../../../src/emit/laravel/artifacts/migration.js';
import { emitModel } from '../../../src/emit/laravel/artifacts/model.js';
import { emitRequests } from '../../../src/emit/laravel/artifacts/requests.js';
import { context, entity, field, filesOf, onlyFile, phpLint } from '../../support/entities.js';

/** Schema files give fields a default and extra rules: the column, the model and both requests honour them. */

const withDefault = (built: Field, value: string | number | boolean | null): Field => ({ ...built, defaultValue: { value } });

const post = entity('Post', [
  field('title'),
  { ...field('headline'), rules: ['max:80', 'regex:/^[A-Z]/'] },
  withDefault(field('status', 'enum', { cases: ['draft', 'published'] }), 'draft'),
  { ...withDefault(field('views', 'integer'), 0), rules: ['min:0', 'max:1000000'] },
  withDefault(field('featured', 'boolean'), false),
]);

test('the migration gives each column its default', () => {
  const { content } = onlyFile(emitMigration(post, context()));
  assert.match(content, "$table->string('status')->default('draft');");
  assert.match(content, "$table->integer('views')->default(0);");
  assert.match(content, "$table->boolean('featured')->default(false);");
});

test('the model knows the defaults before the row is read back', () => {
  const { content } = onlyFile(emitModel(post, context()));
  assert.match(content, "    protected $attributes = [\n        'status' => 'draft',\n        'views' => 0,\n        'featured' => false,\n    ];");
});

test("a defaulted field may be left out on create; extra rules follow the type's, and replace the type's rule of the same name", () => {
  const [store, update] = filesOf(emitRequests(post, context()));
  assert.match(store?.content ?? '', "'title' => ['required', 'string', 'max:255', 'not_regex:/\\\\x00/'],");
  assert.match(store?.content ?? '', "'headline' => ['required', 'string', 'not_regex:/\\\\x00/', 'max:80', 'regex:/^[A-Z]/'],");
  assert.match(store?.content ?? '', "'views' => ['sometimes', 'required', 'bail', 'integer', 'min:0', 'max:1000000'],");
  assert.match(update?.content ?? '', "'views' => ['sometimes', 'required', 'bail', 'integer', 'min:0', 'max:1000000'],");
  assert.equal(phpLint([...filesOf(emitRequests(post, context())), onlyFile(emitModel(post, context())), onlyFile(emitMigration(post, context()))]), []);
});

test.run();
