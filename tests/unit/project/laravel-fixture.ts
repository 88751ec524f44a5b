import { STUB_NAMES } from '../../../src/emit/artifact-table.js';
import { temporaryTree } from './tree.js';

/** The smallest tree `readProject` accepts: an artisan file and a locked framework version. */
export function laravelFiles(frameworkVersion = 'v12.40.1'): Record<string, string> {
  return {
    artisan: '#!/usr/bin/env php\n<?php\n',
    'composer.json': JSON.stringify({ require: { php: '^8.2', 'laravel/framework': '^12.0' } }, null, 4),
    'composer.lock': JSON.stringify({ packages: [{ name: 'laravel/framework', version: frameworkVersion }] }, null, 4),
  };
}

export function laravelProject(extraFiles: Readonly<Record<string, string>> = {}): string {
  return temporaryTree({ ...laravelFiles(), ...extraFiles });
}

/** A stand-in for fullapi's package root, so tests do not depend on the real stubs being written yet. */
export function fixturePackageRoot(): string {
  const stubs = Object.fromEntries(STUB_NAMES.map((name) => [`stubs/${name}.stub`, `built-in ${name}\n`]));
  return temporaryTree({ 'package.json': '{ "name": "laravel-fullapi" }\n', ...stubs });
}
