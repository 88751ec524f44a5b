import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitRequests, sortImportBlock } from '../../../src/emit/laravel/artifacts/requests.js';
import { DATE_TIME_FORMATS, VALIDATION_RULES } from '../../../src/emit/laravel/values/validation-rules.js';
import type { GeneratedFile } from '../../../src/plan/file-plan.js';
import { assertParses, builtInStubs, context, entity, field, filesOf } from '../../support/entities.js';
import { blog, entityOf } from '../../support/source-model.js';

const emit = (...args: Parameters<typeof emitRequests>): { store: GeneratedFile; update: GeneratedFile } => {
  const files = filesOf(emitRequests(...args));
  assertParses(files);
  const [store, update] = files;
  if (store === undefined || update === undefined || files.length !== 2) throw new Error(`expected two files, got ${files.length}`);
  return { store, update };
};

const post = entity('Post', [
  field('title', 'string', { unique: true }),
  field('body', 'text', { nullable: true }),
  field('published', 'boolean'),
  field('status', 'enum', { cases: ['draft', 'published'] }),
]);

test('the store request: required or nullable, then the type rules, then uniqueness; numbers become strings first', () => {
  const { store } = emit(post, context(12));
  assert.is(store.path, 'app/Http/Requests/StorePostRequest.php');
  assert.is(store.artifact, 'Request');
  assert.is(
    store.content,
    `<?php

declare(strict_types=1);

namespace App\\Http\\Requests;

use App\\Enums\\PostStatus;
use Illuminate\\Contracts\\Validation\\ValidationRule;
use Illuminate\\Foundation\\Http\\FormRequest;
use Illuminate\\Validation\\Rule;

/**
 * The rules of a new row: every field that is not nullable is required.
 */
class StorePostRequest extends FormRequest
{
    /**
     * Determine if the user is authorized to make this request.
     *
     * Always: the controller asks the policy after validation, so invalid data is a 422 for every client.
     */
    public function authorize(): bool
    {
        return true;
    }

    /**
     * Prepare the data for validation: a number sent for a text field becomes a string instead of a 422.
     */
    protected function prepareForValidation(): void
    {
        foreach (['title', 'body'] as $field) {
            $value = $this->input($field);
            if (is_int($value) || is_float($value)) {
                $this->merge([$field => (string) $value]);
            }
        }
    }

    /**
     * Get the validation rules that apply to the request.
     *
     * @return array<string, ValidationRule|array<mixed>|string>
     */
    public function rules(): array
    {
        return [
            'title' => ['required', 'string', 'max:255', 'not_regex:/\\\\x00/', Rule::unique('posts', 'title')],
            'body' => ['nullable', 'string', 'max:16383', 'not_regex:/\\\\x00/'],
            'published' => ['required', 'boolean'],
            'status' => ['required', Rule::enum(PostStatus::class)],
        ];
    }
}
`,
  );
});

test('the update request: the key refused, sometimes before required, nullable alone, unique ignoring the bound row', () => {
  const { update } = emit(post, context(12));
  assert.is(update.path, 'app/Http/Requests/UpdatePostRequest.php');
  assert.is(update.artifact, 'Request');
  assert.is(
    update.content,
    `<?php

declare(strict_types=1);

namespace App\\Http\\Requests;

use App\\Enums\\PostStatus;
use App\\Models\\Post;
use Illuminate\\Contracts\\Validation\\ValidationRule;
use Illuminate\\Foundation\\Http\\FormRequest;
use Illuminate\\Validation\\Rule;

/**
 * The rules of a change, PUT or PATCH: a field not sent keeps its value, and unique rules ignore this row.
 */
class UpdatePostRequest extends FormRequest
{
    /**
     * Determine if the user is authorized to make this request.
     *
     * Always: the controller asks the policy after validation, so invalid data is a 422 for every client.
     */
    public function authorize(): bool
    {
        return true;
    }

    /**
     * Prepare the data for validation: a number sent for a text field becomes a string instead of a 422.
     */
    protected function prepareForValidation(): void
    {
        foreach (['title', 'body'] as $field) {
            $value = $this->input($field);
            if (is_int($value) || is_float($value)) {
                $this->merge([$field => (string) $value]);
            }
        }
    }

    /**
     * Get the validation rules that apply to the request.
     *
     * @return array<string, ValidationRule|array<mixed>|string>
     */
    public function rules(): array
    {
        return [
            'id' => [Rule::prohibitedIf(fn (): bool => $this->has('id') && (string) $this->input('id') !== (string) (($bound = $this->route('post')) instanceof Post ? $bound->getKey() : $bound)), 'exclude'],
            'title' => ['sometimes', 'required', 'string', 'max:255', 'not_regex:/\\\\x00/', Rule::unique('posts', 'title')->ignore($this->route('post'))],
            'body' => ['nullable', 'string', 'max:16383', 'not_regex:/\\\\x00/'],
            'published' => ['sometimes', 'required', 'boolean'],
            'status' => ['sometimes', 'required', Rule::enum(PostStatus::class)],
        ];
    }
}
`,
  );
});

