import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../../../src/diagnostics/diagnostic.js';
import { lowerClassDiagram } from '../../../src/frontends/diagram/lower-class.js';
import { lowerErDiagram } from '../../../src/frontends/diagram/lower-er.js';
import { readSchemaFile } from '../../../src/frontends/schema/index.js';
import type { SourceModel } from '../../../src/ir/ir.generated.js';
import { checkModel } from '../../../src/passes/check.js';
import { parseClassDiagram } from '../../../grammar/class/index.js';
import { parseErDiagram } from '../../../grammar/er/index.js';
import { copyExampleProject, readTree, runCli } from '../../support/project-tree.js';
import { placed } from './schema/support.js';

/** The front end's and the passes' diagnostics of one input, and the checked model when there are none. */
function checkedFrom(lowered: { model?: SourceModel; diagnostics: Diagnostic[] }) {
  if (lowered.diagnostics.length > 0 || lowered.model === undefined) return { diagnostics: lowered.diagnostics };
  return checkModel(lowered.model);
}

const schema = (path: string, text: string) => checkedFrom(readSchemaFile(path, text));
const erDiagram = (...lines: string[]) => checkedFrom(lowerErDiagram('blog.mmd', parseErDiagram(['erDiagram', ...lines].join('\n')).diagram!));
const classDiagram = (...lines: string[]) => checkedFrom(lowerClassDiagram('blog.mmd', parseClassDiagram(['classDiagram', ...lines].join('\n')).diagram!));

/** Each field of the first entity and the name it is renamed from. */
function renames(checked: ReturnType<typeof checkedFrom>): [string, string | undefined][] {
  assert.equal(placed(checked.diagnostics), []);
  return (checked.model?.entities[0]?.fields ?? []).map((field) => [field.name, field.renamedFrom]);
}

test('a schema file renames a field in a mapping and in the shorthand, in YAML and in JSON', () => {
  const yaml = ['entities:', '  Post:', '    fields:', '      headline: { type: string, renamed_from: title }', '      summary: text nullable renamed_from=intro', '      body: text'];
  assert.equal(renames(schema('api-schema.yaml', yaml.join('\n'))), [
    ['headline', 'title'],
    ['summary', 'intro'],
    ['body', undefined],
  ]);
  const json = '{"entities": {"Post": {"fields": {"headline": {"type": "string", "renamed_from": "title"}, "summary": "text renamed_from=intro"}}}}';
  assert.equal(renames(schema('api-schema.json', json)), [
    ['headline', 'title'],
    ['summary', 'intro'],
  ]);
});

test('a diagram renames a field in an erDiagram comment and after a class diagram member, whose old name becomes a column as the new one does', () => {
  assert.equal(renames(erDiagram('  posts {', '    string headline "renamed_from=title"', '    text summary "nullable renamed_from=intro"', '  }')), [
    ['headline', 'title'],
    ['summary', 'intro'],
  ]);
  assert.equal(renames(classDiagram('class Post {', '  +String headline renamed_from=title', '  +Date publishedAt renamed_from=releasedOn nullable', '}')), [
    ['headline', 'title'],
    ['published_at', 'released_on'],
  ]);
});

test('a misspelt renamed_from is an unknown modifier with a suggestion, in schema files and diagrams', () => {
  const yaml = ['entities:', '  Post:', '    fields:', '      headline: string rename_from=title'];
  assert.equal(placed(schema('api-schema.yaml', yaml.join('\n')).diagnostics), [
    'unknown_field_modifier 4:24-41 unknown modifier "rename_from=title" on field "headline"; did you mean "renamed_from="?',
  ]);
  assert.equal(placed(classDiagram('class Post {', '  +String headline renamed-from=title', '}').diagnostics), [
    'unknown_field_modifier 3:20-38 unknown modifier "renamed-from=title" on field "headline"; did you mean "renamed_from="?',
  ]);
});

const post = (...fields: string[]) => ['entities:', '  Post:', '    fields:', ...fields.map((field) => `      ${field}`)].join('\n');

