import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CodeAction, CompletionItem, Diagnostic, DocumentSymbol, Hover, Location, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { readTree, runCli } from '../../support/project-tree.js';
import { applied, migratedProject, withServer } from './lsp-client.js';

const SCHEMA = [
  'entities:',
  '  Post:',
  '    fields:',
  '      title: string',
  '      status: enum(draft,published)',
  '    relations:',
  '      author: belongsTo User',
  '  User:',
  '    fields:',
  '      name: string unique',
  '',
].join('\n');

interface Preview {
  ok: boolean;
  files: { path: string; action: string; diff?: string }[];
  diagnostics: { code: string; message: string; line?: number; column?: number; file?: string }[];
}

const codes = (diagnostics: readonly Diagnostic[]): string[] => diagnostics.map((diagnostic) => String(diagnostic.code));
const at = (line: number, character: number) => ({ line, character });

test('diagnostics on open and on every change: the CLI codes, messages and hints, at 0-based positions', () =>
  withServer(async (client, project) => {
    const bad = SCHEMA.replace('title: string', 'title: strin').replace('name: string unique', 'name: string uniqe');
    const opened = await client.open('api-schema.yaml', bad);
    assert.equal(codes(opened.diagnostics), ['unknown_field_type', 'unknown_field_modifier']);
    const [type] = opened.diagnostics;
    // `      title: strin` on line 4 (1-based): the CLI points at 4:14-19.
    assert.equal(type?.range, { start: at(3, 13), end: at(3, 18) });
    writeFileSync(join(project, 'api-schema.yaml'), bad);
    const cli = await runCli(['validate', 'api-schema.yaml'], project);
    assert.match(cli.stderr + cli.stdout, 'api-schema.yaml:4:14');
    assert.match(cli.stderr + cli.stdout, String(type?.message).split('\n')[0] ?? '');
    assert.match(String(type?.message), /\nhint: types: string, text/);
    // Columns count UTF-16 code units on both sides: an astral character before the slip takes two.
    const astral = SCHEMA.replace('title: string', "title: string default='😀' nullabel");
    const [modifier] = await client.change(opened.uri, astral);
    const line = astral.split('\n')[3] ?? '';
    assert.is(line.slice(modifier?.range.start.character, modifier?.range.end.character), 'nullabel');
    assert.equal(await client.change(opened.uri, SCHEMA), []);
  }));

test('quick fixes: the "did you mean" word, and an entity declared for a relation to a missing one', () =>
  withServer(async (client) => {
    const bad = SCHEMA.replace('text', 'text').replace('status: enum(draft,published)', 'status: enum(draft,published) nullabel').replace('belongsTo User', 'belongsTo Writer');
    const opened = await client.open('api-schema.yaml', bad);
    assert.equal(codes(opened.diagnostics).sort(), ['unknown_entity', 'unknown_field_modifier']);
    const actions = (await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: opened.uri },
      range: { start: at(0, 0), end: at(12, 0) },
      context: { diagnostics: opened.diagnostics },
    })) as CodeAction[];
    assert.equal(actions.map((action) => action.title).sort(), ['Declare the entity Writer', 'Replace with nullable']);
    const fixed = actions.reduce((text, action) => applied(text, action.edit?.changes?.[opened.uri] ?? []), bad);
    assert.match(fixed, 'status: enum(draft,published) nullable');
    assert.match(fixed, /\n {2}Writer:\n {4}fields:\n {6}name: string/);
    assert.equal(await client.change(opened.uri, fixed), []);
  }));

