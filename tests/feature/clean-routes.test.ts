import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { psr4Candidates, psr4Map } from '../../src/project/read/psr4.js';
import { copyExampleProject, readTree, runCli } from '../support/project-tree.js';

const WEB = String.raw`<?php

use App\Http\Controllers\GhostController;
use App\Http\Controllers\LiveController;
use Illuminate\Support\Facades\Route;

Route::get('/', fn () => view('welcome'));
Route::get('/ghosts', [GhostController::class, 'index']);
Route::get('/live', LiveController::class);
Route::get('/vendor', [Vendor\Package\Thing::class, 'show']);

require __DIR__.'/admin.php';
`;

const ADMIN = String.raw`<?php

use Illuminate\Support\Facades\Route;

Route::middleware('auth')->group(function () {
    Route::get('/admin', 'Admin\Controllers\PanelController@index');
});
`;

const LIVE = "<?php\n\nnamespace App\\Http\\Controllers;\n\nclass LiveController\n{\n}\n";

function projectWithStaleRoutes(): string {
  const project = copyExampleProject('laravel-12');
  const composer = JSON.parse(readFileSync(join(project, 'composer.json'), 'utf8')) as { autoload: { 'psr-4': Record<string, string> } };
  // A second PSR-4 root: the class is looked for where composer.json says, not under app/.
  composer.autoload['psr-4']['Admin\\'] = 'modules/admin/src/';
  writeFileSync(join(project, 'composer.json'), JSON.stringify(composer, null, 4));
  mkdirSync(join(project, 'app/Http/Controllers'), { recursive: true });
  writeFileSync(join(project, 'app/Http/Controllers/LiveController.php'), LIVE);
  writeFileSync(join(project, 'routes/web.php'), WEB);
  writeFileSync(join(project, 'routes/admin.php'), ADMIN);
  return project;
}

test('--dry-run lists each statement of a controller without a file at file:line, and writes nothing', async () => {
  const project = projectWithStaleRoutes();
  const before = readTree(project);
  const run = await runCli(['clean-routes', '--dry-run'], project);
  assert.is(run.exitCode, 0, run.stderr);
  assert.match(run.stderr, 'routes/web.php:8:1: this route names App\\Http\\Controllers\\GhostController, which has no file');
  assert.match(run.stderr, 'routes/admin.php:6:5: this route names Admin\\Controllers\\PanelController');
  assert.match(run.stderr, 'modules/admin/src/Controllers/PanelController.php');
  assert.not.match(run.stderr, 'LiveController');
  assert.not.match(run.stderr, 'Vendor\\Package', 'a class no PSR-4 prefix of the project covers is not judged');
  assert.equal(readTree(project), before);
});

test('removes them and their imports, the rest byte for byte; a second run has nothing to do', async () => {
  const project = projectWithStaleRoutes();
  const run = await runCli(['api-generator:clean-routes'], project);
  assert.is(run.exitCode, 0, run.stderr);
  assert.is(readFileSync(join(project, 'routes/web.php'), 'utf8'), WEB.replace('use App\\Http\\Controllers\\GhostController;\n', '').replace("Route::get('/ghosts', [GhostController::class, 'index']);\n", ''));
  // The group held only the stale route: it goes, and the Route import with it.
  assert.is(readFileSync(join(project, 'routes/admin.php'), 'utf8'), '<?php\n');
  const again = await runCli(['clean-routes'], project);
  assert.is(again.exitCode, 0);
  assert.is(again.stderr, '');
  assert.match(again.stdout, 'nothing to do');
});

test('a routes file that does not parse is a positioned error, and nothing is written', async () => {
  const project = projectWithStaleRoutes();
  writeFileSync(join(project, 'routes/admin.php'), "<?php\n\nRoute::get('/x', [A::class 'b']);\n");
  const before = readTree(project);
  const run = await runCli(['clean-routes', '--json'], project);
  assert.is(run.exitCode, 1);
  const report = JSON.parse(run.stdout) as { errors: { code: string; source?: { file: string; line: number } }[] };
  assert.equal(
    report.errors.map((e) => [e.code, e.source?.file, e.source?.line]),
    [['unparsable_php', 'routes/admin.php', 3]],
  );
  assert.equal(readTree(project), before);
});

test('PSR-4: the longest prefix first, autoload-dev too, every folder of a prefix', () => {
  const map = psr4Map({ autoload: { 'psr-4': { 'App\\': 'app/', 'App\\Admin\\': ['admin/', 'legacy/admin'] } }, 'autoload-dev': { 'psr-4': { 'Tests\\': 'tests/' } } });
  assert.equal(psr4Candidates(map, 'App\\Admin\\PanelController'), ['admin/PanelController.php', 'legacy/admin/PanelController.php', 'app/Admin/PanelController.php']);
  assert.equal(psr4Candidates(map, '\\Tests\\Feature\\X'), ['tests/Feature/X.php']);
  assert.equal(psr4Candidates(map, 'Vendor\\Thing'), []);
});

test.run();