test('the spec places {{imports}} right after the FormRequest import of both stubs', () => {
  const stubs = builtInStubs();
  for (const stub of [stubs['request.store'], stubs['request.update']]) {
    assert.ok(stub.includes('\nuse Illuminate\\Foundation\\Http\\FormRequest;\n{{imports}}\n'));
  }
});

test('a custom key is unique on store; update refuses a key other than the bound row\'s, read from the real route parameter', () => {
  const country = entity('Country', [field('code'), field('name')], { key: 'code', table: 'countries' });
  const { store, update } = emit(country, context(13));
  // A key its own route can reach: no slash, not `.` or `..`.
  assert.ok(store.content.includes("            'code' => ['required', 'string', 'max:255', 'not_regex:/\\\\x00/', 'not_regex:#/|^\\\\.{1,2}$#', Rule::unique('countries', 'code')],\n"));
  assert.not.ok(store.content.includes("'name' => ['required', 'string', 'max:255', 'not_regex:/\\\\x00/', 'not_regex:#"), 'only the key');
  assert.ok(
    update.content.includes(
      "            'code' => [Rule::prohibitedIf(fn (): bool => $this->has('code') && (string) $this->input('code') !== (string) (($bound = $this->route('country')) instanceof Country ? $bound->getKey() : $bound)), 'exclude'],\n",
    ),
  );
  assert.not.ok(update.content.includes("'id' =>"));
  const media = entity('Media', [field('path', 'string', { unique: true })], { table: 'media', routeParameter: 'medium' });
  assert.ok(emit(media, context(12)).update.content.includes("Rule::unique('media', 'path')->ignore($this->route('medium'))"));
});

test('without string fields: no prepareForValidation(), and no Rule import without a rule object', () => {
  const { store, update } = emit(entity('Counter', [field('hits', 'integer'), field('ref', 'uuid')]), context(12));
  for (const content of [store.content, update.content]) {
    assert.not.ok(content.includes('prepareForValidation'));
    assert.ok(content.includes('        return true;\n    }\n\n    /**\n     * Get the validation rules'));
  }
  assert.not.ok(store.content.includes('use Illuminate\\Validation\\Rule;'));
  assert.ok(store.content.includes('use Illuminate\\Contracts\\Validation\\ValidationRule;\nuse Illuminate\\Foundation\\Http\\FormRequest;\n\n/**'));
  assert.ok(update.content.includes('use Illuminate\\Validation\\Rule;'), 'the key rule of update is a rule object');
});

/** The rule of a date and time as a PHP single-quoted string writes it: each `\\T` with its backslash doubled. */
const DATE_TIME_RULE = `date_format:${DATE_TIME_FORMATS.join(',')}`.replace(/\\/g, '\\\\');

