import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CodeAction, CompletionItem, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyse, type Analysis } from '../../../src/lsp/analysis.js';
import { codeActions } from '../../../src/lsp/code-actions.js';
import { completionsAt } from '../../../src/lsp/completion.js';
import { lspDiagnostic } from '../../../src/lsp/lsp-diagnostics.js';
import { copyExampleProject } from '../../support/project-tree.js';
import { repoRoot } from '../../support/repo-root.js';
import { applied, startServer } from './lsp-client.js';

const JSON_URI = 'file:///project/api-schema.json';
const YAML_URI = 'file:///project/api-schema.yaml';

/** api-schema.schema.json as the repository holds it: what the key completions must follow. */
const SCHEMA = JSON.parse(readFileSync(join(repoRoot(), 'schemas', 'api-schema.schema.json'), 'utf8')) as {
  $defs: Record<string, { description?: string; properties: Record<string, unknown> }>;
};
/** The keys the schema declares for an object, but those it holds already. */
const declared = (definition: string, ...present: string[]): string[] => Object.keys(SCHEMA.$defs[definition]?.properties ?? {}).filter((key) => !present.includes(key));

const BLOG = {
  options: { pest: true },
  entities: {
    Post: { fields: { title: 'string', slug: { type: 'string', unique: true } }, relations: { author: 'belongsTo User' } },
    User: { fields: { name: 'string unique' } },
  },
};
const PRETTY = `${JSON.stringify(BLOG, null, 2)}\n`;

interface Completed {
  items: CompletionItem[];
  labels: string[];
  /** The text after accepting the item labelled `label`, as the editor applies its edit. */
  accept(label: string): string;
}

/** The completions at the `|` of `marked`, as the server computes them for the document without the bar. */
async function completeAt(marked: string, uri = JSON_URI): Promise<Completed> {
  const offset = marked.indexOf('|');
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  const analysis = await analysed(uri, text);
  const document = TextDocument.create(uri, 'json', 1, text);
  const items = completionsAt(analysis, document.positionAt(offset));
  return {
    items,
    labels: items.map((item) => item.label),
    accept(label) {
      const item = items.find((candidate) => candidate.label === label);
      if (item === undefined) throw new Error(`no completion ${label} among ${items.map((candidate) => candidate.label).join(', ')}`);
      const edit = item.textEdit !== undefined && 'range' in item.textEdit ? item.textEdit : { range: { start: document.positionAt(offset), end: document.positionAt(offset) }, newText: item.insertText ?? label };
      return TextDocument.applyEdits(document, [edit]);
    },
  };
}

async function analysed(uri: string, text: string): Promise<Analysis> {
  const analysis = await analyse(uri, text);
  if (analysis === undefined) throw new Error(`${uri} is not read as a schema file`);
  return analysis;
}

const codes = (analysis: Analysis): string[] => analysis.diagnostics.map((diagnostic) => diagnostic.code);

test('JSON: field types in a shorthand string and in the mapping form, replacing the word without a second quote', async () => {
  const shorthand = await completeAt(PRETTY.replace('"title": "string"', '"title": "str|"'));
  for (const type of ['string', 'text', 'enum', 'decimal', 'uuid']) assert.ok(shorthand.labels.includes(type), type);
  assert.is(shorthand.accept('text'), PRETTY.replace('"title": "string"', '"title": "text"'));
  const mapping = await completeAt(PRETTY.replace('"type": "string"', '"type": "|"'));
  assert.equal(mapping.labels, shorthand.labels);
  assert.is(mapping.accept('uuid'), PRETTY.replace('"type": "string"', '"type": "uuid"'));
  const bare = await completeAt(PRETTY.replace('"title": "string"', '"title": |'));
  assert.is(JSON.parse(bare.accept('date')).entities.Post.fields.title, 'date');
});

test('JSON: modifiers after the type, and nothing but types in the mapping form\'s "type"', async () => {
  const after = await completeAt(PRETTY.replace('"title": "string"', '"title": "string |"'));
  for (const modifier of ['nullable', 'unique', 'default=', 'renamed_from=']) assert.ok(after.labels.includes(modifier), modifier);
  assert.not.ok(after.labels.includes('string'));
  const second = await completeAt(PRETTY.replace('"title": "string"', '"title": "string nullable u|"'));
  assert.is(JSON.parse(second.accept('unique')).entities.Post.fields.title, 'string nullable unique');
  assert.equal((await completeAt(PRETTY.replace('"type": "string"', '"type": "string |"'))).labels, []);
});

