import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PEST_CONFIG_PATH, registerPestConfig } from '../../../../src/emit/laravel/edits/pest-config.js';
import { assertIdempotent, pintCases, crlf, diagnosticOf, patched } from './php-check.js';

const pint = pintCases();

/** What `./vendor/bin/pest --init` writes in a Laravel application (Pest 3.x, stubs/init-laravel), cut short. */
const PEST_INIT = String.raw`<?php

/*
|--------------------------------------------------------------------------
| Test Case
|--------------------------------------------------------------------------
*/

pest()->extend(Tests\TestCase::class)
 // ->use(Illuminate\Foundation\Testing\RefreshDatabase::class)
    ->in('Feature');

expect()->extend('toBeOne', function () {
    return $this->toBe(1);
});
`;

/** The form Laravel's starter kits ship: Feature configured, Unit left to PHPUnit's TestCase. */
const STARTER_KIT = String.raw`<?php

use Illuminate\Foundation\Testing\RefreshDatabase;
use Tests\TestCase;

pest()->extend(TestCase::class)
    ->use(RefreshDatabase::class)
    ->in('Feature');
`;

const EXPECTED_NEW = String.raw`<?php

use Illuminate\Foundation\Testing\RefreshDatabase;
use Tests\TestCase;

pest()->extend(TestCase::class)
    ->use(RefreshDatabase::class)
    ->in('Feature', 'Unit');
`;

test('an absent tests/Pest.php is written binding Feature and Unit to TestCase with RefreshDatabase', () => {
  const written = patched(registerPestConfig(undefined));
  assert.is(written, EXPECTED_NEW);
  assertIdempotent((text) => registerPestConfig(text), written);
  pint.check({ [PEST_CONFIG_PATH]: written });
});

test("pest --init's file gets RefreshDatabase in its Feature chain and a chain for Unit, its comments and helpers kept", () => {
  const edited = patched(registerPestConfig(PEST_INIT));
  assert.ok(edited.includes('use Illuminate\\Foundation\\Testing\\RefreshDatabase;\nuse Tests\\TestCase;\n'), edited);
  assert.ok(edited.includes("pest()->extend(Tests\\TestCase::class)\n // ->use(Illuminate\\Foundation\\Testing\\RefreshDatabase::class)\n    ->use(RefreshDatabase::class)\n    ->in('Feature');"), edited);
  assert.ok(edited.endsWith("});\n\npest()->extend(TestCase::class)\n    ->use(RefreshDatabase::class)\n    ->in('Unit');\n"), edited);
  assert.ok(edited.includes("expect()->extend('toBeOne'"), edited);
  assertIdempotent((text) => registerPestConfig(text), edited);
});

test("a starter kit's file gets Unit only; a file that configures both folders is left as it is", () => {
  const edited = patched(registerPestConfig(STARTER_KIT));
  assert.is(edited, `${STARTER_KIT}\npest()->extend(TestCase::class)\n    ->use(RefreshDatabase::class)\n    ->in('Unit');\n`);
  pint.check({ [PEST_CONFIG_PATH]: edited });
  assert.is(patched(registerPestConfig(EXPECTED_NEW)), EXPECTED_NEW);
});

test('the older uses(TestCase, trait)->in() form counts; a chain without a database trait gets one inline', () => {
  const older = "<?php\n\nuses(Tests\\TestCase::class, Illuminate\\Foundation\\Testing\\LazilyRefreshDatabase::class)->in('Feature', 'Unit');\n";
  assert.is(patched(registerPestConfig(older)), older);
  const inline = "<?php\n\npest()->extend(Tests\\TestCase::class)->in('Feature', 'Unit');\n";
  assert.is(
    patched(registerPestConfig(inline)),
    "<?php\n\nuse Illuminate\\Foundation\\Testing\\RefreshDatabase;\n\npest()->extend(Tests\\TestCase::class)->use(RefreshDatabase::class)->in('Feature', 'Unit');\n",
  );
});

test('a chain with traits but no test case gets the extend; CRLF files stay CRLF', () => {
  const traitsOnly = crlf("<?php\n\npest()\n    ->use(Illuminate\\Foundation\\Testing\\RefreshDatabase::class)\n    ->in('Feature', 'Unit');\n");
  const edited = patched(registerPestConfig(traitsOnly));
  assert.is(edited, crlf("<?php\n\nuse Tests\\TestCase;\n\npest()\n    ->use(Illuminate\\Foundation\\Testing\\RefreshDatabase::class)\n    ->extend(TestCase::class)\n    ->in('Feature', 'Unit');\n"));
  assertIdempotent((text) => registerPestConfig(text), edited);
});

test('an import of another TestCase is a positioned error', () => {
  const clash = "<?php\n\nuse Other\\TestCase;\n\npest()->in('Feature', 'Unit');\n";
  const diagnostic = diagnosticOf(registerPestConfig(clash));
  assert.is(diagnostic.code, 'unexpected_php_shape');
  assert.ok(diagnostic.message.includes('Other\\TestCase'), diagnostic.message);
});

test('every patched text above is Pint-clean', () => pint.assertAllClean());

test.run();