test('hover: the migration column, cast and rules the emitters write, and the route; each line is in the planned files', () =>
  withServer(async (client) => {
    const opened = await client.open('api-schema.yaml', SCHEMA);
    const hover = async (line: number, character: number): Promise<string> => {
      const answer = (await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: opened.uri }, position: at(line, character) })) as Hover | null;
      return typeof answer?.contents === 'object' && 'value' in answer.contents ? answer.contents.value : '';
    };
    const preview = (await client.connection.sendRequest('fullapi/preview', { uri: opened.uri })) as Preview;
    const diffOf = (pattern: RegExp): string => preview.files.find((file) => pattern.test(file.path))?.diff ?? '';
    const status = await hover(4, 8);
    assert.match(status, "$table->string('status');");
    assert.match(status, "'status' => PostStatus::class");
    assert.match(diffOf(/create_posts_table/), "$table->string('status');");
    const storeRule = /'status' => \[.*\],/.exec(status)?.[0] ?? 'none';
    assert.match(diffOf(/StorePostRequest/), storeRule);
    const entity = await hover(1, 3);
    assert.match(entity, 'table `posts`');
    assert.match(entity, "Route::apiResource('posts', PostController::class);");
    assert.match(diffOf(/routes\/api\.php/), "Route::apiResource('posts', PostController::class);");
    const relation = await hover(6, 8);
    assert.match(relation, "$table->foreignId('author_id')");
    assert.match(diffOf(/create_posts_table/), /\$table->foreignId\('author_id'\)/);
    // On the relation's target, the hover is the target entity's.
    assert.match(await hover(6, 26), "Route::apiResource('users', UserController::class);");
    // A column the relation's key clashes with keeps the passes from running: the field is shown as it last
    // checked, and said to be.
    await client.change(opened.uri, SCHEMA.replace('title: string', 'author_id: integer'));
    const stale = await hover(4, 8);
    assert.match(stale, "$table->string('status');");
    assert.match(stale, 'As the document last checked, before the errors it has now.');
    assert.not.match(status, 'last checked');
  }));

test('completion: field types, modifiers, relation kinds and entity names where each is written', () =>
  withServer(async (client) => {
    const text = SCHEMA.replace('      title: string', '      title: \n      body: text ').replace('author: belongsTo User', 'author: ');
    const opened = await client.open('api-schema.yaml', text);
    const labels = async (line: number, character: number): Promise<string[]> =>
      ((await client.connection.sendRequest('textDocument/completion', { textDocument: { uri: opened.uri }, position: at(line, character) })) as CompletionItem[]).map((item) => item.label);
    const types = await labels(3, 13);
    for (const type of ['string', 'text', 'enum', 'decimal', 'uuid']) assert.ok(types.includes(type), type);
    assert.ok((await labels(4, 17)).includes('nullable'));
    assert.equal(await labels(7, 14), ['belongsTo', 'hasOne', 'hasMany', 'belongsToMany', 'morphTo', 'morphOne', 'morphMany']);
    const withKind = applied(text, [{ range: { start: at(7, 14), end: at(7, 14) }, newText: 'belongsTo ' }]);
    await client.change(opened.uri, withKind);
    assert.equal(await labels(7, 24), ['Post', 'User']);
  }));

test('go to definition from a relation to its entity, and the outline of entities and fields', () =>
  withServer(async (client) => {
    const opened = await client.open('api-schema.yaml', SCHEMA);
    const definition = (await client.connection.sendRequest('textDocument/definition', { textDocument: { uri: opened.uri }, position: at(6, 25) })) as Location;
    assert.equal(definition, { uri: opened.uri, range: { start: at(7, 2), end: at(7, 6) } });
    const fromName = (await client.connection.sendRequest('textDocument/definition', { textDocument: { uri: opened.uri }, position: at(6, 8) })) as Location;
    assert.equal(fromName.range.start, at(7, 2));
    const symbols = (await client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: opened.uri } })) as DocumentSymbol[];
    assert.equal(
      symbols.map((symbol) => [symbol.name, (symbol.children ?? []).map((child) => child.name)]),
      [
        ['Post', ['title', 'status', 'author']],
        ['User', ['name']],
      ],
    );
  }));

test('rename of an entity changes its declaration and every relation to it', () =>
  withServer(async (client) => {
    const opened = await client.open('api-schema.yaml', SCHEMA);
    const prepared = (await client.connection.sendRequest('textDocument/prepareRename', { textDocument: { uri: opened.uri }, position: at(7, 3) })) as { placeholder: string };
    assert.is(prepared.placeholder, 'User');
    const edit = (await client.connection.sendRequest('textDocument/rename', { textDocument: { uri: opened.uri }, position: at(7, 3), newName: 'Member' })) as WorkspaceEdit;
    const renamed = applied(SCHEMA, edit.changes?.[opened.uri] ?? []);
    assert.is(renamed, SCHEMA.replace('belongsTo User', 'belongsTo Member').replace('  User:', '  Member:'));
    assert.equal(await client.change(opened.uri, renamed), []);
  }));