test('invalid_rename, at the old name: its own name, twice the same old name, a field of that name, the primary key, no name', () => {
  assert.equal(placed(schema('api-schema.yaml', post('title: string renamed_from=title')).diagnostics), [
    'invalid_rename 4:34-39 field "title" is renamed from its own name',
  ]);
  assert.equal(placed(schema('api-schema.yaml', post('headline: string renamed_from=title', 'subject: { type: string, renamed_from: Title }')).diagnostics), [
    'invalid_rename 5:46-51 "subject" and "headline" of Post are both renamed from "Title": a column becomes one field',
  ]);
  assert.equal(placed(schema('api-schema.yaml', post('headline: string renamed_from=title', 'title: text')).diagnostics), [
    'invalid_rename 4:37-42 "headline" is renamed from "title", which Post declares as a field too: the column cannot be renamed and kept at once',
  ]);
  assert.equal(placed(schema('api-schema.yaml', post('code: string primary renamed_from=sku', 'name: string')).diagnostics), [
    'invalid_rename 4:41-44 "code" is the primary key of Post: renaming the primary key is not supported',
  ]);
  assert.equal(placed(schema('api-schema.yaml', post('headline: string renamed_from=')).diagnostics), [
    'invalid_rename 4:24-37 renamed_from of field "headline" needs the field\'s old name',
  ]);
  assert.equal(placed(schema('api-schema.yaml', post('headline: string renamed_from=a renamed_from=b')).diagnostics), [
    'invalid_rename 4:39-53 field "headline" has two renamed_from',
  ]);
});

test('the old name is a field name by the rule of field names, checked at its place in each input', () => {
  assert.equal(placed(schema('api-schema.yaml', post('headline: { type: string, renamed_from: 2nd-title }')).diagnostics), [
    'invalid_identifier 4:47-56 renamed_from of "headline": "2nd-title" is not a valid field name: use letters, digits and underscores, starting with a letter',
  ]);
  assert.equal(placed(schema('api-schema.yaml', post('headline: string renamed_from=created_at')).diagnostics), [
    'reserved_field 4:37-47 renamed_from of "headline": "created_at" is written by the migration itself (timestamps or soft deletes)',
  ]);
  assert.equal(placed(erDiagram('  posts {', '    string headline "renamed_from=ti.tle"', '  }').diagnostics), [
    'invalid_identifier 3:35-41 renamed_from of "headline": "ti.tle" is not a valid field name: use letters, digits and underscores, starting with a letter',
  ]);
  assert.equal(placed(classDiagram('class Post {', '  +String headline renamed_from=headline', '}').diagnostics), [
    'invalid_rename 3:33-41 field "headline" is renamed from its own name',
  ]);
});

test('a diagram column that is no field of its own (the key, a timestamp) cannot be renamed', () => {
  assert.equal(placed(erDiagram('  posts {', '    bigint id PK "renamed_from=post_id"', '    string title', '  }').diagnostics), [
    'invalid_rename 3:32-39 Post.id is a column the migration or a relation writes itself, not a field: renaming it is not supported',
  ]);
});

test('class_data.json does not record renamed_from, and refuses one written in it', async () => {
  const project = copyExampleProject('laravel-12');
  writeFileSync(join(project, 'api-schema.yaml'), post('headline: { type: string, renamed_from: title }', 'body: text renamed_from=content'));
  const made = await runCli(['make'], project);
  assert.is(made.exitCode, 0, made.stderr);
  const record = readTree(project).get('class_data.json') ?? '';
  assert.equal(
    (JSON.parse(record) as { attributes: object[] }[])[0]?.attributes,
    [
      { name: 'headline', _type: 'string' },
      { name: 'body', _type: 'text' },
    ],
  );
  const recorded = '[{"name": "Post", "attributes": [{"name": "headline", "_type": "string", "renamed_from": "title"}]}]';
  assert.equal(placed(readSchemaFile('class_data.json', recorded).diagnostics), [
    'unknown_key 1:75-87 unknown key "renamed_from"',
  ]);
});

test.run();
