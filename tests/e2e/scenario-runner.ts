import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { addFieldsToMigratedTable } from './add-fields-step.js';
import { throughArtisan } from './artisan-face.js';
import { changeMigratedSchema } from './schema-change-step.js';
import { checkDatabaseDriver, checkMorphMap, checkPint, checkRoutes, migrateFreshAndSeed, runGeneratedTests } from './app-checks.js';
import { type MakeReport, phpFilesTouched, runMake, runMakeFromDatabase, runMakeFromDiagram, runMakeFromOpenApi, runMakeFromSchema } from './fullapi.js';
import { checkTablesLeftAsTheyWere, createLegacyDatabase, useLegacyTestDatabase } from './legacy-database.js';
import { appKey, variantOf } from './app-variants.js';
import { copyApp } from './laravel-app.js';
import { analyse } from './larastan.js';
import { killMutations } from './mutations.js';
import { runPestTests } from './pest.js';
import { withSession } from './live-auth.js';
import { inertRateLimits, liveLimitChecks } from './live-limits.js';
import { EntityContract, type LiveOutcome, runLiveChecks } from './live-contract.js';
import { HOSTILE_CHECKS } from './live-hostile.js';
import { INDEX_CHECKS } from './live-index.js';
import { DELETE_CHECKS, REFUSED_UPDATE_CHECKS, WRITE_CHECKS } from './live-writes.js';
import { forgetCompiled, withServedApp } from './http.js';
import { documentedAnswers } from './openapi-answers.js';
import { installQueryCounter } from './live-stories.js';
import { checkMergedOverHttp, regenerateOverHandEdits } from './merge-step.js';
import { checkSeededRows } from './seeded-rows.js';
import type { DatabaseServer, Engine, ServerEngine } from './database-servers.js';
import { phpRunner, type FrameworkMajor } from './php-runner.js';
import type { EntityUnderTest, HandEdit, Scenario, Target } from './scenario.js';
import { deleteEverything, deleteOneOfThree } from './deletion.js';
import { cleanStaleRoutes } from './stale-routes.js';
import { runPage } from './docs-examples.js';
import { type DocumentationPage, documentationPages } from '../support/runnable-examples.js';

/**
 * One scenario from a fresh copy of the cached application to the last HTTP request. Each step records its
 * failures and the next steps still run, so that one run reports everything wrong; only a failed `make`
 * (nothing to check) or a failed migration (no database to serve) stops what depends on it.
 */

export interface RunContext {
  repo: string;
  /** The application each scenario starts from, by major and variant (app-variants.ts appKey). */
  apps: ReadonlyMap<string, string>;
  /** Where the scenarios' applications go; a failed scenario's is kept for a look. */
  workDir: string;
  pint: readonly string[];
  /** The database servers started for this run, for the scenarios that run on them. */
  servers: ReadonlyMap<ServerEngine, DatabaseServer>;
}

export interface ScenarioResult {
  name: string;
  failures: string[];
  notes: string[];
  seconds: number;
  app: string;
}

class StepRecorder {
  readonly failures: string[] = [];
  readonly notes: string[] = [];

  /** Runs a step; true when it passed. */
  async step(name: string, body: () => Promise<string | void>): Promise<boolean> {
    const started = Date.now();
    try {
      const note = await body();
      this.notes.push(`${name} (${seconds(started)}s)${note ? `: ${note}` : ''}`);
      return true;
    } catch (cause) {
      this.failures.push(`${name}: ${(cause as Error).message}`);
      return false;
    }
  }
}

function seconds(since: number): string {
  return ((Date.now() - since) / 1000).toFixed(1);
}

