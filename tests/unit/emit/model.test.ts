import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitModel } from '../../../src/emit/laravel/artifacts/model.js';
import { context, entity, field, parsingEmitter } from '../../support/entities.js';
import { blog, checked, entityOf, relation, sourceEntity, sourceField } from '../../support/source-model.js';

const emit = parsingEmitter(emitModel);

const post = entity('Post', [field('title'), field('body', 'text', { nullable: true })]);
const country = entity('Country', [field('code'), field('name')], { key: 'code', table: 'countries' });

test('Laravel 12: fillable as a property, no class attributes, no casts() without casts', () => {
  const file = emit(post, context(12));
  assert.is(file.path, 'app/Models/Post.php');
  assert.is(file.artifact, 'Model');
  assert.is(
    file.content,
    `<?php

declare(strict_types=1);

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

    /**
     * The query of the row a route's key names; none (a 404) for a key the column cannot hold, which PostgreSQL
     * would answer with an error, a 500: a text for a number, a number past the column's range, a NUL.
     *
     * @param  mixed  $query
     * @param  mixed  $value
     * @param  string|null  $field
     */
    public function resolveRouteBindingQuery($query, $value, $field = null)
    {
        if (($field ?? $this->getRouteKeyName()) !== $this->getKeyName()) {
            return parent::resolveRouteBindingQuery($query, $value, $field);
        }
        $held = filter_var($value, FILTER_VALIDATE_INT) !== false;

        return $held ? parent::resolveRouteBindingQuery($query, $value, $field) : $query->whereRaw('1 = 0');
    }
}
`,
  );
});

test('Laravel 13: #[Fillable] with an array right above the class, no properties', () => {
  const file = emit(post, context(13));
  assert.is(
    file.content,
    `<?php

declare(strict_types=1);

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

    /**
     * The query of the row a route's key names; none (a 404) for a key the column cannot hold, which PostgreSQL
     * would answer with an error, a 500: a text for a number, a number past the column's range, a NUL.
     *
     * @param  mixed  $query
     * @param  mixed  $value
     * @param  string|null  $field
     */
    public function resolveRouteBindingQuery($query, $value, $field = null)
    {
        if (($field ?? $this->getRouteKeyName()) !== $this->getKeyName()) {
            return parent::resolveRouteBindingQuery($query, $value, $field);
        }
        $held = filter_var($value, FILTER_VALIDATE_INT) !== false;

        return $held ? parent::resolveRouteBindingQuery($query, $value, $field) : $query->whereRaw('1 = 0');
    }
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
            'born_on' => 'date:Y-m-d',
            'seen_at' => 'datetime',
            'logged_at' => 'datetime',
            'status' => PostStatus::class,
        ];
    }
`),
  );
  assert.not.ok(content.includes('$casts'));
});

test('a published stub with an unknown placeholder is an invalid_stub diagnostic', () => {
  const ctx = context(12);
  const result = emitModel(post, { ...ctx, stubs: { ...ctx.stubs, model: '<?php\n\nclass {{entityName}} {}\n' } });
  assert.not.ok(result.ok);
  if (!result.ok) assert.equal(result.diagnostics.map((d) => d.code), ['invalid_stub']);
});