test('rename of a field of a migrated table adds renamed_from: the next make renames the column, keeping it', () =>
  withServer(
    async (client) => {
      const opened = await client.open('api-schema.yaml', SCHEMA);
      const edit = (await client.connection.sendRequest('textDocument/rename', { textDocument: { uri: opened.uri }, position: at(3, 8), newName: 'headline' })) as WorkspaceEdit;
      const renamed = applied(SCHEMA, edit.changes?.[opened.uri] ?? []);
      assert.match(renamed, '      headline: string renamed_from=title\n');
      await client.change(opened.uri, renamed);
      const preview = (await client.connection.sendRequest('fullapi/preview', { uri: opened.uri })) as Preview;
      assert.ok(preview.ok, JSON.stringify(preview.diagnostics));
      const migration = preview.files.find((file) => file.action === 'created' && /update_posts_table/.test(file.path));
      assert.match(migration?.diff ?? '', "renameColumn('title', 'headline')");
      // A field of an entity no migration created yet is renamed alone.
      const name = (await client.connection.sendRequest('textDocument/rename', { textDocument: { uri: opened.uri }, position: at(9, 7), newName: 'nickname' })) as WorkspaceEdit;
      assert.equal(name.changes?.[opened.uri]?.map((change) => change.newText), ['nickname']);
    },
    (project) => migratedProject(project, SCHEMA.replace(/ {2}User:[^]*$/, '').replace('    relations:\n      author: belongsTo User\n', '')),
  ));

test('fullapi/preview: the plan of make on the unsaved text, with diffs, writing nothing', () =>
  withServer(async (client, project) => {
    const before = readTree(project);
    const opened = await client.open('blog.yaml', SCHEMA);
    const preview = (await client.connection.sendRequest('fullapi/preview', { uri: opened.uri })) as Preview;
    assert.ok(preview.ok, JSON.stringify(preview.diagnostics));
    const model = preview.files.find((file) => file.path === 'app/Models/Post.php');
    assert.is(model?.action, 'created');
    assert.match(model?.diff ?? '', /^\+class Post extends Model/m);
    assert.equal(readTree(project), before, 'a preview writes nothing');
    await client.change(opened.uri, SCHEMA.replace('title: string', 'title: strin'));
    const failing = (await client.connection.sendRequest('fullapi/preview', { uri: opened.uri })) as Preview;
    assert.is(failing.ok, false);
    assert.equal(
      failing.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.file, diagnostic.line, diagnostic.column]),
      [['unknown_field_type', 'blog.yaml', 4, 14]],
    );
  }));

test('a saved change that drops a migrated column: make\'s data_loss, and the quick fix writing renamed_from', () =>
  withServer(
    async (client) => {
      const changed = SCHEMA.replace('title: string', 'headline: string');
      const opened = await client.open('api-schema.yaml', SCHEMA);
      await client.change(opened.uri, changed);
      const published = client.nextDiagnostics(opened.uri);
      await client.connection.sendNotification('textDocument/didSave', { textDocument: { uri: opened.uri } });
      const diagnostics = await published;
      // Make's own words: the dropped column refused, the added one warned of.
      assert.equal(codes(diagnostics), ['data_loss', 'added_column_nullable']);
      const actions = (await client.connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri: opened.uri },
        range: diagnostics[0]?.range,
        context: { diagnostics },
      })) as CodeAction[];
      assert.equal(actions.map((action) => action.title), ['Write renamed_from: title on headline']);
      const fixed = applied(changed, actions[0]?.edit?.changes?.[opened.uri] ?? []);
      assert.match(fixed, 'headline: string renamed_from=title');
    },
    (project) => migratedProject(project, SCHEMA),
  ));

test('while typing, once it pauses, make\'s diagnostics come without a save; a text with errors plans nothing and clears them', () =>
  withServer(
    async (client) => {
      const opened = await client.open('api-schema.yaml', SCHEMA);
      const renamed = SCHEMA.replace('title: string', 'headline: string');
      const planned = client.change(opened.uri, renamed).then(() => client.nextDiagnostics(opened.uri));
      assert.equal(codes(await planned), ['data_loss', 'added_column_nullable']);
      // The reading of the next key shows the last plan's findings beside its own until the next plan replaces them.
      const broken = renamed.replace('headline: string', 'headline: strin');
      const read = client.change(opened.uri, broken);
      const replanned = read.then(() => client.nextDiagnostics(opened.uri));
      assert.equal(codes(await read), ['unknown_field_type', 'data_loss', 'added_column_nullable']);
      assert.equal(codes(await replanned), ['unknown_field_type']);
      const mended = client.change(opened.uri, renamed);
      const planAgain = mended.then(() => client.nextDiagnostics(opened.uri));
      assert.equal(codes(await mended), []);
      assert.equal(codes(await planAgain), ['data_loss', 'added_column_nullable']);
    },
    (project) => migratedProject(project, SCHEMA),
  ));