async function makeAll(ctx: RunContext, scenario: Scenario, app: string): Promise<MakeReport[]> {
  const reports: MakeReport[] = [];
  for (const stub of scenario.publishedStubs ?? []) {
    // Into the vendor folder the path names: fullapi's own, or the one the PHP generator published to.
    const target = join(app, stub.slice(stub.lastIndexOf('stubs/vendor/')));
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(ctx.repo, stub), target);
  }
  if (scenario.schemaFile !== undefined) {
    copyFileSync(join(ctx.repo, scenario.schemaFile), join(app, basename(scenario.schemaFile)));
    reports.push(await runMakeFromSchema(ctx.repo, app));
  }
  if (scenario.diagramFile !== undefined) {
    copyFileSync(join(ctx.repo, scenario.diagramFile), join(app, basename(scenario.diagramFile)));
    reports.push(await runMakeFromDiagram(ctx.repo, app, basename(scenario.diagramFile)));
  }
  if (scenario.openapiFile !== undefined) {
    copyFileSync(join(ctx.repo, scenario.openapiFile), join(app, basename(scenario.openapiFile)));
    reports.push(await runMakeFromOpenApi(ctx.repo, app, basename(scenario.openapiFile)));
  }
  if (scenario.legacyDatabase !== undefined) reports.push(await runMakeFromDatabase(ctx.repo, app, scenario.legacyDatabase.withMigrations));
  for (const entity of scenario.entities.filter((candidate) => candidate.fromSchema !== true)) reports.push(await runMake(ctx.repo, entity, app));
  return reports;
}

export function applyHandEdit(app: string, edit: HandEdit): void {
  const path = join(app, edit.file);
  const source = readFileSync(path, 'utf8');
  if (!source.includes(edit.after)) throw new Error(`${edit.file} has no "${edit.after.trim()}" to edit after`);
  writeFileSync(path, source.replace(edit.after, `${edit.after}${edit.line}`));
}

/** The second run keeps the edited file with a warning, leaves everything else as it was, and keeps the line. */
function checkEditKept(app: string, edit: HandEdit, reports: readonly MakeReport[]): void {
  const warned = reports.some((report) => report.warnings.some((warning) => warning.code === 'modified_file_kept' && warning.path === edit.file));
  if (!warned) throw new Error(`no modified_file_kept warning for ${edit.file}: ${JSON.stringify(reports.map((report) => report.warnings))}`);
  const changed = reports.flatMap((report) => report.files).filter((file) => file.action !== 'unchanged' && file.path !== edit.file);
  if (changed.length > 0) throw new Error(`the second run changed ${changed.map((file) => `${file.path} (${file.action})`).join(', ')}`);
  if (!readFileSync(join(app, edit.file), 'utf8').includes(edit.line)) throw new Error(`the hand edit of ${edit.file} is gone`);
}

/** Makes the generated policy refuse every update, as a user would to lock the action; returns its path in the app. */
function refuseUpdates(app: string, entity: EntityUnderTest): string {
  const policy = join('app', 'Policies', `${entity.entity}Policy.php`);
  const source = readFileSync(join(app, policy), 'utf8');
  const refusing = source.replace(/(public function update\([^)]*\): bool\s*\{\s*)return true;/, '$1return false;');
  if (refusing === source) throw new Error(`${policy} has no update() returning true to edit`);
  writeFileSync(join(app, policy), refusing);
  return policy;
}

/** The contract of each entity over HTTP; then, its policy edited to refuse updates, a 403 for an update, on the same server. */
async function liveChecks(repo: string, app: string, entities: readonly EntityUnderTest[], framework: FrameworkMajor, engine: Engine): Promise<string> {
  const outcomes: LiveOutcome[] = [];
  const documented = await documentedAnswers(repo, app);
  await withServedApp(
    app,
    framework,
    async (served) => {
      const contracts = await withSession(served, entities, async (api) => {
        const made = entities.map((entity) => new EntityContract(api, entity, engine === 'mariadb' ? 'ignoring case' : 'binary'));
        for (const contract of made) outcomes.push(await runLiveChecks(contract, [...WRITE_CHECKS, ...INDEX_CHECKS, ...HOSTILE_CHECKS, ...DELETE_CHECKS]));
        return made;
      });
      const policies = entities.map((entity) => refuseUpdates(app, entity));
      await forgetCompiled(repo, app, served, policies);
      await withSession(
        served,
        entities,
        async (api) => {
          for (const contract of contracts) outcomes.push(await runLiveChecks(contract.withApi(api), REFUSED_UPDATE_CHECKS));
        },
        { checked: false },
      );
    },
    documented,
  );
  const failures = outcomes.flatMap((outcome) => outcome.failures);
  if (failures.length > 0) throw new Error(`\n  ${failures.join('\n  ')}`);
  const ran = outcomes.reduce((sum, outcome) => sum + outcome.ran, 0);
  const signedIn = entities.some((entity) => entity.auth === true) ? ', with a Sanctum token between register/login and logout' : '';
  return `${ran} checks of ${entities.map((entity) => entity.entity).join(' and ')}${signedIn}, every answer as the OpenAPI document describes it`;
}