test('JSON: relation kinds, then the entities the file declares, in a shorthand and in the mapping form', async () => {
  const kinds = await completeAt(PRETTY.replace('"belongsTo User"', '"|"'));
  assert.equal(kinds.labels, ['belongsTo', 'hasOne', 'hasMany', 'belongsToMany', 'morphTo', 'morphOne', 'morphMany']);
  const targets = await completeAt(PRETTY.replace('"belongsTo User"', '"belongsTo U|"'));
  assert.equal(targets.labels, ['Post', 'User']);
  assert.is(JSON.parse(targets.accept('User')).entities.Post.relations.author, 'belongsTo User');
  assert.equal((await completeAt(PRETTY.replace('"belongsTo User"', '"morphTo |"'))).labels, [], 'morphTo names no entity');
  const mapping = PRETTY.replace('"belongsTo User"', '{ "kind": "belongsTo", "target": "|" }');
  assert.equal((await completeAt(mapping)).labels, ['Post', 'User']);
  assert.equal((await completeAt(mapping.replace('"kind": "belongsTo"', '"kind": "|"'))).labels, kinds.labels);
});

test('JSON: the keys api-schema.schema.json declares, with its descriptions, but those written already', async () => {
  const options = await completeAt(PRETTY.replace('"pest": true', '"pest": true, "|"'));
  assert.equal(options.labels, declared('Options', 'pest'));
  const softDeletes = options.items.find((item) => item.label === 'soft_deletes');
  assert.is(softDeletes?.documentation, SCHEMA.$defs.SoftDeletes?.description);
  assert.is(softDeletes?.detail, 'boolean');
  assert.is(JSON.parse(options.accept('auth').replace('"auth"', '"auth": true')).options.auth, true);
  const entity = await completeAt(PRETTY.replace('"fields": {\n        "name"', '"ta|": "people",\n      "fields": {\n        "name"'));
  assert.equal(entity.labels, declared('Entity', 'fields'));
  assert.is(JSON.parse(entity.accept('table')).entities.User.table, 'people');
  const field = await completeAt(PRETTY.replace('"unique": true', '"unique": true, "nu|"'));
  assert.equal(field.labels, declared('FieldMapping', 'type', 'unique'));
  assert.match(field.accept('nullable'), '"unique": true, "nullable"');
  assert.equal((await completeAt(PRETTY.replace('"title": "string"', '"title": "string", |'))).labels, [], 'a field name is the user\'s own');
});

test('JSON: a whole file on one line', async () => {
  const minified = JSON.stringify(BLOG);
  const type = await completeAt(minified.replace('"title":"string"', '"title":"s|"'));
  assert.is(JSON.parse(type.accept('string')).entities.Post.fields.title, 'string');
  assert.ok((await completeAt(minified.replace('"name":"string unique"', '"name":"string unique |"'))).labels.includes('nullable'));
  assert.equal((await completeAt(minified.replace('"belongsTo User"', '"belongsTo |"'))).labels, ['Post', 'User']);
  assert.equal((await completeAt(minified.replace('{"pest":true}', '{|}'))).labels, declared('Options'));
});

test('JSON: half-typed text, an open string and no closing braces', async () => {
  const start = '{\n  "entities": {\n    "Post": {\n      "fields": {\n        "title": "string nu|';
  const modifiers = await completeAt(start);
  assert.ok(modifiers.labels.includes('nullable'));
  assert.is(modifiers.accept('nullable'), start.replace('nu|', 'nullable'));
  assert.ok((await completeAt('{\n  "entities": {\n    "Post": {\n      "fields": {\n        "title": "|')).labels.includes('string'));
  const option = await completeAt('{\n  "options": {\n    "so|');
  assert.equal(option.labels, declared('Options'));
  assert.is(option.accept('soft_deletes'), '{\n  "options": {\n    "soft_deletes');
  const bare = await completeAt('{ "options": { so|');
  assert.is(bare.accept('soft_deletes'), '{ "options": { "soft_deletes"');
});

/** The quick fixes for every diagnostic of the document, as the server answers a request for them. */
function fixesFor(analysis: Analysis): CodeAction[] {
  return codeActions(analysis, analysis.diagnostics.map(lspDiagnostic), undefined);
}

