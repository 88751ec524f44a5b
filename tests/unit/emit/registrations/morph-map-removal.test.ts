import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { registerMorphMap } from '../../../../src/emit/laravel/edits/morph-map.js';
import { unmapMorphModels } from '../../../../src/emit/laravel/removals/morph-map-removal.js';
import { repoRoot } from '../../../support/repo-root.js';
import { pintCases, crlf, diagnosticOf, patched } from './php-check.js';

const pint = pintCases();

const PATH = 'app/Providers/AppServiceProvider.php';
const SKELETON = readFileSync(join(repoRoot(), 'tests', 'fixtures', 'laravel-12-skeleton', PATH), 'utf8');
const POST = { alias: 'post', modelClass: 'App\\Models\\Post' };
const VIDEO = { alias: 'video', modelClass: 'App\\Models\\Video' };

test('undoes what make registers: one alias, then the last, back to the skeleton byte for byte', () => {
  const registered = patched(registerMorphMap(SKELETON, [POST, VIDEO]));
  const withoutVideo = patched(unmapMorphModels(registered, ['App\\Models\\Video']));
  assert.is(withoutVideo, patched(registerMorphMap(SKELETON, [POST])), 'as if only Post had been registered');
  pint.check({ [PATH]: withoutVideo });
  assert.is(patched(unmapMorphModels(withoutVideo, ['App\\Models\\Post'])), SKELETON);
  assert.is(patched(unmapMorphModels(crlf(registered), ['App\\Models\\Post', 'App\\Models\\Video'])), crlf(SKELETON));
});

test("a provider mapping none of them is left as it is; the user's other code in boot() stays", () => {
  const registered = patched(registerMorphMap(SKELETON, [POST]));
  assert.is(patched(unmapMorphModels(registered, ['App\\Models\\Video'])), registered);
  const withOwnCode = registered
    .replace('        Relation::morphMap([', '        Model::preventLazyLoading();\n\n        Relation::morphMap([')
    .replace('use App\\Models\\Post;\n', 'use App\\Models\\Post;\nuse Illuminate\\Database\\Eloquent\\Model;\n');
  const removed = patched(unmapMorphModels(withOwnCode, ['App\\Models\\Post']));
  assert.match(removed, '    public function boot(): void\n    {\n        Model::preventLazyLoading();\n    }');
  assert.not.match(removed, 'Relation');
  assert.not.match(removed, 'App\\Models\\Post');
  pint.check({ [PATH]: removed });
});

test('a provider that does not parse is a positioned error', () => {
  const diagnostic = diagnosticOf(unmapMorphModels('<?php\n\nclass {\n', ['App\\Models\\Post']));
  assert.is(diagnostic.code, 'unparsable_php');
  assert.is(diagnostic.span?.file, PATH);
});

test('every patched text above is Pint-clean', () => pint.assertAllClean());

test.run();
