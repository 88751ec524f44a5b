import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isOpenApiText } from '../../../src/text/file-kinds.js';

test('an OpenAPI or Swagger document is told by a first-level openapi or swagger key, in YAML or JSON', () => {
  for (const text of [
    'openapi: 3.1.0\ninfo: {}\n',
    '# a comment\n"swagger": "2.0"\n',
    '---\n  info:\n    title: Pets\n  swagger: "2.0"\n',
    'info:\n  title: x\nopenapi: 3.0.3\n',
    '{"info": {"title": "x"}, "openapi": "3.1.0"}',
    '\n  {"openapi": "3.0.0", "paths": {',
  ]) {
    assert.ok(isOpenApiText(text), text);
  }
});

test('a schema file is not one, even with a field or entity of that name below the first level', () => {
  for (const text of [
    'entities:\n  Post:\n    fields:\n      openapi: string\n',
    'entities:\n  swagger:\n    fields: {}\n',
    '{"entities": {"Post": {"fields": {"openapi": "string"}}}}',
    '{"entities": {',
    '',
  ]) {
    assert.not.ok(isOpenApiText(text), text);
  }
});

test.run();
