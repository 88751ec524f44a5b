import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitMigration, migrationTimestampAfter } from '../../../src/emit/laravel/artifacts/migration.js';
import { context, entity, field, parsingEmitter } from '../../support/entities.js';
import { blog, checked, entityOf, relation, sourceEntity, sourceField } from '../../support/source-model.js';

const emit = parsingEmitter(emitMigration);

test('the anonymous-class migration of make:migration, named with the run timestamp', () => {
  const file = emit(entity('Post', [field('title'), field('body', 'text', { nullable: true })]), context());
  assert.is(file.path, 'database/migrations/2026_01_02_030405_create_posts_table.php');
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
        Schema::create('posts', function (Blueprint $table) {
            $table->id();
            $table->string('title');
            $table->text('body')->nullable();
            $table->timestamps();
        });
    }

    /**
     * Reverse the migrations.
     */
    public function down(): void
    {
        Schema::dropIfExists('posts');
    }
};
`,
  );
});

test('one column per field type, with nullable, unique and soft deletes', () => {
  const every = entity(
    'Post',
    [
      field('title', 'string', { unique: true }),
      field('body', 'text'),
      field('published', 'boolean'),
      field('views', 'integer'),
      field('reach', 'bigint'),
      field('ratio', 'float'),
      field('price', 'decimal', { nullable: true }),
      field('meta', 'json'),
      field('born_on', 'date'),
      field('seen_at', 'datetime'),
      field('logged_at', 'timestamp'),
      field('ref', 'uuid', { nullable: true, unique: true }),
      field('status', 'enum', { cases: ['draft'] }),
    ],
    { softDeletes: true },
  );
  assert.ok(
    emit(every, context()).content.includes(`            $table->id();
            $table->string('title')->unique();
            $table->text('body');
            $table->boolean('published');
            $table->integer('views');
            $table->bigInteger('reach');
            $table->float('ratio');
            $table->decimal('price', 10, 2)->nullable();
            $table->json('meta');
            $table->date('born_on');
            $table->dateTime('seen_at');
            $table->timestamp('logged_at');
            $table->uuid('ref')->nullable()->unique();
            $table->string('status');
            $table->timestamps();
            $table->softDeletes();
        });`),
  );
});

test('index gives the column an index of its own, unless it is unique already', () => {
  const model = checked([sourceEntity('Order', [sourceField('status', 'string', { index: true }), sourceField('code', 'string', { unique: true, index: true }), sourceField('note', 'text', { nullable: true })])]);
  const { content } = emit(entityOf(model, 'Order'), context());
  assert.ok(content.includes("            $table->string('status')->index();\n            $table->string('code')->unique();\n            $table->text('note')->nullable();\n"), content);
});

test('a custom key is the first column and ->primary(), with no id()', () => {
  const country = entity('Country', [field('name'), field('code')], { key: 'code', table: 'countries' });
  const { content } = emit(country, context());
  assert.ok(content.includes("            $table->string('code')->primary();\n            $table->string('name');\n"));
  assert.not.ok(content.includes('$table->id()'));
});

test('regeneration reuses the existing migration of the table', () => {
  const existingMigrations = [
    '2025_01_01_000000_create_blog_posts_table.php',
    '2025_03_04_101010_create_posts_table.php',
    '2025_05_05_000000_add_slug_to_posts_table.php',
  ];
  const file = emit(entity('Post', [field('title')]), context(12, { existingMigrations }));
  assert.is(file.path, 'database/migrations/2025_03_04_101010_create_posts_table.php');
});

test('foreign keys come before the fields: foreignId() for an id, a typed column and foreign() for a custom key', () => {
  const { content } = emit(entityOf(blog(), 'Post'), context());
  assert.ok(
    content.includes(`            $table->id();
            $table->string('country_code')->index();
            $table->foreign('country_code')->references('code')->on('countries')->restrictOnDelete();
            $table->foreignId('category_id')->index()->constrained('categories')->restrictOnDelete();
            $table->string('title');
`),
  );
});

test('a self-reference is nullable, before constrained(); a morphTo gives nullableMorphs()', () => {
  const model = blog();
  assert.ok(emit(entityOf(model, 'Category'), context()).content.includes("            $table->id();\n            $table->foreignId('parent_id')->nullable()->index()->constrained('categories')->nullOnDelete();\n"));
  assert.ok(emit(entityOf(model, 'Comment'), context()).content.includes("            $table->id();\n            $table->nullableMorphs('commentable');\n            $table->text('body');\n"));
  const nodes = checked([sourceEntity('Node', [sourceField('code', 'uuid', { primary: true })], [relation('parent', 'belongsTo', 'Node')])]);
  assert.ok(
    emit(entityOf(nodes, 'Node'), context()).content.includes(`            $table->uuid('code')->primary();
            $table->uuid('parent_code')->nullable()->index();
            $table->foreign('parent_code')->references('code')->on('nodes')->nullOnDelete();
`),
  );
});

test('the n-th migration of a run is named n seconds later, across minutes, days and years', () => {
  assert.is(migrationTimestampAfter('2026_01_02_030405', 0), '2026_01_02_030405');
  assert.is(migrationTimestampAfter('2026_01_02_030459', 1), '2026_01_02_030500');
  assert.is(migrationTimestampAfter('2026_12_31_235959', 2), '2027_01_01_000001');
});


test.run();
