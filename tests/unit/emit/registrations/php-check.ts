import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../../../../src/diagnostics/diagnostic.js';
import type { PatchResult } from '../../../../src/diagnostics/patch-result.js';
import { phpLintFailures, pintProblems } from '../../../support/php-tools.js';

/** Checks shared by the registration tests: every patched text must be valid PHP, and Pint-clean when its input was. */

/** The patched text; fails the test on a diagnostic. */
export function patched(result: PatchResult): string {
  if (!result.ok) assert.unreachable(`expected a patch, got ${result.diagnostics.map((diagnostic) => `${diagnostic.code}: ${diagnostic.message}`).join('; ')}`);
  return result.ok ? result.content : '';
}

/** The one diagnostic of a failed patch. */
export function diagnosticOf(result: PatchResult): Diagnostic {
  if (result.ok) assert.unreachable(`expected a diagnostic, got:\n${result.content}`);
  const diagnostics = result.ok ? [] : result.diagnostics;
  assert.is(diagnostics.length, 1, 'one diagnostic');
  return diagnostics[0] ?? { severity: 'error', code: 'internal_error', message: '' };
}

/** Applying the patch to its own output changes nothing. */
export function assertIdempotent(apply: (text: string) => PatchResult, once: string): void {
  assert.is(patched(apply(once)), once, 'a second run changed the file');
}

export function crlf(text: string): string {
  return text.replaceAll('\n', '\r\n');
}

/** `php -l` on each text, under the project-relative path it would have. */
export function assertValidPhp(files: Readonly<Record<string, string>>): void {
  withProject(files, (dir) => {
    const failures = phpLintFailures(Object.keys(files).map((path) => join(dir, path)));
    assert.equal(failures, [], failures.join('\n'));
  });
}

/**
 * The Pint check of a test file's patched texts: each is `php -l`-checked where the test gives it, and Pint
 * runs once over all of them in the file's last test (`assertAllClean`), each case in a folder of its own:
 * Pint's start-up is most of what a run of it costs, and a test file gives it a dozen texts.
 */
export interface PintCases {
  /** `php -l` on the texts now; Pint on them at the end. */
  check(files: Readonly<Record<string, string>>): void;
  /** `pint --test --preset=laravel` over every text checked so far; a failure shows each case's diff. */
  assertAllClean(): void;
}

export function pintCases(): PintCases {
  const cases: Record<string, string> = {};
  let count = 0;
  return {
    check(files) {
      assertValidPhp(files);
      count += 1;
      for (const [path, content] of Object.entries(files)) cases[`case-${count}/${path}`] = content;
    },
    assertAllClean() {
      assert.ok(count > 0, 'no text was checked');
      withProject(cases, (dir) => {
        const problems = pintProblems(dir);
        assert.is(problems, undefined, problems);
      });
    },
  };
}

function withProject(files: Readonly<Record<string, string>>, check: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'fullapi-registrations-'));
  try {
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
    check(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `bootstrap/app.php` of the laravel/laravel 12.x skeleton: no `api:` argument, not even commented. */
export const BOOTSTRAP_SKELETON = String.raw`<?php

use Illuminate\Foundation\Application;
use Illuminate\Foundation\Configuration\Exceptions;
use Illuminate\Foundation\Configuration\Middleware;

return Application::configure(basePath: dirname(__DIR__))
    ->withRouting(
        web: __DIR__.'/../routes/web.php',
        commands: __DIR__.'/../routes/console.php',
        health: '/up',
    )
    ->withMiddleware(function (Middleware $middleware): void {
        //
    })
    ->withExceptions(function (Exceptions $exceptions): void {
        //
    })->create();
`;