test('class_data.json, the record make keeps, is read by its own front end: outline and hover', () =>
  withServer(
    async (client, project) => {
      const record = readFileSync(join(project, 'class_data.json'), 'utf8');
      const opened = await client.open('class_data.json', record, 'json');
      assert.equal(opened.diagnostics, []);
      const symbols = (await client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: opened.uri } })) as DocumentSymbol[];
      assert.equal(symbols.map((symbol) => symbol.name).sort(), ['Post', 'User']);
      const post = symbols.find((symbol) => symbol.name === 'Post');
      const hover = (await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: opened.uri }, position: post?.selectionRange.start })) as Hover;
      assert.match(JSON.stringify(hover.contents), 'table `posts`');
      // Its preview is `make --schema class_data.json`: every recorded entity regenerated, as generated.
      const preview = (await client.connection.sendRequest('fullapi/preview', { uri: opened.uri })) as Preview;
      assert.ok(preview.ok, JSON.stringify(preview.diagnostics));
      assert.is(preview.files.find((file) => file.path === 'app/Models/Post.php')?.action, 'unchanged');
    },
    (project) => migratedProject(project, SCHEMA),
  ));

const DIAGRAM = ['classDiagram', '  class Post {', '    +string title', '    +text body nullable', '  }', '  class User {', '    +string name', '  }', '  User "1" --> "*" Post : posts', ''].join('\n');

test('Mermaid diagrams, in .mmd files and in Markdown fences: diagnostics, outline, hover, rename', () =>
  withServer(async (client) => {
    const opened = await client.open('blog.mmd', DIAGRAM.replace('+text body nullable', '+text body nullabel'), 'mermaid');
    assert.equal(codes(opened.diagnostics), ['unknown_field_modifier']);
    assert.equal(opened.diagnostics[0]?.range, { start: at(3, 15), end: at(3, 23) });
    await client.change(opened.uri, DIAGRAM);
    const symbols = (await client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: opened.uri } })) as DocumentSymbol[];
    assert.equal(symbols.map((symbol) => symbol.name), ['Post', 'User']);
    const hover = (await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: opened.uri }, position: at(3, 12) })) as Hover;
    assert.match(JSON.stringify(hover.contents), "$table->text('body')->nullable();");
    const labels = async (line: number, character: number): Promise<string[]> =>
      ((await client.connection.sendRequest('textDocument/completion', { textDocument: { uri: opened.uri }, position: at(line, character) })) as CompletionItem[]).map((item) => item.label);
    assert.ok((await labels(2, 5)).includes('datetime'), 'a member starts with its type');
    assert.ok((await labels(3, 24)).includes('unique'), 'modifiers follow the name');
    assert.equal(await labels(8, 2), ['Post', 'User']);
    const edit = (await client.connection.sendRequest('textDocument/rename', { textDocument: { uri: opened.uri }, position: at(1, 9), newName: 'Article' })) as WorkspaceEdit;
    assert.is(applied(DIAGRAM, edit.changes?.[opened.uri] ?? []), DIAGRAM.replace('class Post', 'class Article').replace('--> "*" Post', '--> "*" Article'));

    const markdown = ['# Blog', '', 'Post is the entity.', '', '```mermaid', DIAGRAM.replace('+string name', '+strin name').trimEnd(), '```', ''].join('\n');
    const fenced = await client.open('model.md', markdown, 'markdown');
    assert.equal(codes(fenced.diagnostics), ['unknown_field_type']);
    assert.is(fenced.diagnostics[0]?.range.start.line, 11);
    const inFence = (await client.connection.sendRequest('textDocument/rename', { textDocument: { uri: fenced.uri }, position: at(6, 9), newName: 'Article' })) as WorkspaceEdit;
    assert.match(applied(markdown, inFence.changes?.[fenced.uri] ?? []), 'Post is the entity.');
  }));

test('initialize announces each capability the tests above exercise, and the custom request is fullapi/preview', () =>
  withServer(async (client) => {
    const { capabilities } = client.initialized;
    assert.equal(
      Object.keys(capabilities).sort(),
      ['codeActionProvider', 'completionProvider', 'definitionProvider', 'documentSymbolProvider', 'hoverProvider', 'renameProvider', 'textDocumentSync'],
    );
    const unknown = await client.connection.sendRequest('fullapi/preview', { uri: 'file:///nowhere/api-schema.yaml' });
    assert.equal((unknown as Preview).ok, false);
  }));

test.run();