/**
 * The application on a database server: a database for the application and one for its tests, named after
 * the scenario, in `.env` and in phpunit.xml (whose SQLite in memory would otherwise win for the tests).
 */
function databaseName(runName: string): string {
  return runName.replace(/[^A-Za-z0-9]/g, '_').toLowerCase();
}

async function useServer(app: string, server: DatabaseServer, database: string): Promise<string> {
  await server.createDatabase(database);
  await server.createDatabase(`${database}_test`);
  const environmentPath = join(app, '.env');
  const environment = readFileSync(environmentPath, 'utf8');
  if (!environment.includes('DB_CONNECTION=sqlite\n')) throw new Error('.env has no DB_CONNECTION=sqlite line to replace');
  const settings = Object.entries(server.settings(database)).map(([key, value]) => `${key}=${value}`);
  writeFileSync(environmentPath, environment.replace('DB_CONNECTION=sqlite\n', `${settings.join('\n')}\n`));
  const phpunitPath = join(app, 'phpunit.xml');
  const phpunit = readFileSync(phpunitPath, 'utf8');
  const sqliteInMemory = /( *)<env name="DB_CONNECTION" value="sqlite"\/>\n *<env name="DB_DATABASE" value=":memory:"\/>\n/;
  const indent = sqliteInMemory.exec(phpunit)?.[1];
  if (indent === undefined) throw new Error('phpunit.xml has no SQLite-in-memory DB_CONNECTION and DB_DATABASE to replace');
  const testSettings = Object.entries(server.settings(`${database}_test`)).map(([key, value]) => `${indent}<env name="${key}" value="${value}" force="true"/>\n`);
  writeFileSync(phpunitPath, phpunit.replace(sqliteInMemory, testSettings.join('')));
  return `${server.version}, databases ${database} and ${database}_test`;
}

