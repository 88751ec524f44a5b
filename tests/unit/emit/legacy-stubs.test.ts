import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isLegacyModelStub } from '../../../src/emit/laravel/values/legacy-stubs.js';
import { emitMigration } from '../../../src/emit/laravel/artifacts/migration.js';
import { emitModel } from '../../../src/emit/laravel/artifacts/model.js';
import { builtInStubs, context, entity, field, onlyFile, phpLint } from '../../support/entities.js';

const MODEL_3X = [
  '<?php',
  '',
  'namespace App\\Models;',
  '',
  'use Illuminate\\Database\\Eloquent\\Factories\\HasFactory;',
  'use Illuminate\\Database\\Eloquent\\Model;',
  '{{imports}}',
  '',
  'class {{modelName}} extends {{parentClass}}',
  '{',
  '    use HasFactory;',
  '{{traits}}',
  '',
  '    {{fillable}}',
  '{{relationships}}',
  '}',
  '',
].join('\n');

const MIGRATION_3X = [
  '<?php',
  '',
  'return new class extends Migration',
  '{',
  '    public function up(): void',
  '    {',
  "        Schema::create('{{tableName}}', function (Blueprint $table) {",
  '            $table->id();',
  '            {{fields}}',
  '            $table->timestamps();',
  '{{softDeletes}}',
  '{{foreignKeys}}',
  '        });',
  '    }',
  '};',
  '',
].join('\n');

const post = () => entity('Post', [field('title'), field('views', 'integer', { nullable: true })], { softDeletes: true });

test('a model stub is a 3.x one when it places traits, fillable or relationships and not members', () => {
  assert.ok(isLegacyModelStub(MODEL_3X));
  assert.not.ok(isLegacyModelStub(builtInStubs().model));
  assert.not.ok(isLegacyModelStub('{{members}}\n{{fillable}}'));
});

test('a 3.x model stub receives the traits, the fillable property and casts(), and imports nothing it writes itself', () => {
  for (const framework of [12, 13] as const) {
    const file = onlyFile(emitModel(post(), context(framework, { stubs: { ...builtInStubs(), model: MODEL_3X } })));
    assert.is(
      file.content,
      [
        '<?php',
        '',
        'namespace App\\Models;',
        '',
        'use Illuminate\\Database\\Eloquent\\Factories\\HasFactory;',
        'use Illuminate\\Database\\Eloquent\\Model;',
        'use Illuminate\\Database\\Eloquent\\SoftDeletes;',
        '',
        'class Post extends Model',
        '{',
        '    use HasFactory;',
        '    use SoftDeletes;',
        '',
        '    /**',
        '     * The attributes that are mass assignable.',
        '     *',
        '     * @var list<string>',
        '     */',
        '    protected $fillable = [',
        "        'title',",
        "        'views',",
        '    ];',
        '',
        '    /**',
        '     * Get the attributes that should be cast.',
        '     *',
        '     * @return array<string, string>',
        '     */',
        '    protected function casts(): array',
        '    {',
        '        return [',
        "            'views' => 'integer',",
        '        ];',
        '    }',
        '',
        '    /**',
        "     * The query of the row a route's key names; none (a 404) for a key the column cannot hold, which PostgreSQL",
        "     * would answer with an error, a 500: a text for a number, a number past the column's range, a NUL.",
        '     *',
        '     * @param  mixed  $query',
        '     * @param  mixed  $value',
        '     * @param  string|null  $field',
        '     */',
        '    public function resolveRouteBindingQuery($query, $value, $field = null)',
        '    {',
        '        if (($field ?? $this->getRouteKeyName()) !== $this->getKeyName()) {',
        '            return parent::resolveRouteBindingQuery($query, $value, $field);',
        '        }',
        '        $held = filter_var($value, FILTER_VALIDATE_INT) !== false;',
        '',
        "        return $held ? parent::resolveRouteBindingQuery($query, $value, $field) : $query->whereRaw('1 = 0');",
        '    }',
        '}',
        '',
      ].join('\n'),
      `Laravel ${framework}: a 3.x stub has no class attributes, so fillable is a property`,
    );
    assert.equal(phpLint([file]), []);
  }
});

test('the 4.0 model stub is rendered as before: the 3.x values are only added', () => {
  const file = onlyFile(emitModel(post(), context(12)));
  assert.match(file.content, '/** @use HasFactory<PostFactory> */\n    use HasFactory, SoftDeletes;');
  assert.match(file.content, 'use Database\\Factories\\PostFactory;');
});

test('a 3.x migration stub receives the table, the fields, the soft-delete column at the margin it expects', () => {
  const file = onlyFile(emitMigration(post(), context(12, { stubs: { ...builtInStubs(), migrations: MIGRATION_3X } })));
  assert.match(
    file.content,
    [
      "        Schema::create('posts', function (Blueprint $table) {",
      '            $table->id();',
      "            $table->string('title');",
      "            $table->integer('views')->nullable();",
      '            $table->timestamps();',
      '            $table->softDeletes();',
      '        });',
    ].join('\n'),
  );
});

test.run();
