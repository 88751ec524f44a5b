import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { keptFilesOutOfDate } from '../../../src/project/resolve/kept-files.js';
import { contentHash, type Manifest } from '../../../src/project/write/manifest.js';
import { type FileChange } from '../../../src/plan/file-change.js';

const PATH = 'app/Http/Requests/StorePostRequest.php';

const rules = (entries: string) => `<?php\n\nclass StorePostRequest\n{\n    public function rules(): array\n    {\n        return [\n${entries}        ];\n    }\n}\n`;

const TITLE = "            'title' => ['required', 'string', 'max:255'],\n";
const SUMMARY = "            'summary' => ['nullable', 'string'],\n";

function kept(before: string, after: string): FileChange {
  return { path: PATH, action: 'kept', before, after, source: 'generated' };
}

const manifestOf = (files: Record<string, string> = {}): Manifest => ({ files: new Map(Object.entries(files)) });
const NAMES = new Set(['title', 'summary']);

test('a kept file lacking a name of the entity that the new generation has is out of date, naming it', () => {
  const edited = rules(TITLE.replace('max:255', 'max:80'));
  const [found, ...more] = keptFilesOutOfDate([kept(edited, rules(TITLE + SUMMARY))], manifestOf({ [PATH]: contentHash(rules(TITLE)) }), NAMES);
  assert.equal(more, []);
  assert.is(found?.code, 'kept_file_out_of_date');
  assert.is(found?.path, PATH);
  assert.match(found?.message ?? '', "the new generation has 'summary', which it lacks");
  assert.not.match(found?.message ?? '', 'max:255', "a rule changed by hand is the user's");
});

test('a new generation that is the one last written says nothing: the differences are the hand edit', () => {
  const generated = rules(TITLE + SUMMARY);
  assert.equal(keptFilesOutOfDate([kept(rules(TITLE), generated)], manifestOf({ [PATH]: contentHash(generated) }), NAMES), []);
});

test('a file fullapi did not write is compared too; methods and traits count; a file that does not parse, or is not kept, says nothing', () => {
  const model = (body: string) => `<?php\n\nclass Post extends Model\n{\n${body}}\n`;
  const generated = model('    use HasFactory, SoftDeletes;\n\n    public function tags(): BelongsToMany\n    {\n        return $this->belongsToMany(Tag::class);\n    }\n');
  const found = keptFilesOutOfDate([{ ...kept(model('    use HasFactory;\n'), generated), path: 'app/Models/Post.php' }], manifestOf(), NAMES);
  assert.match(found[0]?.message ?? '', 'has SoftDeletes, tags(), which it lacks');
  assert.equal(keptFilesOutOfDate([kept('<?php class {', rules(TITLE + SUMMARY))], manifestOf(), NAMES), []);
  assert.equal(keptFilesOutOfDate([{ ...kept(rules(TITLE), rules(TITLE + SUMMARY)), action: 'updated' }], manifestOf(), NAMES), []);
});

test.run();
