import { minimatch } from 'minimatch';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DOCUMENT_SELECTOR } from '../../../editors/vscode/src/documents.mjs';

/** Whether the client hands a file to the server: a pattern of the selector matches its path (VS Code's globs, as minimatch reads them). */
function selectedByPattern(path: string): boolean {
  return DOCUMENT_SELECTOR.some((filter) => filter.pattern !== undefined && minimatch(path, filter.pattern));
}

test("the client hands the server the files of the server's contract, in any folder", () => {
  for (const name of ['api-schema.yaml', 'api-schema.yml', 'api-schema.json', 'class_data.json', 'model.mmd', 'docs/erd.mermaid']) {
    assert.ok(selectedByPattern(`/work/shop/${name}`), name);
  }
});

test('and every YAML, JSON and Markdown file by its language: a schema file or an OpenAPI document may have any name, the server tells them by what they hold', () => {
  const languages = DOCUMENT_SELECTOR.filter((filter) => filter.pattern === undefined).map((filter) => filter.language);
  assert.equal(languages.sort(), ['json', 'markdown', 'yaml']);
});

test('by name, only the files of the contract: no pattern takes another YAML or JSON file for one', () => {
  for (const name of ['package.json', 'composer.json', 'docker-compose.yaml', '.github/workflows/ci.yml', 'schema.yaml', 'my-api-schema.yaml']) {
    assert.not.ok(selectedByPattern(`/work/shop/${name}`), name);
  }
});

test.run();
