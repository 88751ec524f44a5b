import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LSPErrorCodes, type Position, type WorkspaceEdit } from 'vscode-languageserver-protocol';
import { applied, migratedProject, withServer, type LspClient } from './lsp-client.js';

const SCHEMA = [
  'entities:',
  '  Post:',
  '    fields:',
  '      title: string',
  '      min_price: integer',
  '      max_price: { type: integer, rules: "gt:min_price|required_with:min_price,title" }',
  '      code: { type: string, rules: [same:min_price, "min:2"] }',
  '    indexes:',
  '      - [min_price, author_id]',
  '    relations:',
  '      author: belongsTo User',
  '      commentable: morphTo',
  '  User:',
  '    fields:',
  '      name: { type: string, rules: "different:min_price" }',
  '      min_price: integer',
  '    relations:',
  '      posts: hasMany Post',
  '',
].join('\n');

interface Preview {
  ok: boolean;
  files: { path: string; action: string; diff?: string }[];
  diagnostics: { code: string; message: string }[];
}

const at = (line: number, character: number): Position => ({ line, character });

async function rename(client: LspClient, uri: string, position: Position, newName: string): Promise<WorkspaceEdit> {
  return (await client.connection.sendRequest('textDocument/rename', { textDocument: { uri }, position, newName })) as WorkspaceEdit;
}

/** The error a request is refused with; fails the test if it is answered. */
async function refusalOf(request: Promise<unknown>): Promise<{ code: number; message: string }> {
  const outcome = await request.then(
    (answer) => ({ answer }),
    (failure: { code: number; message: string }) => ({ failure }),
  );
  if ('answer' in outcome) assert.unreachable(`answered ${JSON.stringify(outcome.answer)} where a refusal was due`);
  return 'failure' in outcome ? { code: outcome.failure.code, message: outcome.failure.message } : { code: 0, message: '' };
}

test('rename of a belongsTo renames its foreign key in the index lists; the renamed schema checks clean', () =>
  withServer(async (client) => {
    const opened = await client.open('api-schema.yaml', SCHEMA);
    assert.equal(opened.diagnostics, []);
    const prepared = (await client.connection.sendRequest('textDocument/prepareRename', { textDocument: { uri: opened.uri }, position: at(10, 8) })) as { placeholder: string };
    assert.is(prepared.placeholder, 'author');
    const edit = await rename(client, opened.uri, at(10, 8), 'writer');
    const renamed = applied(SCHEMA, edit.changes?.[opened.uri] ?? []);
    assert.is(renamed, SCHEMA.replace('author: belongsTo', 'writer: belongsTo').replace('[min_price, author_id]', '[min_price, writer_id]'));
    assert.equal(await client.change(opened.uri, renamed), []);
    // A morphTo's name is its columns' too: commentable_type, commentable_id.
    const morph = applied(renamed, (await rename(client, opened.uri, at(11, 9), 'subject')).changes?.[opened.uri] ?? []);
    assert.match(morph, '      subject: morphTo\n');
    assert.equal(await client.change(opened.uri, morph), []);
  }));

test('rename of a field renames the rules of its entity that name it and its index lists; the schema checks clean', () =>
  withServer(async (client) => {
    const opened = await client.open('api-schema.yaml', SCHEMA);
    const edit = await rename(client, opened.uri, at(4, 8), 'lowest_price');
    const renamed = applied(SCHEMA, edit.changes?.[opened.uri] ?? []);
    const expected = SCHEMA.replace('      min_price: integer', '      lowest_price: integer')
      .replace('"gt:min_price|required_with:min_price,title"', '"gt:lowest_price|required_with:lowest_price,title"')
      .replace('[same:min_price, "min:2"]', '[same:lowest_price, "min:2"]')
      .replace('[min_price, author_id]', '[lowest_price, author_id]');
    // User's min_price is another field: its declaration and the rule naming it stay, as do rules that name no field (min:2).
    assert.is(renamed, expected);
    assert.equal(await client.change(opened.uri, renamed), []);
    // Every parameter of required_with is a field, not only its first.
    const title = applied(renamed, (await rename(client, opened.uri, at(3, 8), 'heading')).changes?.[opened.uri] ?? []);
    assert.match(title, '"gt:lowest_price|required_with:lowest_price,heading"');
  }));

