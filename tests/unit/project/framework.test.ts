import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lowestAllowedMajor, majorOfVersion } from '../../../src/project/read/composer-version.js';
import { readFramework } from '../../../src/project/read/framework.js';
import { nodeFs } from '../../../src/project/fs/project-fs.js';
import { temporaryTree } from './tree.js';

const artisan = { artisan: '<?php\n' };
const composerJson = (constraint: string) => JSON.stringify({ require: { 'laravel/framework': constraint } });
const composerLock = (version: string) => JSON.stringify({ packages: [{ name: 'laravel/framework', version }] });
/** What Composer 2 writes in vendor/composer/installed.json, cut down to what is read. */
const installedJson = (version: string) =>
  JSON.stringify({ packages: [{ name: 'laravel/tinker', version: 'v2.10.1' }, { name: 'laravel/framework', version, version_normalized: '12.72.0.0' }], dev: true, 'dev-package-names': [] });

test('the locked version wins over the constraint, and is kept whole', () => {
  const root = temporaryTree({ ...artisan, 'composer.json': composerJson('^12.0|^13.0'), 'composer.lock': composerLock('v13.2.0') });
  assert.equal(readFramework(root, nodeFs), { framework: 13, version: 'v13.2.0', composerPackages: ['laravel/framework'], diagnostics: [] });
});

test('without a lock, as Composer set to write none leaves an application: the version installed in vendor/', () => {
  const root = temporaryTree({ ...artisan, 'composer.json': composerJson('^12.0'), 'vendor/composer/installed.json': installedJson('v12.72.0') });
  assert.equal(readFramework(root, nodeFs), { framework: 12, version: 'v12.72.0', composerPackages: ['laravel/framework'], diagnostics: [] });
});

test('the version installed wins over the locked one: it is the code the application runs', () => {
  const root = temporaryTree({ 'composer.json': composerJson('^12.0|^13.0'), 'composer.lock': composerLock('v12.40.0'), 'vendor/composer/installed.json': installedJson('v13.42.0') });
  assert.equal(readFramework(root, nodeFs), { framework: 13, version: 'v13.42.0', composerPackages: ['laravel/framework'], diagnostics: [] });
});

test("Composer 1's installed.json, a bare list of packages", () => {
  const root = temporaryTree({ 'composer.json': composerJson('^12.0'), 'vendor/composer/installed.json': JSON.stringify([{ name: 'laravel/framework', version: 'v12.50.1' }]) });
  assert.is(readFramework(root, nodeFs).version, 'v12.50.1');
});

test("composer.json's vendor-dir is where installed.json is read; one outside the project is not read", () => {
  const custom = { require: { 'laravel/framework': '^12.0' }, config: { 'vendor-dir': 'lib/vendor/' } };
  const root = temporaryTree({ 'composer.json': JSON.stringify(custom), 'lib/vendor/composer/installed.json': installedJson('v12.45.0') });
  assert.is(readFramework(root, nodeFs).version, 'v12.45.0');
  const outside = { ...custom, config: { 'vendor-dir': '../vendor' } };
  const elsewhere = temporaryTree({ 'composer.json': JSON.stringify(outside), 'composer.lock': composerLock('v12.44.0') });
  assert.equal(readFramework(elsewhere, nodeFs), { framework: 12, version: 'v12.44.0', composerPackages: ['laravel/framework'], diagnostics: [] });
});

test('an installed.json without the framework, or installed from a branch, falls back to the lock', () => {
  const withoutFramework = temporaryTree({ ...artisan, 'composer.lock': composerLock('v13.1.0'), 'vendor/composer/installed.json': JSON.stringify({ packages: [] }) });
  assert.is(readFramework(withoutFramework, nodeFs).version, 'v13.1.0');
  const branch = temporaryTree({ ...artisan, 'composer.lock': composerLock('v13.1.0'), 'vendor/composer/installed.json': installedJson('dev-master') });
  assert.is(readFramework(branch, nodeFs).version, 'v13.1.0');
});

test('Laravel 11 installed is refused, naming the file that says so', () => {
  const root = temporaryTree({ ...artisan, 'composer.lock': composerLock('v12.1.0'), 'vendor/composer/installed.json': installedJson('v11.9.0') });
  const [diagnostic, ...others] = readFramework(root, nodeFs).diagnostics;
  assert.is(others.length, 0);
  assert.is(diagnostic?.code, 'unsupported_framework');
  assert.match(diagnostic?.message ?? '', 'vendor/composer/installed.json has laravel/framework v11.9.0');
});

test('malformed installed.json is an error at its position, not a fallback', () => {
  const root = temporaryTree({ ...artisan, 'composer.lock': composerLock('v12.1.0'), 'vendor/composer/installed.json': '{"packages": [' });
  const [diagnostic] = readFramework(root, nodeFs).diagnostics;
  assert.is(diagnostic?.code, 'unreadable_project_file');
  assert.is(diagnostic?.span?.file, 'vendor/composer/installed.json');
});

test('without a lock, the lowest major the constraint allows', () => {
  const root = temporaryTree({ 'composer.json': composerJson('^12.0|^13.0') });
  assert.equal(readFramework(root, nodeFs), { framework: 12, composerPackages: ['laravel/framework'], diagnostics: [] });
});

test('the packages composer.json requires, in require and require-dev, sorted and each once', () => {
  const composer = {
    require: { php: '^8.2', 'laravel/framework': '^12.0', 'spatie/laravel-query-builder': '^6.0' },
    'require-dev': { 'laravel/pint': '^1.0', 'spatie/laravel-query-builder': '^6.0' },
  };
  const root = temporaryTree({ 'composer.json': JSON.stringify(composer) });
  assert.equal(readFramework(root, nodeFs).composerPackages, ['laravel/framework', 'laravel/pint', 'php', 'spatie/laravel-query-builder']);
});