test('every field type: its rules, as VALIDATION_RULES has them', () => {
  const every = entity('Sample', [
    field('name'),
    field('notes', 'text'),
    field('active', 'boolean'),
    field('quantity', 'integer'),
    field('views', 'bigint'),
    field('ratio', 'float'),
    field('price', 'decimal'),
    field('meta', 'json'),
    field('born_on', 'date'),
    field('starts_at', 'datetime'),
    field('seen_at', 'timestamp'),
    field('token', 'uuid'),
    field('level', 'enum', { cases: ['low', 'high'] }),
  ]);
  assert.is(Object.keys(VALIDATION_RULES).length + 1, every.fields.length, 'one field of each type, and an enum');
  const { store } = emit(every, context(12));
  assert.ok(
    store.content.includes(`        return [
            'name' => ['required', 'string', 'max:255', 'not_regex:/\\\\x00/'],
            'notes' => ['required', 'string', 'max:16383', 'not_regex:/\\\\x00/'],
            'active' => ['required', 'boolean'],
            'quantity' => ['required', 'bail', 'integer', 'min:-2147483648', 'max:2147483647'],
            'views' => ['required', 'integer'],
            'ratio' => ['required', 'numeric', 'not_in:INF,-INF'],
            'price' => ['required', 'bail', 'numeric', 'decimal:0,2', 'min:-99999999.99', 'max:99999999.99'],
            'meta' => ['present', 'array'],
            'born_on' => ['required', 'date_format:Y-m-d', 'after_or_equal:1000-01-01'],
            'starts_at' => ['required', '${DATE_TIME_RULE}', 'after_or_equal:1000-01-01 00:00:00', 'before_or_equal:9999-12-31 23:59:59'],
            'seen_at' => ['required', '${DATE_TIME_RULE}', 'after_or_equal:1970-01-01 00:00:01', 'before_or_equal:2038-01-19 03:14:07'],
            'token' => ['required', 'uuid'],
            'level' => ['required', Rule::enum(SampleLevel::class)],
        ];
`),
  );
  assert.ok(store.content.includes("        foreach (['name', 'notes'] as $field) {\n"));
  // `required` would refuse {} and [], which a json column holds; `present` and `array` refuse only absence and null.
  assert.ok(emit(every, context(12)).update.content.includes("            'meta' => ['sometimes', 'present', 'array'],\n"));
});

test("the import block is sorted after rendering, a published stub's own imports included", () => {
  const ctx = context(12);
  const stub = ctx.stubs['request.store'].replace('{{imports}}', '{{imports}}\nuse App\\Support\\Slug;');
  const result = emitRequests(post, { ...ctx, stubs: { ...ctx.stubs, 'request.store': stub } });
  const [store] = filesOf(result);
  assert.ok(
    store?.content.includes(`use App\\Enums\\PostStatus;
use App\\Support\\Slug;
use Illuminate\\Contracts\\Validation\\ValidationRule;
use Illuminate\\Foundation\\Http\\FormRequest;
use Illuminate\\Validation\\Rule;

/**`),
  );
});

test('sortImportBlock sorts only the first run of top-level imports', () => {
  const php = '<?php\n\nnamespace A;\n\nuse B\\Zed;\nuse B\\Alpha;\n\nclass C\n{\n    use Trait;\n}\n';
  assert.is(sortImportBlock(php), '<?php\n\nnamespace A;\n\nuse B\\Alpha;\nuse B\\Zed;\n\nclass C\n{\n    use Trait;\n}\n');
  assert.is(sortImportBlock('<?php\n\nclass C {}\n'), '<?php\n\nclass C {}\n');
});

test('a foreign key is validated like its key and must exist: Rule::exists(table, key)', () => {
  const model = blog();
  const { store, update } = emit(entityOf(model, 'Post'), context());
  assert.ok(
    store.content.includes(`            'country_code' => ['required', 'string', 'max:255', 'not_regex:/\\\\x00/', Rule::exists('countries', 'code')],
            'category_id' => ['required', 'integer', Rule::exists('categories', 'id')],
            'title' => ['required', 'string', 'max:255', 'not_regex:/\\\\x00/'],
`),
  );
  assert.ok(store.content.includes('use Illuminate\\Validation\\Rule;\n'));
  assert.ok(store.content.includes("        foreach (['country_code', 'title', 'body'] as $field) {\n"));
  assert.ok(update.content.includes("            'category_id' => ['sometimes', 'required', 'integer', Rule::exists('categories', 'id')],\n"));
  const category = emit(entityOf(model, 'Category'), context());
  assert.ok(category.store.content.includes("            'parent_id' => ['nullable', 'integer', Rule::exists('categories', 'id')],\n"));
  assert.ok(category.update.content.includes("            'parent_id' => ['nullable', 'integer', Rule::exists('categories', 'id')],\n"));
});


test.run();
