import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic, DocumentSymbol, Hover } from 'vscode-languageserver-protocol';
import { readTree, runCli } from '../../support/project-tree.js';
import { repoRoot } from '../../support/repo-root.js';
import { withServer, type LspClient } from './lsp-client.js';

const FIXTURES = join(repoRoot(), 'tests', 'fixtures', 'openapi');

interface Preview {
  ok: boolean;
  files: { path: string; action: string }[];
  diagnostics: { code: string; file?: string; line?: number }[];
}

/** A server on a copy of the example project that holds the OpenAPI fixtures `folders`. */
function withFixtures(folders: readonly string[], run: (client: LspClient, project: string) => Promise<void>): Promise<void> {
  return withServer(run, async (project) => {
    for (const folder of folders) cpSync(join(FIXTURES, folder), join(project, folder), { recursive: true });
  });
}

const codes = (diagnostics: readonly Diagnostic[]): string[] => diagnostics.map((diagnostic) => String(diagnostic.code));

test('an OpenAPI document: the diagnostics of fullapi validate, its outline and hover, and the preview of make --openapi', () =>
  withFixtures(['petstore'], async (client, project) => {
    const text = readFileSync(join(project, 'petstore', 'petstore.yaml'), 'utf8');
    const opened = await client.open('petstore/petstore.yaml', text);
    const validated = await runCli(['validate', 'petstore/petstore.yaml'], project);
    const cliPlaces = [...validated.stderr.matchAll(/^warning\[(\w+)\] petstore\/petstore\.yaml:(\d+):(\d+)/gm)].map(([, code, line, column]) => `${code} ${Number(line) - 1}:${Number(column) - 1}`);
    assert.ok(cliPlaces.length > 0, validated.stderr);
    assert.equal(
      opened.diagnostics.map((diagnostic) => `${String(diagnostic.code)} ${diagnostic.range.start.line}:${diagnostic.range.start.character}`).sort(),
      cliPlaces.sort(),
    );
    const symbols = (await client.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: opened.uri } })) as DocumentSymbol[];
    assert.equal(symbols.map((symbol) => symbol.name).sort(), ['Category', 'Pet']);
    const pet = symbols.find((symbol) => symbol.name === 'Pet');
    const status = pet?.children?.find((child) => child.name === 'status');
    assert.ok(status, JSON.stringify(pet));
    const hover = (await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: opened.uri }, position: status.selectionRange.start })) as Hover;
    const shown = JSON.stringify(hover.contents);
    assert.match(shown, "$table->string('status')->default('available');");
    assert.match(shown, 'Rule::enum(PetStatus::class)');
    const before = readTree(project);
    const preview = (await client.connection.sendRequest('fullapi/preview', { uri: opened.uri })) as Preview;
    assert.ok(preview.ok, JSON.stringify(preview.diagnostics));
    assert.is(preview.files.find((file) => file.path === 'app/Models/Pet.php')?.action, 'created');
    // Its warnings name the document as the editor's do, by its file name.
    assert.equal([...new Set(preview.diagnostics.map((diagnostic) => diagnostic.file))], ['petstore.yaml']);
    assert.equal(readTree(project), before, 'a preview writes nothing');
  }));

test('a document split over files: an error in a file its $refs name is published for that file, and cleared once mended', () =>
  withFixtures(['split'], async (client, project) => {
    const author = join(project, 'split', 'schemas', 'author.yaml');
    const authorUri = pathToFileURL(author).href;
    const written = readFileSync(author, 'utf8');
    writeFileSync(author, `${written}  publisher:\n    $ref: '#/Nobody'\n`);
    const elsewhere = client.nextDiagnostics(authorUri);
    const text = readFileSync(join(project, 'split', 'api.yaml'), 'utf8');
    const opened = await client.open('split/api.yaml', text);
    assert.equal(codes(opened.diagnostics), []);
    const broken = await elsewhere;
    assert.equal(codes(broken), ['openapi_unresolved_ref']);
    assert.is(broken[0]?.range.start.line, 6, 'on the $ref, in author.yaml');
    writeFileSync(author, written);
    const cleared = client.nextDiagnostics(authorUri);
    await client.change(opened.uri, `${text}\n`);
    assert.equal(await cleared, []);
  }));

test('a YAML or JSON file that is none of fullapi\'s (a compose file, a package manifest) gets no diagnostics', () =>
  withFixtures([], async (client) => {
    const compose = await client.open('compose.yaml', 'services:\n  app:\n    image: php:8.3\n');
    assert.equal(compose.diagnostics, []);
    const manifest = await client.open('package.json', '{ "name": "x", "private": true }', 'json');
    assert.equal(manifest.diagnostics, []);
    const hover = await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: compose.uri }, position: { line: 0, character: 2 } });
    assert.is(hover, null);
    // A schema file under another name is still one, by its entities.
    const schema = await client.open('blog.yaml', 'entities:\n  Post:\n    fields:\n      title: strin\n');
    assert.equal(codes(schema.diagnostics), ['unknown_field_type']);
    // Once it no longer declares entities, it is none of fullapi's, and what it was shown goes.
    assert.equal(await client.change(schema.uri, 'services:\n  app:\n    image: php:8.3\n'), []);
  }));

test.run();
