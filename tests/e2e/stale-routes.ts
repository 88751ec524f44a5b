import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCleanRoutes, type MakeReport } from './fullapi.js';
import type { PhpRunner } from './php-runner.js';

/**
 * Routes naming controllers that have no file, as a deleted entity leaves them: in routes/api.php (imported, in
 * the forms fullapi 3.x wrote) and in a group of routes/web.php. Laravel's route:list fails on them.
 */
const STALE_API = String.raw`
Route::apiResource('ghosts', App\Http\Controllers\GhostController::class);
Route::post('ghosts/{id}/restore', 'App\Http\Controllers\GhostController@restore');
`;
const STALE_WEB = String.raw`
Route::middleware('web')->group(function () {
    Route::get('/phantom', [App\Http\Controllers\PhantomController::class, 'show']);
});
`;

/** The stale routes break route:list; `fullapi clean-routes` removes them (and only them), and its report is returned. */
export async function cleanStaleRoutes(repo: string, app: string, php: PhpRunner): Promise<MakeReport> {
  const before = { api: readFileSync(join(app, 'routes/api.php'), 'utf8'), web: readFileSync(join(app, 'routes/web.php'), 'utf8') };
  appendFileSync(join(app, 'routes/api.php'), STALE_API);
  appendFileSync(join(app, 'routes/web.php'), STALE_WEB);
  const broken = await php.run(['artisan', 'route:list'], { cwd: app, timeoutMs: 120_000 });
  if (broken.status === 0) throw new Error('route:list worked with routes to controllers that have no file: the step proves nothing');
  const report = await runCleanRoutes(repo, app);
  const stale = report.warnings.filter((warning) => warning.code === 'stale_route').length;
  if (stale !== 3) throw new Error(`expected 3 stale_route warnings, got ${JSON.stringify(report.warnings)}`);
  for (const [file, text] of [
    ['routes/api.php', before.api],
    ['routes/web.php', before.web],
  ] as const) {
    const after = readFileSync(join(app, file), 'utf8');
    if (after !== text) throw new Error(`clean-routes left ${file} other than before the stale routes:\n${after}`);
  }
  return report;
}
