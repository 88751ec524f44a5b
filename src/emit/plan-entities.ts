import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { CheckedModel, Entity, ProjectFacts } from '../ir/ir.generated.js';
import type { FilePatch, PlanEntry } from '../plan/file-plan.js';
import type { PatchResult } from '../diagnostics/patch-result.js';
import type { RunMemo } from '../plan/run-memo.js';
import { codeNameProblems } from './code-names.js';
import { CLIENT_COLLECTION_PATH, patchClientCollection } from './client/postman-collection.js';
import { ENTITY_ARTIFACT_KINDS, type EntityArtifactKind } from './artifact-table.js';
import { ENTITY_ARTIFACTS, type EntityPlanning } from './artifacts.js';
import type { EmitContext } from './context.js';
import type { EmitResult } from './emit-result.js';
import { authFiles } from './laravel/artifacts/auth/auth-files.js';
import { addApiTokens, USER_MODEL_PATH } from './laravel/edits/api-tokens.js';
import { integratedArtifacts } from './laravel/artifacts/integration.js';
import { migrationTimestampAfter } from './laravel/artifacts/migration.js';
import { migrationTimestamps } from './laravel/values/migration-order.js';
import { morphAliases } from './laravel/values/morph-aliases.js';
import { emitPivotMigration } from './laravel/artifacts/pivot-migration.js';
import { emitDropPivotMigration } from './laravel/artifacts/drop-pivot-migration.js';
import type { ResourceRoute } from './laravel/edits/api-routes.js';
import { registerRoutes } from './laravel/edits/auth-routes.js';
import { registerApiRouting } from './laravel/edits/bootstrap-app.js';
import { registerGuestResponses } from './laravel/edits/guest-responses.js';
import { registerSeeders } from './laravel/edits/database-seeder.js';
import { registerMorphMap } from './laravel/edits/morph-map.js';
import { PEST_CONFIG_PATH, registerPestConfig } from './laravel/edits/pest-config.js';
import { newPhpParses, type PhpParses } from '../php/php-source.js';
import { defaultPageSize } from './laravel/values/test-values.js';
import { contextKey, entityKey, type EmitMemory } from './memory.js';
import { CLASS_DATA_PATH, newClassDataReadings, recordEntities, type ClassDataReadings } from './records/class-data.js';
import { newPreparedStubs } from './render-stub.js';

/**
 * The entities in the checked model's order (parents first), then the pivots. Each new migration is named so
 * that `migrate` creates every table after the tables it references (migration-order.ts). `modelEntities` are
 * every entity of the model, planned or not: an entity's client-collection folder makes rows of its parents.
 */
export function planEntities(model: CheckedModel, ctx: EmitContext, modelEntities: readonly Entity[] = model.entities): { plan: PlanEntry[]; diagnostics: Diagnostic[] } {
  const unsafe = codeNameProblems(model);
  if (unsafe.length > 0) return { plan: [], diagnostics: unsafe };
  const plan: PlanEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  const collect = (result: EmitResult): void => {
    if (result.ok) plan.push(...result.files);
    else diagnostics.push(...result.diagnostics);
  };
  const { memory } = ctx;
  const readings: Readings = {
    php: memory?.php ?? newPhpParses(),
    classData: memory?.classData ?? newClassDataReadings(),
    ...(memory === undefined ? {} : { registrations: memory.registrations }),
  };
  const planCtx: EmitContext = { ...ctx, preparedStubs: memory?.stubs ?? ctx.preparedStubs ?? newPreparedStubs() };
  const remembered = memory === undefined ? undefined : { memory, context: contextKey(ctx.project, ctx.stubs) };
  const order = migrationTimestamps(model, ctx);
  diagnostics.push(...order.diagnostics);
  const migrationCtx = (table: string): EmitContext => ({ ...planCtx, migrationTimestamp: order.timestamps.get(table) ?? ctx.migrationTimestamp });
  for (const [index, entity] of model.entities.entries()) {
    const entityCtx = migrationCtx(entity.naming.table);
    const entityMemo = remembered === undefined ? undefined : { ...remembered, entity: entityKey(entity) };
    const entityStart = plan.length;
    // After every table the run creates: the columns may reference any of them.
    const addColumnsCtx = { ...planCtx, migrationTimestamp: migrationTimestampAfter(ctx.migrationTimestamp, model.entities.length + model.pivots.length + index) };
    const integrated = entity.existing === undefined ? undefined : integratedArtifacts(entity, entity.existing, readings.php);
    const planning: EntityPlanning = { addColumnsCtx, ...(integrated === undefined ? {} : { integrated }) };
    for (const kind of ENTITY_ARTIFACT_KINDS) {
      const artifact = ENTITY_ARTIFACTS[kind];
      const variant = artifact.variant?.(entity, planning);
      if (variant !== undefined) {
        if (variant.ok) plan.push(...variant.entries);
        else diagnostics.push(...variant.diagnostics);
      } else if (entityMemo === undefined || !artifact.remembered) {
        collect(artifact.emit(entity, entityCtx));
      } else {
        collect(rememberedArtifact(entityMemo, kind, () => artifact.emit(entity, entityCtx)));
      }
    }
    diagnostics.push(...frameworkFileClashes(entity, plan.slice(entityStart)));
    // Where the report has always listed the edits: after the first entity's files.
    if (index === 0) plan.push(...registrationsOf(model.entities, modelEntities, readings, ctx.project));
  }
  memory?.artifacts.endRun();
  // The registrations are applied after the plan is made, when the files they edit are read: the last run's are at hand.
  memory?.registrations.endRun();
  const existingTables = new Set(modelEntities.filter((entity) => entity.tableExists === true).map((entity) => entity.naming.table));
  // The pivot between two of the database's own tables is the database's too (--from-database found it there).
  const migratedPivots = model.pivots.filter((pivot) => !pivot.sides.every((side) => existingTables.has(side.referencesTable)));
  for (const pivot of migratedPivots) collect(emitPivotMigration(pivot, migrationCtx(pivot.table)));
  const dropsCtx = { ...planCtx, migrationTimestamp: migrationTimestampAfter(ctx.migrationTimestamp, 2 * model.entities.length + model.pivots.length) };
  for (const pivot of model.droppedPivots ?? []) collect(emitDropPivotMigration(pivot, dropsCtx));
  // Once per run, for every entity that asks for --auth.
  const auth = authFiles(model.entities, planCtx);
  plan.push(...auth.files);
  diagnostics.push(...auth.diagnostics);
  return { plan, diagnostics };
}

