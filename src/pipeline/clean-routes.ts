import { hasErrors, sortDiagnostics, warningAt, type Diagnostic } from '../diagnostics/diagnostic.js';
import { controllerRoutes, includedFiles, removeControllerRoutes, type ControllerRoute } from '../emit/laravel/removals/route-removal.js';
import { missingFile, newPhpParses, spanAt, start, type PhpFile } from '../php/php-source.js';
import type { FilePatch } from '../plan/file-plan.js';
import { resolvePlan } from '../project/resolve/resolve-plan.js';
import { readProject } from '../project/read/read-project.js';
import { nodeFs, type ProjectFs } from '../project/fs/project-fs.js';
import { leftoverWarnings } from '../project/write/leftovers.js';
import { applyChanges } from '../project/write/apply-changes.js';
import { readProjectText } from '../project/fs/project-file.js';
import { classesWithoutFile, readPsr4Map } from '../project/read/psr4.js';
import type { CommandOutcome } from './outcome.js';

export interface CleanRoutesRequest {
  projectRoot: string;
  dryRun: boolean;
}

/** The routes files Laravel loads; the files they include are read too. */
const ROUTES_FILES = ['routes/api.php', 'routes/web.php'];

/**
 * `fullapi clean-routes`: removes the route statements naming a controller class that has no file where
 * composer.json's PSR-4 autoload puts it (those make `php artisan route:list` fail), with the imports they
 * leave unused. Each statement is reported at its line, `--dry-run` or not.
 */
export function runCleanRoutes(request: CleanRoutesRequest, fs: ProjectFs = nodeFs): CommandOutcome {
  const project = readProject(request.projectRoot, fs);
  if (project.snapshot === undefined) return failed(project.diagnostics);
  const { snapshot } = project;
  const autoload = readPsr4Map(snapshot.root, fs);
  const routes = readRoutesFiles(snapshot.root, fs);
  const diagnostics = [...project.diagnostics, ...autoload.diagnostics, ...routes.diagnostics];
  if (autoload.map === undefined || hasErrors(diagnostics)) return failed(diagnostics);
  const found = routes.files.map((file) => ({ file, routes: controllerRoutes(file) }));
  const missing = classesWithoutFile(
    snapshot.root,
    fs,
    autoload.map,
    found.flatMap(({ routes: named }) => named.map((route) => route.controller)),
  );
  const parses = newPhpParses();
  const plan: FilePatch[] = [];
  for (const { file, routes: named } of found) {
    const stale = named.filter((route) => missing.has(route.controller));
    if (stale.length === 0) continue;
    diagnostics.push(...stale.map((route) => staleRoute(file, route, missing.get(route.controller) ?? '', request.dryRun)));
    const controllers = [...new Set(stale.map((route) => route.controller))];
    plan.push({
      kind: 'patch',
      path: file.path,
      artifact: null,
      describe: 'routes of controllers without a file',
      apply: (existing) =>
        existing === undefined
          ? missingFile(file.path, 'The file went away while fullapi read it; run fullapi clean-routes again.')
          : removeControllerRoutes(file.path, existing, controllers, parses),
    });
  }
  const resolved = resolvePlan(plan, snapshot, { force: false }, fs);
  diagnostics.push(...resolved.diagnostics);
  if (hasErrors(diagnostics)) return failed(diagnostics);
  if (request.dryRun) diagnostics.push(...leftoverWarnings(snapshot.leftovers, true));
  else diagnostics.push(...applyChanges(snapshot.root, resolved.changes, fs, snapshot.leftovers));
  if (hasErrors(diagnostics)) return failed(diagnostics);
  return { ok: true, changes: resolved.changes, diagnostics: sortDiagnostics(diagnostics) };
}

function failed(diagnostics: readonly Diagnostic[]): CommandOutcome {
  return { ok: false, changes: [], diagnostics: sortDiagnostics(diagnostics) };
}

function staleRoute(file: PhpFile, route: ControllerRoute, expected: string, dryRun: boolean): Diagnostic {
  const fate = dryRun ? 'would be removed' : 'was removed';
  const message = `this route names ${route.controller}, which has no file (composer.json's autoload expects ${expected}); the statement ${fate}`;
  return warningAt('stale_route', message, spanAt(file, start(route.statement)));
}

/** The routes files and, transitively, the project files they include; a file that does not parse is an error at its position. */
function readRoutesFiles(root: string, fs: ProjectFs): { files: PhpFile[]; diagnostics: Diagnostic[] } {
  const parses = newPhpParses();
  const files: PhpFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const queue = [...ROUTES_FILES];
  const seen = new Set<string>();
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    if (seen.has(path)) continue;
    seen.add(path);
    const read = readProjectText(root, path, fs);
    if (read.status === 'failed') diagnostics.push(read.diagnostic);
    if (read.status !== 'read') continue;
    const parsed = parses.parse(path, read.text);
    if (!parsed.ok) {
      diagnostics.push(parsed.diagnostic);
      continue;
    }
    files.push(parsed.value);
    queue.push(...includedFiles(parsed.value));
  }
  return { files, diagnostics };
}