test('rename of a relation in a JSON schema file, its key inside the quotes', () =>
  withServer(async (client) => {
    const json = JSON.stringify({ entities: { Post: { fields: { title: 'string' }, relations: { author: 'belongsTo User' } }, User: { fields: { name: 'string' } } } }, null, 2) + '\n';
    const opened = await client.open('api-schema.json', json, 'json');
    const line = json.split('\n').findIndex((content) => content.includes('"author"'));
    const edit = await rename(client, opened.uri, at(line, json.split('\n')[line]?.indexOf('author') ?? 0), 'writer');
    const renamed = applied(json, edit.changes?.[opened.uri] ?? []);
    assert.is(renamed, json.replace('"author"', '"writer"'));
    assert.equal(await client.change(opened.uri, renamed), []);
  }));

test('rename of a relation in a diagram: the label of a one-to-one with itself and its foreign key column; others have no name written', () =>
  withServer(async (client) => {
    const diagram = ['erDiagram', '  PERSON {', '    string name', '    int mentor_id FK "on_delete=cascade"', '  }', '  PERSON |o--o| PERSON : mentor', ''].join('\n');
    const opened = await client.open('people.mmd', diagram, 'mermaid');
    assert.equal(opened.diagnostics, []);
    const edit = await rename(client, opened.uri, at(5, 26), 'guide');
    const renamed = applied(diagram, edit.changes?.[opened.uri] ?? []);
    assert.is(renamed, diagram.replace(': mentor', ': guide').replace('mentor_id', 'guide_id'));
    assert.equal(await client.change(opened.uri, renamed), []);
    // Post's belongsTo is named after User, not by its label: there is nothing in the text to rename.
    const classes = ['classDiagram', '  class Post {', '    +string title', '  }', '  class User {', '    +string name', '  }', '  Post "*" --> "1" User', ''].join('\n');
    const other = await client.open('blog.mmd', classes, 'mermaid');
    const refused = await refusalOf(client.connection.sendRequest('textDocument/prepareRename', { textDocument: { uri: other.uri }, position: at(7, 6) }));
    assert.is(refused.code, LSPErrorCodes.RequestFailed);
    assert.match(refused.message, 'the diagram does not write the name user');
  }));