/**
 * Files a Laravel application is made of, which fullapi edits or leaves alone but never generates: an entity
 * named `Database` would otherwise write its seeder over the application's `DatabaseSeeder`, even past
 * `--force`. A model of the application's own (`User`) is not among them: naming it is naming that file.
 */
const FRAMEWORK_FILES: ReadonlySet<string> = new Set([
  'app/Http/Controllers/Controller.php',
  'app/Providers/AppServiceProvider.php',
  'bootstrap/app.php',
  'bootstrap/providers.php',
  'database/seeders/DatabaseSeeder.php',
  'routes/api.php',
  'routes/console.php',
  'routes/web.php',
  'tests/TestCase.php',
]);

function frameworkFileClashes(entity: Entity, files: readonly PlanEntry[]): Diagnostic[] {
  return files
    .filter((file) => file.kind === 'file' && FRAMEWORK_FILES.has(file.path))
    .map((file) =>
      error(
        'framework_file',
        `the entity ${entity.naming.className} would write ${file.path}, a file of the Laravel application itself`,
        entity.span,
        `rename the entity (e.g. ${entity.naming.className}Entry)`,
      ),
    );
}

/** An artifact's files from the session's memory, or emitted and remembered; failures are not remembered. */
function rememberedArtifact(memo: { memory: EmitMemory; context: string; entity: string }, kind: EntityArtifactKind, emit: () => EmitResult): EmitResult {
  const key = `${kind}\u0000${memo.context}\u0000${memo.entity}`;
  const files = memo.memory.artifacts.lookup(key);
  if (files !== undefined) return { ok: true, files };
  const result = emit();
  if (result.ok) memo.memory.artifacts.set(key, result.files);
  return result;
}

/** What a watch session's runs keep of the files the registrations edit, as last read (see newPhpParses), and of the edits. */
interface Readings {
  php: PhpParses;
  classData: ClassDataReadings;
  registrations?: RunMemo<PatchResult>;
}

/**
 * Edits to files the user owns, one per file for all the entities, so that each file is read and written
 * once per run however many entities there are. Each is re-applied on every run and must be idempotent.
 */