function declareFix(analysis: Analysis): TextEdit[] {
  const fix = fixesFor(analysis).find((action) => action.title === 'Declare the entity Writer');
  if (fix === undefined) throw new Error(`no fix to declare Writer among ${fixesFor(analysis).map((action) => action.title).join(', ')}`);
  return fix.edit?.changes?.[analysis.uri] ?? [];
}

test('JSON: the missing entity declared as the last member of entities, laid out as the file is, and the file valid after', async () => {
  for (const text of [PRETTY, `${JSON.stringify(BLOG, null, 4)}\n`, JSON.stringify(BLOG, null, '\t'), JSON.stringify(BLOG), PRETTY.replace(/\n/g, '\r\n')]) {
    const broken = text.replace('belongsTo User', 'belongsTo Writer');
    const before = await analysed(JSON_URI, broken);
    assert.equal(codes(before), ['unknown_entity']);
    const fixed = applied(broken, declareFix(before));
    const parsed = JSON.parse(fixed) as { entities: Record<string, unknown> };
    assert.equal(Object.keys(parsed.entities), ['Post', 'User', 'Writer']);
    assert.equal(parsed.entities.Writer, { fields: { name: 'string' } });
    const after = await analysed(JSON_URI, fixed);
    assert.equal(codes(after), []);
    const indent = /\n([ \t]+)"entities"/.exec(text)?.[1] ?? '';
    assert.ok(fixed.includes(`${indent}${indent}"Writer": {`), `"Writer" one level under entities, in ${JSON.stringify(fixed)}`);
    assert.is(fixed.includes('\r\n'), text.includes('\r\n'), 'the file\'s line breaks');
  }
});

test('YAML: the key completions from the JSON Schema, in block and flow mappings, and the values as before', async () => {
  const yaml = ['options:', '  pest: true', '  |', 'entities:', '  Post:', '    fields:', '      title: string', '      slug: { type: string, unique: true }', ''].join('\n');
  assert.equal((await completeAt(yaml, YAML_URI)).labels, declared('Options', 'pest'));
  assert.equal((await completeAt(yaml.replace('  |\n', '').replace('    fields:', '    |\n    fields:'), YAML_URI)).labels, declared('Entity', 'fields'));
  const flow = yaml.replace('  |\n', '');
  assert.equal((await completeAt(flow.replace('unique: true }', 'unique: true, | }'), YAML_URI)).labels, declared('FieldMapping', 'type', 'unique'));
  assert.ok((await completeAt(flow.replace('{ type: string,', '{ type: s|'), YAML_URI)).labels.includes('string'));
  assert.ok((await completeAt(flow.replace('title: string', 'title: string |'), YAML_URI)).labels.includes('nullable'));
  assert.equal((await completeAt(flow.replace('      title: string', '      |'), YAML_URI)).labels, [], 'a field name is the user\'s own');
});

test('through the server: completion in a JSON file and the declare-entity fix, after which nothing is reported', async () => {
  const project = copyExampleProject('laravel-12');
  const client = await startServer(project);
  try {
    const broken = PRETTY.replace('belongsTo User', 'belongsTo Writer');
    const opened = await client.open('api-schema.json', broken, 'json');
    assert.equal(opened.diagnostics.map((diagnostic: Diagnostic) => diagnostic.code), ['unknown_entity']);
    const line = broken.split('\n').findIndex((content) => content.includes('"title"'));
    const end = (broken.split('\n')[line] ?? '').indexOf('string"') + 'string'.length;
    const items = (await client.connection.sendRequest('textDocument/completion', { textDocument: { uri: opened.uri }, position: { line, character: end } })) as CompletionItem[];
    const text = items.find((item) => item.label === 'text');
    assert.ok(text?.textEdit !== undefined && 'range' in text.textEdit);
    assert.match(applied(broken, text?.textEdit !== undefined && 'range' in text.textEdit ? [text.textEdit] : []), '"title": "text"');
    const actions = (await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: opened.uri },
      range: { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } },
      context: { diagnostics: opened.diagnostics },
    })) as CodeAction[];
    assert.equal(actions.map((action) => action.title), ['Declare the entity Writer']);
    const fixed = applied(broken, actions[0]?.edit?.changes?.[opened.uri] ?? []);
    assert.equal(await client.change(opened.uri, fixed), []);
  } finally {
    await client.close();
    rmSync(project, { recursive: true, force: true });
  }
});

test.run();