test('relations: typed methods, @property-read on both sides, foreign keys fillable, cast and documented', () => {
  const { content } = emit(entityOf(blog(), 'Post'), context(12));
  assert.is(
    content,
    `<?php

declare(strict_types=1);

namespace App\\Models;

use Database\\Factories\\PostFactory;
use Illuminate\\Database\\Eloquent\\Collection;
use Illuminate\\Database\\Eloquent\\Factories\\HasFactory;
use Illuminate\\Database\\Eloquent\\Model;
use Illuminate\\Database\\Eloquent\\Relations\\BelongsTo;
use Illuminate\\Database\\Eloquent\\Relations\\BelongsToMany;
use Illuminate\\Database\\Eloquent\\Relations\\MorphMany;
use Illuminate\\Support\\Carbon;

/**
 * @property int $id
 * @property string $country_code
 * @property int $category_id
 * @property string $title
 * @property string|null $body
 * @property Carbon|null $created_at
 * @property Carbon|null $updated_at
 * @property-read Country $country
 * @property-read Collection<int, Tag> $tags
 * @property-read Collection<int, Comment> $comments
 * @property-read Category $category
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
        'country_code',
        'category_id',
        'title',
        'body',
    ];

    /**
     * Get the attributes that should be cast.
     *
     * @return array<string, string>
     */
    protected function casts(): array
    {
        return [
            'category_id' => 'integer',
        ];
    }

    /**
     * The query of the row a route's key names; none (a 404) for a key the column cannot hold, which PostgreSQL
     * would answer with an error, a 500: a text for a number, a number past the column's range, a NUL.
     *
     * @param  mixed  $query
     * @param  mixed  $value
     * @param  string|null  $field
     */
    public function resolveRouteBindingQuery($query, $value, $field = null)
    {
        if (($field ?? $this->getRouteKeyName()) !== $this->getKeyName()) {
            return parent::resolveRouteBindingQuery($query, $value, $field);
        }
        $held = filter_var($value, FILTER_VALIDATE_INT) !== false;

        return $held ? parent::resolveRouteBindingQuery($query, $value, $field) : $query->whereRaw('1 = 0');
    }

    /**
     * @return BelongsTo<Country, $this>
     */
    public function country(): BelongsTo
    {
        return $this->belongsTo(Country::class);
    }

    /**
     * @return BelongsToMany<Tag, $this>
     */
    public function tags(): BelongsToMany
    {
        return $this->belongsToMany(Tag::class);
    }

    /**
     * @return MorphMany<Comment, $this>
     */
    public function comments(): MorphMany
    {
        return $this->morphMany(Comment::class, 'commentable');
    }

    /**
     * @return BelongsTo<Category, $this>
     */
    public function category(): BelongsTo
    {
        return $this->belongsTo(Category::class);
    }
}
`,
  );
});

test("the other sides: a hasMany on a custom key, a nullable self-reference, a morphTo's columns", () => {
  const model = blog();
  const country = emit(entityOf(model, 'Country'), context(12)).content;
  assert.ok(country.includes(' * @property-read Collection<int, Post> $posts\n'));
  assert.ok(country.includes('        return $this->hasMany(Post::class);\n'));
  const category = emit(entityOf(model, 'Category'), context(12)).content;
  assert.ok(category.includes(' * @property int|null $parent_id\n'));
  assert.ok(category.includes(' * @property-read Category|null $parent\n'));
  assert.ok(category.includes("        return $this->hasMany(Category::class, 'parent_id');\n"));
  const comment = emit(entityOf(model, 'Comment'), context(12)).content;
  assert.ok(comment.includes(' * @property int $id\n * @property string|null $commentable_type\n * @property int|null $commentable_id\n * @property string $body\n'));
  assert.ok(comment.includes(' * @property-read Model|null $commentable\n'));
  assert.ok(comment.includes('     * @return MorphTo<Model, $this>\n     */\n    public function commentable(): MorphTo\n    {\n        return $this->morphTo();\n'));
  // Post owns comments: a client may attach one by setting the morph columns.
  assert.ok(comment.includes("    protected $fillable = [\n        'body',\n        'commentable_type',\n        'commentable_id',\n    ];\n"));
});

test('keys and pivots are passed only where they differ from what Eloquent derives', () => {
  const model = checked([
    sourceEntity('User', [sourceField('name')], [relation('friends', 'belongsToMany', 'User', 'friendships'), relation('profile', 'hasOne', 'Profile')]),
    sourceEntity('Post', [], [relation('author', 'belongsTo', 'User'), relation('tags', 'belongsToMany', 'Tag', 'taggings')]),
    sourceEntity('Tag', []),
    sourceEntity('Profile', []),
  ]);
  const user = emit(entityOf(model, 'User'), context(12)).content;
  assert.ok(user.includes("        return $this->belongsToMany(User::class, 'friendships', 'user_id', 'friend_id');\n"));
  assert.ok(user.includes('        return $this->hasOne(Profile::class);\n'));
  assert.ok(user.includes(' * @property-read Profile|null $profile\n'));
  assert.ok(user.includes("        return $this->hasMany(Post::class, 'author_id');\n"));
  const post = emit(entityOf(model, 'Post'), context(12)).content;
  assert.ok(post.includes('        return $this->belongsTo(User::class);\n'));
  assert.ok(post.includes("        return $this->belongsToMany(Tag::class, 'taggings');\n"));
  assert.ok(emit(entityOf(model, 'Tag'), context(12)).content.includes("        return $this->belongsToMany(Post::class, 'taggings');\n"));
});

test('Laravel 13: the foreign keys are in #[Fillable]', () => {
  const { content } = emit(entityOf(blog(), 'Post'), context(13));
  assert.ok(content.includes("#[Fillable(['country_code', 'category_id', 'title', 'body'])]\nclass Post extends Model\n"));
});


test.run();