function registrationsOf(entities: readonly Entity[], modelEntities: readonly Entity[], readings: Readings, project: ProjectFacts): FilePatch[] {
  const routes = entities.map(({ naming, softDeletes, options }): ResourceRoute => ({
    controllerClass: `${naming.className}Controller`,
    controllerNamespace: 'App\\Http\\Controllers',
    uriSegment: naming.routeSegment,
    routeParameter: naming.routeParameter,
    softDeletes,
    authenticated: options?.auth === true,
  }));
  const authenticated = entities.filter((entity) => entity.options?.auth === true);
  const count = entities.length === 1 ? 'one entity' : `${entities.length} entities`;
  const seeders = entities.map((entity) => `${entity.naming.className}Seeder`);
  const aliases = morphAliases(entities);
  const collected = entities.filter((entity) => entity.options?.clientCollection === true);
  // The same registrations of the same text give the same edit; the record changes with every entity's fields.
  const remembered =
    (what: string, apply: (existing: string | undefined) => PatchResult) =>
    (existing: string | undefined): PatchResult =>
      readings.registrations === undefined ? apply(existing) : readings.registrations.get(`${what}\u0000${existing === undefined ? 'absent' : `read\u0000${existing}`}`, () => apply(existing));
  return [
    {
      kind: 'patch',
      path: 'routes/api.php',
      artifact: 'Controller',
      describe: `register the resource routes of ${count}${authenticated.length === 0 ? '' : `, behind auth:sanctum for ${authenticated.map((entity) => entity.naming.className).join(', ')}`}`,
      apply: remembered(`routes\u0000${JSON.stringify(routes)}`, (existing) => registerRoutes(existing, routes, readings.php)),
    },
    {
      kind: 'patch',
      path: 'bootstrap/app.php',
      artifact: 'Controller',
      describe: 'load routes/api.php',
      apply: remembered('api routing', (existing) => registerApiRouting(existing, readings.php)),
    },
    ...authRegistrations(entities, readings, project, remembered),
    {
      kind: 'patch',
      path: 'database/seeders/DatabaseSeeder.php',
      artifact: 'Seeder',
      describe: `call the seeders of ${count}`,
      apply: remembered(`seeders\u0000${seeders.join('\u0000')}`, (existing) => registerSeeders(existing, seeders, readings.php)),
    },
    // Only for a model with morph owners: a project without one keeps its provider as it is.
    ...(aliases.length === 0
      ? []
      : [
          {
            kind: 'patch',
            path: 'app/Providers/AppServiceProvider.php',
            artifact: 'Model',
            describe: `map the morph aliases ${aliases.map(({ alias }) => alias).join(', ')}`,
            apply: remembered(`morph map\u0000${JSON.stringify(aliases)}`, (existing) => registerMorphMap(existing, aliases, readings.php)),
          } satisfies FilePatch,
        ]),
    // Only when asked for: the file is the user's to keep or delete.
    ...(collected.length === 0
      ? []
      : [
          {
            kind: 'patch',
            path: CLIENT_COLLECTION_PATH,
            artifact: 'Controller',
            describe: `add the requests of ${collected.map((entity) => entity.naming.className).join(', ')} to the API-client collection`,
            apply: (existing) => patchClientCollection(existing, collected, { pageSize: defaultPageSize(project), project, entities: modelEntities }),
          } satisfies FilePatch,
        ]),
    // Only with Pest tests (--expressive-tests): a PHPUnit project keeps its tests/ as it is.
    ...(entities.some((entity) => entity.options?.expressiveTests === true)
      ? [
          {
            kind: 'patch',
            path: PEST_CONFIG_PATH,
            artifact: 'FeatureTest',
            describe: 'bind the Pest tests to TestCase with RefreshDatabase',
            apply: remembered('pest config', (existing) => registerPestConfig(existing, readings.php)),
          } satisfies FilePatch,
        ]
      : []),
    {
      kind: 'patch',
      path: CLASS_DATA_PATH,
      artifact: null,
      describe: `record ${count}`,
      apply: (existing) => recordEntities(existing, entities, readings.classData),
    },
  ];
}

/**
 * With `--auth` on some entity: `bootstrap/app.php` answers guests of `api/*` with a JSON 401, and the project's
 * `User` gets `HasApiTokens`. A `User` entity that fullapi generates is a model of its own, edited in its emitter.
 */
function authRegistrations(
  entities: readonly Entity[],
  readings: Readings,
  project: ProjectFacts,
  remembered: (what: string, apply: (existing: string | undefined) => PatchResult) => (existing: string | undefined) => PatchResult,
): FilePatch[] {
  const asking = entities.find((entity) => entity.options?.auth === true);
  if (asking === undefined) return [];
  const generatesUser = entities.some((entity) => entity.naming.className === 'User' && entity.existing === undefined);
  const userPath = project.projectModels?.find((model) => model.className === 'User')?.path ?? USER_MODEL_PATH;
  return [
    {
      kind: 'patch',
      path: 'bootstrap/app.php',
      artifact: 'Controller',
      describe: 'answer requests to api/* without a token with a JSON 401',
      apply: remembered('guest responses', (existing) => registerGuestResponses(existing, readings.php)),
    },
    ...(generatesUser
      ? []
      : [
          {
            kind: 'patch',
            path: userPath,
            artifact: 'Model',
            describe: "give the project's User model Sanctum's HasApiTokens",
            apply: remembered(`api tokens\u0000${userPath}\u0000${JSON.stringify(asking.span)}`, (existing) => addApiTokens(existing, userPath, asking.span, readings.php)),
          } satisfies FilePatch,
        ]),
  ];
}
