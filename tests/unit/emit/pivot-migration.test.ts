import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitPivotMigration } from '../../../src/emit/laravel/artifacts/pivot-migration.js';
import type { Pivot } from '../../../src/ir/ir.generated.js';
import type { GeneratedFile } from '../../../src/plan/file-plan.js';
import { blog, checked, relation, sourceEntity, sourceField } from '../../support/source-model.js';
import { assertParses, context, onlyFile } from '../../support/entities.js';

function emit(pivot: Pivot | undefined, ctx = context()): GeneratedFile {
  if (pivot === undefined) throw new Error('no pivot');
  const file = onlyFile(emitPivotMigration(pivot, ctx));
  assertParses([file]);
  return file;
}

test('the join table: both keys, their pair as the primary key, rows deleted with either side, no timestamps', () => {
  const file = emit(blog().pivots[0]);
  assert.is(file.path, 'database/migrations/2026_01_02_030405_create_post_tag_table.php');
  assert.is(file.artifact, 'Migration');
  assert.is(
    file.content,
    `<?php

use Illuminate\\Database\\Migrations\\Migration;
use Illuminate\\Database\\Schema\\Blueprint;
use Illuminate\\Support\\Facades\\Schema;

return new class extends Migration
{
    /**
     * Run the migrations.
     */
    public function up(): void
    {
        Schema::create('post_tag', function (Blueprint $table) {
            $table->foreignId('post_id')->constrained('posts')->cascadeOnDelete();
            $table->foreignId('tag_id')->index()->constrained('tags')->cascadeOnDelete();
            $table->primary(['post_id', 'tag_id']);
        });
    }

    /**
     * Reverse the migrations.
     */
    public function down(): void
    {
        Schema::dropIfExists('post_tag');
    }
};
`,
  );
});

test('a custom key is typed like the key; an entity related to itself references its table twice', () => {
  const model = checked([
    sourceEntity('Country', [sourceField('code', 'string', { primary: true })], [relation('languages', 'belongsToMany', 'Language')]),
    sourceEntity('Language', [sourceField('name')]),
    sourceEntity('User', [sourceField('name')], [relation('friends', 'belongsToMany', 'User', 'friendships')]),
  ]);
  const [spoken, friendships] = model.pivots;
  assert.ok(
    emit(spoken).content.includes(`            $table->string('country_code');
            $table->foreign('country_code')->references('code')->on('countries')->cascadeOnDelete();
            $table->foreignId('language_id')->index()->constrained('languages')->cascadeOnDelete();
            $table->primary(['country_code', 'language_id']);
`),
  );
  assert.ok(
    emit(friendships).content.includes(`            $table->foreignId('user_id')->constrained('users')->cascadeOnDelete();
            $table->foreignId('friend_id')->index()->constrained('users')->cascadeOnDelete();
            $table->primary(['user_id', 'friend_id']);
`),
  );
});

test('regeneration reuses the pivot migration already there', () => {
  const file = emit(blog().pivots[0], context(12, { existingMigrations: ['2025_01_01_000000_create_post_tag_table.php'] }));
  assert.is(file.path, 'database/migrations/2025_01_01_000000_create_post_tag_table.php');
});


test.run();
