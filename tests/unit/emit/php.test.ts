import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { phpString, renderImports } from '../../../src/emit/laravel/values/php-literals.js';

test('imports are de-duplicated and sorted as Pint sorts them: case-insensitive, \\ before letters', () => {
  assert.is(
    renderImports(['Illuminate\\Support\\Carbon', 'App\\ModelsX', 'app\\Models\\Zed', 'App\\Models\\Post', 'Illuminate\\Support\\Carbon']),
    'use App\\Models\\Post;\nuse app\\Models\\Zed;\nuse App\\ModelsX;\nuse Illuminate\\Support\\Carbon;',
  );
  assert.is(renderImports([]), '');
});

test('single-quoted literals escape only backslash and quote', () => {
  assert.is(phpString("it's C:\\dir"), "'it\\'s C:\\\\dir'");
});

test.run();
