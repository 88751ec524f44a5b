import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli } from '../support/project-tree.js';

const VALID = `entities:
  Post:
    fields:
      title: string
`;

const INVALID = `entities:
  Post:
    fields:
      title: strng
`;

function folderWith(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'fullapi-validate-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

test('validate needs no Laravel project: exit 0 for a valid file found by its name', async () => {
  const run = await runCli(['validate'], folderWith({ 'api-schema.yaml': VALID }));
  assert.is(run.exitCode, 0, run.stderr);
  assert.is(run.stdout, 'api-schema.yaml is valid: 1 entity.\n');
});

test('validate: exit 1 with the file, line and column of each error', async () => {
  const run = await runCli(['validate', 'schema.yaml'], folderWith({ 'schema.yaml': INVALID }));
  assert.is(run.exitCode, 1);
  assert.match(run.stderr, 'error[unknown_field_type] schema.yaml:4:14');
  assert.match(run.stderr, '      title: strng');
});

test('validate --json prints the report, --format github prints annotations', async () => {
  const dir = folderWith({ 'api-schema.yaml': INVALID });
  const json = JSON.parse((await runCli(['validate', '--json'], dir)).stdout) as { ok: boolean; errors: { code: string; source: unknown }[] };
  assert.is(json.ok, false);
  assert.equal(json.errors[0]?.source, { file: 'api-schema.yaml', line: 4, column: 14 });
  const github = await runCli(['validate', '--format', 'github'], dir);
  assert.is(github.exitCode, 1);
  assert.match(github.stdout, /^::error file=api-schema\.yaml,line=4,col=14,.*title=unknown_field_type::unknown type "strng"/m);
});

test('validate - reads standard input', async () => {
  const run = await runCli(['validate', '-'], folderWith({}), undefined, VALID);
  assert.is(run.exitCode, 0, run.stderr);
  assert.is(run.stdout, '<stdin> is valid: 1 entity.\n');
});

test('validate with no file and no schema file says what validate takes, not a make option', async () => {
  const run = await runCli(['validate', '--json'], folderWith({}));
  assert.is(run.exitCode, 1);
  const [found] = (JSON.parse(run.stdout) as { errors: { code: string; message: string; source: unknown }[] }).errors;
  assert.is(found?.code, 'unreadable_schema_file');
  assert.match(found?.message ?? '', /^no file to validate and no schema file: api-schema\.yaml, api-schema\.yml, api-schema\.json, class_data\.json not found in /);
  assert.equal(found?.source, { flag: '<file>' });
  const human = await runCli(['validate'], folderWith({}));
  assert.match(human.stderr, 'hint: name the files to check: fullapi validate <file...>');
  assert.not.match(human.stderr, '--schema');
});

/** `text` as UTF-16 in either byte order, with or without the byte-order mark. */
function utf16(text: string, byteOrder: 'LE' | 'BE', mark: boolean): Buffer {
  const littleEndian = Buffer.from(`${mark ? '\uFEFF' : ''}${text}`, 'utf16le');
  return byteOrder === 'LE' ? littleEndian : Buffer.from(littleEndian).swap16();
}

test('a UTF-16 file, with or without its byte-order mark, is named as such in every front end', async () => {
  const files = {
    'api-schema.yaml': utf16(VALID, 'LE', true),
    'schema.json': utf16('{"entities": {"Post": {"fields": {"title": "string"}}}}', 'BE', false),
    'model.mmd': utf16('erDiagram\n  POST {\n    string title\n  }\n', 'LE', false),
    'class_data.json': utf16('[{"name": "Post", "attributes": [{"name": "title", "_type": "string"}]}]', 'BE', true),
  };
  const run = await runCli(['validate', ...Object.keys(files), '--json'], folderWith(files));
  assert.is(run.exitCode, 1);
  const report = JSON.parse(run.stdout) as { errors: { code: string; message: string; source: unknown }[] };
  assert.equal(
    report.errors.map((e) => [e.code, e.message, e.source]),
    [
      ['unreadable_schema_file', 'cannot read api-schema.yaml: it is UTF-16 (little-endian) text, and fullapi reads UTF-8: save it as UTF-8', { file: 'api-schema.yaml' }],
      ['unreadable_schema_file', 'cannot read class_data.json: it is UTF-16 (big-endian) text, and fullapi reads UTF-8: save it as UTF-8', { file: 'class_data.json' }],
      ['unreadable_schema_file', 'cannot read model.mmd: it is UTF-16 (little-endian) text, and fullapi reads UTF-8: save it as UTF-8', { file: 'model.mmd' }],
      ['unreadable_schema_file', 'cannot read schema.json: it is UTF-16 (big-endian) text, and fullapi reads UTF-8: save it as UTF-8', { file: 'schema.json' }],
    ],
  );
});

test('schema --print prints the JSON Schema editors use', async () => {
  const run = await runCli(['schema', '--print'], folderWith({}));
  const schema = JSON.parse(run.stdout) as { $schema: string };
  assert.is(schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
});

test.run();
