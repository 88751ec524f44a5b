import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitFeatureTest } from '../../../src/emit/laravel/artifacts/feature-test.js';
import { context, entity, field, parsingEmitter } from '../../support/entities.js';
import { blog, checked, entityOf, relation, sourceEntity, sourceField } from '../../support/source-model.js';

/** The feature tests of deleting parents and of the values a client sends that the database reads its own way. */

const emit = parsingEmitter(emitFeatureTest);

/** The body of one generated test method, from its signature to its closing brace. */
function method(content: string, name: string): string {
  const start = content.indexOf(`    public function ${name}(): void`);
  if (start === -1) throw new Error(`no method ${name} in:\n${content}`);
  return content.slice(start, content.indexOf('\n    }\n', start) + 7);
}

test('a parent: 409 while a restricting child refers to it, and a nullable child kept without it', () => {
  const model = blog();
  const category = emit(entityOf(model, 'Category'), context()).content;
  assert.ok(category.includes('use App\\Models\\Post;\n'));
  assert.is(
    method(category, 'test_destroy_answers_409_while_a_child_refers_to_the_row'),
    `    public function test_destroy_answers_409_while_a_child_refers_to_the_row(): void
    {
        $category = Category::factory()->create();
        $child = Post::factory()->create(['category_id' => $category->getKey()]);

        $this->deleteJson('/api/categories/'.$category->getKey())
            ->assertConflict()
            ->assertJsonPath('dependents.posts.0', $child->getKey());

        $this->assertModelExists($category);
    }
`,
  );
  // The self-reference: a category's children keep their rows with a null parent_id.
  assert.ok(method(category, 'test_destroy_leaves_a_child_without_its_parent').includes("$child = Category::factory()->create(['parent_id' => $category->getKey()]);"));
  assert.ok(category.includes('        $this->assertNull($child->refresh()->parent_id);\n'));
  const tag = emit(entityOf(model, 'Tag'), context()).content;
  assert.not.ok(tag.includes('_while_a_child_refers_to_the_row'), 'a pivot row cascades: nothing refuses');
});

test('soft deletes: the delete rules meet the force delete of a trashed row', () => {
  const model = checked([
    sourceEntity('Shelf', [sourceField('name')], [relation('books', 'hasMany', 'Book')], true),
    sourceEntity('Book', [sourceField('title')]),
  ]);
  const shelf = emit(entityOf(model, 'Shelf'), context()).content;
  const refused = method(shelf, 'test_force_delete_answers_409_while_a_child_refers_to_the_row');
  assert.ok(refused.includes("        $shelf->delete();\n\n        $this->deleteJson('/api/shelves/'.$shelf->getKey().'/force-delete')\n            ->assertConflict()"));
});

test('a required json field takes {} and []; a date-time sent with an offset answers the same instant in UTC', () => {
  const content = emit(entity('Setting', [field('options', 'json'), field('starts_at', 'datetime')]), context()).content;
  assert.ok(method(content, 'test_store_takes_an_empty_object_or_list_as_a_json_value').includes("        foreach ([[], (object) []] as $empty) {\n"));
  assert.ok(
    method(content, 'test_store_keeps_the_instant_of_a_time_with_an_offset').includes(
      "'starts_at' => '2024-01-01T10:00:00+02:00'];\n\n        $this->postJson('/api/settings', $payload)\n            ->assertCreated()\n            ->assertJsonPath('data.starts_at', '2024-01-01T08:00:00.000000Z');",
    ),
  );
  const optional = emit(entity('Note', [field('options', 'json', { nullable: true })]), context()).content;
  assert.not.ok(optional.includes('test_store_takes_an_empty_object_or_list_as_a_json_value'));
  assert.not.ok(optional.includes('test_store_keeps_the_instant'));
});


test.run();
