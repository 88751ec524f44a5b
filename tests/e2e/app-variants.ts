import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { copyApp, type CachedApp, publishBuild } from './laravel-app.js';
import { installPest } from './pest.js';
import { phpRunner, type FrameworkMajor } from './php-runner.js';
import { installLarastan } from './larastan.js';
import { installQueryBuilder } from './query-builder.js';
import { installSanctum } from './sanctum.js';
import type { Scenario } from './scenario.js';

/**
 * The applications the scenarios start from: the installed Laravel application of a major, or that
 * application with Pest, Sanctum or both, spatie/laravel-query-builder, or Larastan, installed as a user
 * installs them (pest.ts, sanctum.ts, query-builder.ts, larastan.ts). Each
 * variant is built once, from a copy of the installed application, and cached beside it under
 * `.cache/e2e/<application>-<variant>-<key>/`, the key a hash of the steps that build it; every scenario
 * that needs it starts from a copy, as from the plain application.
 */

export type Variant = 'plain' | 'pest' | 'sanctum' | 'pest+sanctum' | 'query-builder' | 'larastan' | 'larastan+sanctum';

export function variantOf(scenario: Scenario): Variant {
  if (scenario.queryBuilder === true) return 'query-builder';
  if (scenario.staticAnalysis === true) return scenario.sanctum === true ? 'larastan+sanctum' : 'larastan';
  if (scenario.pest === true) return scenario.sanctum === true ? 'pest+sanctum' : 'pest';
  return scenario.sanctum === true ? 'sanctum' : 'plain';
}

/** What the scenarios look the application up by, in RunContext.apps. */
export function appKey(framework: FrameworkMajor, variant: Variant): string {
  return `${framework}/${variant}`;
}

/** The modules whose steps build a variant: a change to either builds it again. */
const RECIPES = ['pest.ts', 'sanctum.ts', 'query-builder.ts', 'larastan.ts', 'app-variants.ts'];

function recipeKey(repo: string, variant: Variant): string {
  const hash = createHash('sha256').update(`${variant}\n`);
  for (const recipe of RECIPES) hash.update(readFileSync(join(repo, 'tests', 'e2e', recipe)));
  return hash.digest('hex').slice(0, 12);
}

/** Pest or Larastan first, then Sanctum, in a copy whose vendor/ becomes its own (laravel-app.ts ownVendor); or the query builder. */
async function install(repo: string, app: string, framework: FrameworkMajor, variant: Variant): Promise<void> {
  if (variant === 'query-builder') await installQueryBuilder(app, repo);
  if (variant === 'larastan' || variant === 'larastan+sanctum') await installLarastan(app);
  if (variant === 'pest' || variant === 'pest+sanctum') await installPest(app);
  if (variant === 'sanctum' || variant === 'pest+sanctum' || variant === 'larastan+sanctum') await installSanctum(app, phpRunner(framework));
}

/** The variant of an installed application, from the cache or built now (about ten seconds from Composer's cache). */
export async function variantApp(repo: string, installed: string, framework: FrameworkMajor, variant: Variant): Promise<CachedApp> {
  if (variant === 'plain') return { path: installed, reused: true };
  const prefix = `${basename(installed)}-${variant.replace('+', '-')}-`;
  const path = join(dirname(installed), `${prefix}${recipeKey(repo, variant)}`);
  if (existsSync(path)) return { path, reused: true };
  const building = `${path}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  try {
    await copyApp(installed, building);
    await install(repo, building, framework, variant);
  } catch (cause) {
    rmSync(building, { recursive: true, force: true });
    throw cause;
  }
  publishBuild(building, path);
  removeOtherBuilds(path, prefix);
  return { path, reused: false };
}

/** Removes the builds of this variant from older steps; a build under way in another run is left alone. */
function removeOtherBuilds(path: string, prefix: string): void {
  for (const name of readdirSync(dirname(path))) {
    if (name.startsWith(prefix) && !name.includes('.building-') && join(dirname(path), name) !== path) rmSync(join(dirname(path), name), { recursive: true, force: true });
  }
}
