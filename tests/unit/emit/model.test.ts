import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitModel } from '../../../src/emit/laravel/model.js';
import { context, entity, field, phpLint, recordingEmitter } from './entities.js';

const { emit, generated } = recordingEmitter(emitModel);

const post = entity('Post', [field('title'), field('body', 'text', { nullable: true })]);
const country = entity('Country', [field('code'), field('name')], { key: 'code', table: 'countries' });

test('Laravel 12: fillable as a property, no class attributes, no casts() without casts', () => {
  const file = emit(post, context(12));
  assert.is(file.path, 'app/Models/Post.php');
  assert.is(file.artifact, 'Model');
  assert.is(
    file.content,
    `<?php

namespace App\\Models;

use Database\\Factories\\PostFactory;
use Illuminate\\Database\\Eloquent\\Factories\\HasFactory;
use Illuminate\\Database\\Eloquent\\Model;
use Illuminate\\Support\\Carbon;

/**
 * @property int $id
 * @property string $title
 * @property string|null $body
 * @property Carbon|null $created_at
 * @property Carbon|null $updated_at
 */
class Post extends Model
{
    /** @use HasFactory<PostFactory> */
    use HasFactory;

    /**
     * The attributes that are mass assignable.
     *
     * @var list<string>
     */
    protected $fillable = [
        'title',
        'body',
    ];
}
`,
  );
});

test('Laravel 13: #[Fillable] with an array right above the class, no properties', () => {
  const file = emit(post, context(13));
  assert.is(
    file.content,
    `<?php

namespace App\\Models;

use Database\\Factories\\PostFactory;
use Illuminate\\Database\\Eloquent\\Attributes\\Fillable;
use Illuminate\\Database\\Eloquent\\Factories\\HasFactory;
use Illuminate\\Database\\Eloquent\\Model;
use Illuminate\\Support\\Carbon;

/**
 * @property int $id
 * @property string $title
 * @property string|null $body
 * @property Carbon|null $created_at
 * @property Carbon|null $updated_at
 */
#[Fillable(['title', 'body'])]
class Post extends Model
{
    /** @use HasFactory<PostFactory> */
    use HasFactory;
}
`,
  );
});

test('Laravel 12 custom key: $primaryKey, $keyType and $incrementing, and the key is fillable', () => {
  const { content } = emit(country, context(12));
  assert.ok(content.includes(" * @property string $code\n * @property string $name\n"));
  assert.ok(content.includes("    protected $primaryKey = 'code';\n"));
  assert.ok(content.includes("    protected $keyType = 'string';\n"));
  assert.ok(content.includes('    public $incrementing = false;\n'));
  assert.ok(content.includes("    protected $fillable = [\n        'code',\n        'name',\n    ];\n"));
});

test('Laravel 13 custom key: #[Table] right above the class, no key properties', () => {
  const { content } = emit(country, context(13));
  assert.ok(
    content.includes(
      "#[Fillable(['code', 'name'])]\n#[Table(key: 'code', keyType: 'string', incrementing: false)]\nclass Country extends Model\n",
    ),
  );
  assert.ok(content.includes('use Illuminate\\Database\\Eloquent\\Attributes\\Table;\n'));
  assert.not.ok(content.includes('$primaryKey'));
  assert.not.ok(content.includes('$fillable'));
});

test('soft deletes: the trait on the same use line, its import and deleted_at', () => {
  const { content } = emit(entity('Post', [field('title')], { softDeletes: true }), context(13));
  assert.ok(content.includes('    use HasFactory, SoftDeletes;\n'));
  assert.ok(content.includes('use Illuminate\\Database\\Eloquent\\SoftDeletes;\n'));
  assert.ok(content.includes(' * @property Carbon|null $updated_at\n * @property Carbon|null $deleted_at\n */'));
});

test('every field type: its @property type and its casts() entry', () => {
  const every = entity('Post', [
    field('title', 'string', { unique: true }),
    field('body', 'text'),
    field('published', 'boolean'),
    field('views', 'integer'),
    field('reach', 'bigint'),
    field('ratio', 'float'),
    field('price', 'decimal'),
    field('meta', 'json', { nullable: true }),
    field('born_on', 'date'),
    field('seen_at', 'datetime', { nullable: true }),
    field('logged_at', 'timestamp'),
    field('ref', 'uuid'),
    field('status', 'enum', { cases: ['draft', 'published'] }),
  ]);
  const { content } = emit(every, context(12));
  assert.ok(content.includes('use App\\Enums\\PostStatus;\nuse Database\\Factories\\PostFactory;\n'));
  assert.ok(
    content.includes(`/**
 * @property int $id
 * @property string $title
 * @property string $body
 * @property bool $published
 * @property int $views
 * @property int $reach
 * @property float $ratio
 * @property string $price
 * @property array<array-key, mixed>|null $meta
 * @property Carbon $born_on
 * @property Carbon|null $seen_at
 * @property Carbon $logged_at
 * @property string $ref
 * @property PostStatus $status
 * @property Carbon|null $created_at
 * @property Carbon|null $updated_at
 */`),
  );
  assert.ok(
    content.includes(`    /**
     * Get the attributes that should be cast.
     *
     * @return array<string, string>
     */
    protected function casts(): array
    {
        return [
            'published' => 'boolean',
            'views' => 'integer',
            'reach' => 'integer',
            'ratio' => 'float',
            'price' => 'decimal:2',
            'meta' => 'array',
            'born_on' => 'date',
            'seen_at' => 'datetime',
            'logged_at' => 'datetime',
            'status' => PostStatus::class,
        ];
    }
}
`),
  );
  assert.not.ok(content.includes('$casts'));
});

test('an enum field without its class is an internal error, not a broken model', () => {
  const broken = entity('Post', [{ ...field('status', 'enum'), span: { flag: '--fields', column: 1 } }]);
  const result = emitModel(broken, context(12));
  assert.not.ok(result.ok);
  if (!result.ok) assert.equal(result.diagnostics.map((d) => d.code), ['internal_error']);
});

test('a published stub with an unknown placeholder is an invalid_stub diagnostic', () => {
  const ctx = context(12);
  const result = emitModel(post, { ...ctx, stubs: { ...ctx.stubs, model: '<?php\n\nclass {{modelName}} {}\n' } });
  assert.not.ok(result.ok);
  if (!result.ok) assert.equal(result.diagnostics.map((d) => d.code), ['invalid_stub']);
});

test('every generated model parses (php -l)', () => {
  assert.ok(generated.length >= 6);
  assert.equal(phpLint(generated), []);
});

test.run();