test('no composer.json, no packages', () => {
  assert.equal(readFramework(temporaryTree(artisan), nodeFs).composerPackages, []);
});

test('a lock that does not name the framework falls back to the constraint', () => {
  const root = temporaryTree({ 'composer.json': composerJson('~13.1'), 'composer.lock': JSON.stringify({ packages: [] }) });
  assert.equal(readFramework(root, nodeFs).framework, 13);
});

test('constraint forms', () => {
  const cases: [string, number | undefined][] = [
    ['^12.0', 12],
    ['^13.0', 13],
    ['12.*', 12],
    ['~12.1', 12],
    ['^12.0|^13.0', 12],
    ['^13.0 || ^12.5', 12],
    ['>=12.1 <14', 12],
    ['>=12.0,<14.0', 12],
    ['>= 12.0 < 14.0', 12],
    ['12.0 - 13.0', 12],
    ['v12.3.1', 12],
    ['^12.0@dev', 12],
    ['^11.0|^12.0', 11],
    ['*', undefined],
    ['<13', undefined],
    ['dev-master', undefined],
    ['^12.0|dev-main', undefined],
  ];
  for (const [constraint, major] of cases) assert.is(lowestAllowedMajor(constraint), major, constraint);
});

test('locked version forms', () => {
  assert.is(majorOfVersion('v12.40.1'), 12);
  assert.is(majorOfVersion('13.0.0'), 13);
  assert.is(majorOfVersion('13.x-dev'), 13);
  assert.is(majorOfVersion('dev-master'), undefined);
});

test('both files missing: Laravel 12 assumed, with a warning', () => {
  const result = readFramework(temporaryTree(artisan), nodeFs);
  assert.is(result.framework, 12);
  assert.equal(result.diagnostics.map((d) => [d.severity, d.code]), [['warning', 'framework_version_assumed']]);
});

test('an unreadable constraint: Laravel 12 assumed, and the warning quotes it', () => {
  const result = readFramework(temporaryTree({ 'composer.json': composerJson('dev-main') }), nodeFs);
  assert.is(result.framework, 12);
  assert.match(result.diagnostics[0]?.message ?? '', '"dev-main"');
});

test('Laravel 11 is refused and pointed at the upgrade, with no version of fullapi presented as "4"', () => {
  const root = temporaryTree({ ...artisan, 'composer.lock': composerLock('v11.9.0') });
  const result = readFramework(root, nodeFs);
  assert.is(result.framework, undefined);
  assert.equal(result.diagnostics.map((d) => d.code), ['unsupported_framework']);
  assert.match(result.diagnostics[0]?.message ?? '', 'Laravel 11');
  assert.match(result.diagnostics[0]?.message ?? '', 'Upgrade the application to Laravel 12');
  assert.not.match(result.diagnostics[0]?.message ?? '', /fullapi 4|3\.x/);
});

test('a constraint allowing 11 is refused too', () => {
  const root = temporaryTree({ 'composer.json': composerJson('^11.0|^12.0') });
  assert.equal(readFramework(root, nodeFs).diagnostics.map((d) => d.code), ['unsupported_framework']);
});

test('a directory that is not a Laravel project', () => {
  const root = temporaryTree({ 'composer.json': JSON.stringify({ require: { 'symfony/console': '^7.0' } }) });
  const result = readFramework(root, nodeFs);
  assert.equal(result.diagnostics.map((d) => d.code), ['not_a_laravel_project']);
  assert.match(result.diagnostics[0]?.message ?? '', root);
  assert.equal(readFramework(temporaryTree(), nodeFs).diagnostics.map((d) => d.code), ['not_a_laravel_project']);
});

test('malformed composer.json: unreadable_project_file at its line and column', () => {
  const root = temporaryTree({ ...artisan, 'composer.json': '{\n    "require": {\n        "laravel/framework": "^12.0",\n    }\n}\n' });
  const [diagnostic, ...others] = readFramework(root, nodeFs).diagnostics;
  assert.is(others.length, 0);
  assert.is(diagnostic?.code, 'unreadable_project_file');
  assert.equal(diagnostic?.span, { file: 'composer.json', line: 4, column: 5, endColumn: 6 });
  assert.is(diagnostic?.message, 'composer.json is not valid JSON: a comma before "}": JSON allows no trailing comma');
});

test('malformed composer.lock is an error, not a fallback', () => {
  const root = temporaryTree({ ...artisan, 'composer.json': composerJson('^12.0'), 'composer.lock': '{"packages": [' });
  const [diagnostic] = readFramework(root, nodeFs).diagnostics;
  assert.is(diagnostic?.code, 'unreadable_project_file');
  assert.is(diagnostic?.span?.file, 'composer.lock');
  assert.is(diagnostic?.span?.line, 1);
});

test('garbage in composer.lock, where V8 names no position: at its line and column', () => {
  const root = temporaryTree({ ...artisan, 'composer.json': composerJson('^12.0'), 'composer.lock': '{\n  "packages": [\n    garbage\n  ]\n}\n' });
  const [diagnostic, ...others] = readFramework(root, nodeFs).diagnostics;
  assert.is(others.length, 0);
  assert.is(diagnostic?.code, 'unreadable_project_file');
  assert.is(diagnostic?.message, 'composer.lock is not valid JSON: expected a value, found "g"');
  assert.equal(diagnostic?.span, { file: 'composer.lock', line: 3, column: 5, endColumn: 6 });
});

test.run();