/** Each page with runnable examples in an application of its own under `app`, a step each; a page that passed leaves none. */
async function runDocumentationPages(ctx: RunContext, installed: string | undefined, app: string, steps: StepRecorder): Promise<void> {
  let pages: DocumentationPage[] = [];
  await steps.step('the runnable examples of docs/', async () => {
    pages = documentationPages(ctx.repo).filter((page) => page.examples.length > 0);
    return `${pages.reduce((sum, page) => sum + page.examples.length, 0)} on ${pages.length} pages`;
  });
  for (const page of pages) {
    const pageApp = join(app, page.page.replace(/^docs\//, '').replace(/\.md$/, '').replace(/\//g, '-'));
    const passed = await steps.step(page.page, async () => {
      if (installed === undefined) throw new Error('no Laravel 12 application was set up');
      return runPage(ctx.repo, installed, pageApp, page);
    });
    if (passed) rmSync(pageApp, { recursive: true, force: true });
  }
}

export function scenarioRunName(scenario: Scenario, target: Target): string {
  return target === 'sqlite' ? scenario.name : `${scenario.name} on ${target}`;
}

export async function runScenario(ctx: RunContext, scenario: Scenario, target: Target): Promise<ScenarioResult> {
  const started = Date.now();
  const name = scenarioRunName(scenario, target);
  const framework: FrameworkMajor = target === 'laravel-13' ? 13 : 12;
  const engine: Engine = target === 'laravel-13' ? 'sqlite' : target;
  const php = phpRunner(framework);
  const app = join(ctx.workDir, target === 'sqlite' ? scenario.name : `${scenario.name}-${target}`);
  const steps = new StepRecorder();
  const reports: MakeReport[] = [];
  const variant = variantOf(scenario);
  if (scenario.docsExamples === true) {
    await runDocumentationPages(ctx, ctx.apps.get(appKey(framework, variant)), app, steps);
    if (steps.failures.length === 0) rmSync(app, { recursive: true, force: true });
    return { name, failures: steps.failures, notes: steps.notes, seconds: (Date.now() - started) / 1000, app };
  }
  let copied = await steps.step('copy the application', async () => {
    const cached = ctx.apps.get(appKey(framework, variant));
    if (cached === undefined) throw new Error(`no Laravel ${framework} application (${variant}) was set up`);
    await copyApp(cached, app);
    inertRateLimits(app);
    const installed = variant === 'plain' ? [] : [`with ${variant.replace('+', ' and ')} installed`];
    return [...(framework === 12 ? [] : [`Laravel ${framework}, ${php.describe}`]), ...installed].join(', ') || undefined;
  });
  if (copied && engine !== 'sqlite') {
    const server = ctx.servers.get(engine);
    copied = await steps.step(`use ${engine}`, async () => {
      if (server === undefined) throw new Error(`no ${engine} server was started`);
      return useServer(app, server, databaseName(name));
    });
  }
  const legacy = scenario.legacyDatabase;
  if (copied && legacy !== undefined) copied = await steps.step('the legacy SQLite database', () => createLegacyDatabase(ctx.repo, app, legacy.sql));
  const made =
    copied &&
    (await steps.step(scenario.artisan === true ? 'the Composer package, then fullapi through php artisan alone' : 'fullapi make', async () => {
      let note: string | undefined;
      if (scenario.artisan === true) {
        const face = await throughArtisan(ctx.repo, app, scenario);
        reports.push(...face.reports);
        note = face.notes.join('; ');
      } else {
        reports.push(...(await makeAll(ctx, scenario, app)));
      }
      // Warnings about the input (a diagram's ignored styling) point into it; any other is about the project.
      const projectWarnings = reports.flatMap((report) => report.warnings).filter((warning) => warning.source === undefined);
      const expected = scenario.expectedWarnings ?? [];
      const absent = expected.filter((code) => !projectWarnings.some((warning) => warning.code === code));
      if (absent.length > 0) throw new Error(`the expected warnings ${absent.join(', ')} were not given`);
      const warnings = projectWarnings.filter((warning) => !expected.includes(warning.code));
      if (warnings.length > 0) throw new Error(`warnings on a fresh application: ${JSON.stringify(warnings)}`);
      return note;
    }));
  const regenerated = scenario.regeneratedSchemaFile;
  if (made && regenerated !== undefined) {
    await steps.step(`${regenerated}, then fullapi make again`, async () => {
      copyFileSync(join(ctx.repo, regenerated), join(app, basename(regenerated)));
      const again = await runMakeFromSchema(ctx.repo, app);
      if (again.warnings.length > 0) throw new Error(`warnings on the regeneration: ${JSON.stringify(again.warnings)}`);
      reports.push(again);
    });
  }
  const mergedEdits = scenario.handEditsMerged;
  if (made && mergedEdits !== undefined) {
    await steps.step(`hand edits, then ${mergedEdits.regeneratedSchemaFile} made over them: merged`, async () => {
      reports.push(await regenerateOverHandEdits(ctx.repo, app, mergedEdits));
    });
  }
  const edit = scenario.handEdit;
  if (made && edit !== undefined) {
    await steps.step(`hand edit of ${edit.file}, then fullapi make again`, async () => {
      applyHandEdit(app, edit);
      const again = await makeAll(ctx, scenario, app);
      checkEditKept(app, edit, again);
      reports.push(...again);
    });
  }
  const added = scenario.fieldsAddedLater;
  if (made && added !== undefined) {
    await steps.step(`rows, hand edits, fullapi make ${added.entity} --add-fields, php artisan migrate`, async () => {
      reports.push(await addFieldsToMigratedTable(ctx.repo, app, php, added));
    });
  }
  const schemaChange = scenario.schemaChange;
  if (made && schemaChange !== undefined) {
    await steps.step(`php artisan migrate, a row, ${schemaChange.schemaFile}, fullapi make, php artisan migrate, migrate:rollback`, async () => {
      reports.push(await changeMigratedSchema(ctx.repo, app, php, schemaChange));
    });
  }
  if (made && scenario.staleRoutes === true) {
    await steps.step('routes to controllers without a file, then fullapi clean-routes', async () => {
      reports.push(await cleanStaleRoutes(ctx.repo, app, php));
    });
  }
  if (made && scenario.deletion === true) {
    await steps.step('fullapi delete Author: refused while Book refers to it; fullapi delete Review: Book regenerated without reviews()', async () => {
      reports.push(...(await deleteOneOfThree(ctx.repo, app, php)));
    });
  }
  if (made) {
    // The legacy tables as they are: never migrated, the tests on a copy of them.
    const migrated =
      legacy !== undefined && !legacy.withMigrations
        ? await steps.step('no migration: the tests on a copy of the legacy database', async () => useLegacyTestDatabase(app))
        : await steps.step('php artisan migrate:fresh --seed', () => migrateFreshAndSeed(app, php));
    if (migrated && engine !== 'sqlite') await steps.step(`the tables are on ${engine}`, () => checkDatabaseDriver(app, engine, ['migrations']));
    const seededRows = scenario.seededRows;
    if (migrated && seededRows !== undefined) await steps.step('the rows seeded', () => checkSeededRows(app, php, seededRows));
    const tested =
      scenario.pest === true
        ? await steps.step('vendor/bin/pest', () => runPestTests(app, php))
        : await steps.step(framework === 12 ? 'php artisan test' : 'vendor/bin/phpunit', () => runGeneratedTests(app, php));
    if (tested && scenario.mutations !== undefined && engine === 'sqlite' && framework === 12) {
      const { of, tests } = scenario.mutations;
      await steps.step('mutations of the generated code', () => killMutations(app, php, of(), tests));
    }
    if (tested && legacy !== undefined && legacy.legacyTables.length > 0) {
      await steps.step('the tests left the legacy tables as they were', () => checkTablesLeftAsTheyWere(app, legacy.legacyTables));
    }
    if (tested && engine !== 'sqlite') {
      await steps.step(`the tests ran on ${engine}`, () => checkDatabaseDriver(app, engine, ['migrations'], `${databaseName(name)}_test`));
    }
    const files = phpFilesTouched(reports);
    // The code analysed is the same on every engine (families.ts).
    if (scenario.staticAnalysis === true && engine === 'sqlite') await steps.step('PHPStan with Larastan', () => analyse(app, php));
    await steps.step('pint --test', async () => {
      await checkPint(app, ctx.pint, files);
      return `${files.length} files`;
    });
    const morphMap = scenario.morphMap;
    if (morphMap !== undefined) await steps.step('the morph map of the booted application', () => checkMorphMap(app, morphMap, php));
    if (mergedEdits !== undefined) {
      if (migrated) await steps.step('live: the hand edits and the new generation, merged', () => checkMergedOverHttp(app, framework));
      else steps.failures.push('live: the hand edits and the new generation, merged: not run, the migration failed');
    }
    const story = scenario.story;
    if (story !== undefined) {
      if (migrated) {
        await steps.step(`live story: ${story.name}`, async () => {
          installQueryCounter(ctx.repo, app);
          const madeFrom = scenario.openapiFile === undefined ? undefined : join(ctx.repo, scenario.openapiFile);
          const documented = await documentedAnswers(ctx.repo, app, madeFrom);
          return withServedApp(app, framework, (api) => story.run(api, { path: app, php }), documented);
        });
      } else steps.failures.push(`live story: ${story.name}: not run, the migration failed`);
    }
    if (scenario.entities.length > 0) {
      await steps.step('php artisan route:list', () => checkRoutes(app, [...scenario.entities, ...(scenario.routedToo ?? [])], php));
      if (migrated) {
        await steps.step('live HTTP checks', () => liveChecks(ctx.repo, app, scenario.entities, framework, engine));
        if (scenario.rateLimits === true && framework === 12) await steps.step("live: the rate limits and the login's timing", () => liveLimitChecks(app, scenario.entities));
      } else steps.failures.push('live HTTP checks: not run, the migration failed');
    }
  }
  if (made && scenario.deletion === true) {
    await steps.step('fullapi delete (every entity), then route:list, migrate:fresh --seed and pint --test', async () => {
      const report = await deleteEverything(ctx.repo, app, php);
      const edited = phpFilesTouched([report]);
      await checkPint(app, ctx.pint, edited);
      return `${report.files.filter((file) => file.action === 'deleted').length} files deleted, ${edited.join(', ')} Pint-clean`;
    });
  }
  if (steps.failures.length === 0) rmSync(app, { recursive: true, force: true });
  return { name, failures: steps.failures, notes: steps.notes, seconds: (Date.now() - started) / 1000, app };
}