test('rename of a relation whose column the project has migrated is refused, naming the column; a hasMany renames', () =>
  withServer(
    async (client) => {
      const opened = await client.open('api-schema.yaml', SCHEMA);
      const prepared = await refusalOf(client.connection.sendRequest('textDocument/prepareRename', { textDocument: { uri: opened.uri }, position: at(10, 8) }));
      assert.is(prepared.code, LSPErrorCodes.RequestFailed);
      assert.match(prepared.message, 'renaming Post.author would make the next make drop the column Post.author_id');
      const refused = await refusalOf(rename(client, opened.uri, at(10, 8), 'writer'));
      assert.match(refused.message, 'the column Post.author_id');
      const morph = await refusalOf(rename(client, opened.uri, at(11, 9), 'subject'));
      assert.match(morph.message, 'the columns Post.commentable_type, Post.commentable_id');
      // A hasMany's column is its belongsTo's, named after that: renaming it changes no table.
      const posts = applied(SCHEMA, (await rename(client, opened.uri, at(17, 8), 'articles')).changes?.[opened.uri] ?? []);
      assert.is(posts, SCHEMA.replace('posts: hasMany', 'articles: hasMany'));
      await client.change(opened.uri, posts);
      const preview = (await client.connection.sendRequest('fullapi/preview', { uri: opened.uri })) as Preview;
      assert.ok(preview.ok, JSON.stringify(preview.diagnostics));
      assert.not.ok(preview.files.some((file) => /database\/migrations\//.test(file.path)), 'no migration');
    },
    (project) => migratedProject(project, SCHEMA),
  ));

test('rename of a migrated field updates its rules and writes renamed_from: the next make renames the column', () =>
  withServer(
    async (client) => {
      const opened = await client.open('api-schema.yaml', SCHEMA);
      const renamed = applied(SCHEMA, (await rename(client, opened.uri, at(4, 8), 'lowest_price')).changes?.[opened.uri] ?? []);
      assert.match(renamed, '      lowest_price: integer renamed_from=min_price\n');
      assert.match(renamed, '"gt:lowest_price|required_with:lowest_price,title"');
      assert.equal(await client.change(opened.uri, renamed), []);
      const preview = (await client.connection.sendRequest('fullapi/preview', { uri: opened.uri })) as Preview;
      assert.ok(preview.ok, JSON.stringify(preview.diagnostics));
      const migration = preview.files.find((file) => file.action === 'created' && /update_posts_table/.test(file.path));
      assert.match(migration?.diff ?? '', "renameColumn('min_price', 'lowest_price')");
    },
    (project) => migratedProject(project, SCHEMA),
  ));

const KEYED = ['entities:', '  Country:', '    fields:', '      code: string primary', '  Address:', '    fields:', '      street: string', '    relations:', '      country: belongsTo Country', ''].join('\n');

test('rename of the key of a migrated table is refused, naming the foreign keys that hold it', () =>
  withServer(
    async (client) => {
      const { uri } = await client.open('api-schema.yaml', KEYED);
      const refused = await refusalOf(rename(client, uri, at(3, 8), 'iso'));
      assert.match(refused.message, 'Country.code is the key of a table the project has migrated: make renames no key column, nor the columns that hold it (Address.country_code)');
      // A field no foreign key is named after renames, with renamed_from on a migrated table.
      const street = await rename(client, uri, at(6, 8), 'road');
      assert.equal(street.changes?.[uri]?.map((change) => change.newText), ['road', ' renamed_from=street']);
    },
    (project) => migratedProject(project, KEYED),
  ));

const TAGGED = ['entities:', '  Tag:', '    fields:', '      slug: string primary', '    relations:', '      posts: belongsToMany Post', '  Post:', '    fields:', '      title: string', ''].join('\n');

test('rename of the key of a migrated table a pivot holds is refused, naming the pivot column', () =>
  withServer(
    async (client) => {
      const { uri } = await client.open('api-schema.yaml', TAGGED);
      const refused = await refusalOf(rename(client, uri, at(3, 8), 'code'));
      assert.match(refused.message, 'nor the columns that hold it (post_tag.tag_slug)');
    },
    (project) => migratedProject(project, TAGGED),
  ));

const POSTS = ['entities:', '  Post:', '    fields:', '      title: string', '      body: text', ''].join('\n');

test('renamed_from in the spelling of a JSON schema file and of a diagram: each checks clean, and make renames the column', () =>
  withServer(
    async (client) => {
      const json = JSON.stringify({ entities: { Post: { fields: { title: 'string', body: 'text' } } } }, null, 2) + '\n';
      const opened = await client.open('api-schema.json', json, 'json');
      const line = json.split('\n').findIndex((content) => content.includes('"title"'));
      const renamed = applied(json, (await rename(client, opened.uri, at(line, 10), 'headline')).changes?.[opened.uri] ?? []);
      assert.match(renamed, '"headline": "string renamed_from=title"');
      assert.equal(await client.change(opened.uri, renamed), []);
      const preview = (await client.connection.sendRequest('fullapi/preview', { uri: opened.uri })) as Preview;
      assert.ok(preview.ok, JSON.stringify(preview.diagnostics));
      assert.match(preview.files.find((file) => /update_posts_table/.test(file.path))?.diff ?? '', "renameColumn('title', 'headline')");
      const diagram = ['classDiagram', '  class Post {', '    +string title', '    +text body', '  }', ''].join('\n');
      const drawn = await client.open('posts.mmd', diagram, 'mermaid');
      const redrawn = applied(diagram, (await rename(client, drawn.uri, at(2, 14), 'headline')).changes?.[drawn.uri] ?? []);
      assert.is(redrawn, diagram.replace('+string title', '+string headline renamed_from=title'));
      assert.equal(await client.change(drawn.uri, redrawn), []);
    },
    (project) => migratedProject(project, POSTS),
  ));

test.run();
