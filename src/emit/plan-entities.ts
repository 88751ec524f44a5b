import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { CheckedModel, Entity, ProjectFacts } from '../ir/ir.generated.js';
import type { FilePatch, PlanEntry } from '../plan/file-plan.js';
import { newRunMemos } from '../plan/run-memo.js';
import { codeNameProblems } from './code-names.js';
import { CLIENT_COLLECTION_PATH, patchClientCollection } from './client/postman-collection.js';
import { ENTITY_ARTIFACT_KINDS } from './artifact-table.js';
import { ENTITY_ARTIFACTS, type EntityPlanning } from './artifacts.js';
import type { EmitContext } from './context.js';
import type { EmitResult } from './emit-result.js';
import { authFiles } from './laravel/artifacts/auth/auth-files.js';
import { USER_MODEL_PATH } from './laravel/edits/api-tokens.js';
import { integratedArtifacts } from './laravel/artifacts/integration.js';
import { migrationTimestampAfter } from './laravel/artifacts/migration.js';
import { migrationTimestamps } from './laravel/values/migration-order.js';
import { morphAliases } from './laravel/values/morph-aliases.js';
import { emitPivotMigration } from './laravel/artifacts/pivot-migration.js';
import { emitDropPivotMigration } from './laravel/artifacts/drop-pivot-migration.js';
import type { ResourceRoute } from './laravel/edits/api-routes.js';
import { PEST_CONFIG_PATH } from './laravel/edits/pest-config.js';
import { defaultPageSize } from './laravel/values/test-values.js';
import { newEmitMemory, withoutPositions, type ArtifactInput, type EmitMemory } from './memory.js';
import { CLASS_DATA_PATH, recordEntities } from './records/class-data.js';

/**
 * The entities in the checked model's order (parents first), then the pivots. Each new migration is named so
 * that `migrate` creates every table after the tables it references (migration-order.ts). `modelEntities` are
 * every entity of the model, planned or not: an entity's client-collection folder makes rows of its parents.
 */
export function planEntities(
  model: CheckedModel,
  ctx: EmitContext,
  modelEntities: readonly Entity[] = model.entities,
  // A plan outside a watch session keeps what it computes for itself: the same code runs either way.
  memory: EmitMemory = newEmitMemory(newRunMemos(false), ctx.preparedStubs),
): { plan: PlanEntry[]; diagnostics: Diagnostic[] } {
  const unsafe = codeNameProblems(model);
  if (unsafe.length > 0) return { plan: [], diagnostics: unsafe };
  const plan: PlanEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  const collect = (result: EmitResult): void => {
    if (result.ok) plan.push(...result.files);
    else diagnostics.push(...result.diagnostics);
  };
  const planCtx: EmitContext = { ...ctx, preparedStubs: memory.stubs };
  const order = migrationTimestamps(model, ctx);
  diagnostics.push(...order.diagnostics);
  const migrationCtx = (table: string): EmitContext => ({ ...planCtx, migrationTimestamp: order.timestamps.get(table) ?? ctx.migrationTimestamp });
  const positionlessEntities = model.entities.map(withoutPositions);
  for (const [index, entity] of model.entities.entries()) {
    const entityCtx = migrationCtx(entity.naming.table);
    const positionless = positionlessEntities[index] ?? withoutPositions(entity);
    const entityStart = plan.length;
    // After every table the run creates: the columns may reference any of them.
    const addColumnsCtx = { ...planCtx, migrationTimestamp: migrationTimestampAfter(ctx.migrationTimestamp, model.entities.length + model.pivots.length + index) };
    const integrated = entity.existing === undefined ? undefined : integratedArtifacts(entity, entity.existing, memory.php, planCtx);
    const planning: EntityPlanning = { addColumnsCtx, ...(integrated === undefined ? {} : { integrated }) };
    for (const kind of ENTITY_ARTIFACT_KINDS) {
      const artifact = ENTITY_ARTIFACTS[kind];
      const variant = artifact.variant?.(entity, planning);
      if (variant !== undefined) {
        if (variant.ok) plan.push(...variant.entries);
        else diagnostics.push(...variant.diagnostics);
      } else if (artifact.remembered) {
        const migrationName = artifact.migrationName?.(entity, entityCtx);
        const input: ArtifactInput = { emitter: artifact.emit, entity: positionless, project: ctx.project, stubs: ctx.stubs, ...(migrationName === undefined ? {} : { migrationName }) };
        collect(rememberedArtifact(memory, input, () => artifact.emit(entity, entityCtx)));
      } else {
        collect(artifact.emit(entity, entityCtx));
      }
    }
    diagnostics.push(...frameworkFileClashes(entity, plan.slice(entityStart)));
    // Where the report has always listed the edits: after the first entity's files.
    if (index === 0) plan.push(...registrationsOf(model.entities, positionlessEntities, modelEntities, memory, ctx.project));
  }
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

/** An artifact's files from the memory; a failure says where, so it is emitted again from the entity with its positions. */
function rememberedArtifact(memory: EmitMemory, input: ArtifactInput, emitWithPositions: () => EmitResult): EmitResult {
  const result = memory.artifacts(input);
  return result.ok ? result : emitWithPositions();
}

/**
 * Edits to files the user owns, one per file for all the entities, so that each file is read and written
 * once per run however many entities there are. Each is re-applied on every run and must be idempotent.
 */
function registrationsOf(
  entities: readonly Entity[],
  positionlessEntities: readonly Entity[],
  modelEntities: readonly Entity[],
  memory: EmitMemory,
  project: ProjectFacts,
): FilePatch[] {
  const routes = entities.map(resourceRoute);
  const authenticated = entities.filter((entity) => entity.options?.auth === true);
  const count = entities.length === 1 ? 'one entity' : `${entities.length} entities`;
  const seeders = entities.map((entity) => `${entity.naming.className}Seeder`);
  const aliases = morphAliases(entities);
  const collected = entities.filter((entity) => entity.options?.clientCollection === true);
  return [
    {
      kind: 'patch',
      path: 'routes/api.php',
      artifact: 'Controller',
      describe: `register the resource routes of ${count}${authenticated.length === 0 ? '' : `, behind auth:sanctum for ${authenticated.map((entity) => entity.naming.className).join(', ')}`}`,
      apply: (existing) => memory.registrations({ edit: 'routes', routes, existing }),
    },
    {
      kind: 'patch',
      path: 'bootstrap/app.php',
      artifact: 'Controller',
      describe: 'load routes/api.php',
      apply: (existing) => memory.registrations({ edit: 'api routing', existing }),
    },
    ...authRegistrations(entities, memory, project),
    {
      kind: 'patch',
      path: 'database/seeders/DatabaseSeeder.php',
      artifact: 'Seeder',
      describe: `call the seeders of ${count}`,
      apply: (existing) => memory.registrations({ edit: 'seeders', seeders, existing }),
    },
    {
      kind: 'patch',
      path: 'app/Providers/AppServiceProvider.php',
      artifact: null,
      describe: `define the api rate limiter (60 requests a minute) unless the project has one${aliases.length === 0 ? '' : `, map the morph aliases ${aliases.map(({ alias }) => alias).join(', ')}`}`,
      apply: (existing) => memory.registrations({ edit: 'app provider', aliases, existing }),
    },
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
            apply: (existing) => memory.registrations({ edit: 'pest config', existing }),
          } satisfies FilePatch,
        ]
      : []),
    {
      kind: 'patch',
      path: CLASS_DATA_PATH,
      artifact: null,
      describe: `record ${count}`,
      // Not kept: the record changes with every entity's fields.
      apply: (existing) => recordEntities(existing, entities, memory.classData, (entity, index) => memory.recorded({ entity: positionlessEntities[index] ?? withoutPositions(entity) })),
    },
  ];
}

/**
 * `bootstrap/app.php` answers every error under `api/*` with JSON. With `--auth` on some entity it also answers
 * guests of `api/*` with a JSON 401, and the project's `User` gets `HasApiTokens`. A `User` entity that fullapi generates is a model of its own, edited in its emitter.
 */
function authRegistrations(entities: readonly Entity[], memory: EmitMemory, project: ProjectFacts): FilePatch[] {
  const asking = entities.find((entity) => entity.options?.auth === true);
  if (asking === undefined) {
    return [
      {
        kind: 'patch',
        path: 'bootstrap/app.php',
        artifact: 'Controller',
        describe: 'answer errors under api/* with JSON (a 404 naming no model), whatever the request accepts, and throttle api/*',
        apply: (existing) => memory.registrations({ edit: 'api defaults', existing }),
      },
    ];
  }
  const generatesUser = entities.some((entity) => entity.naming.className === 'User' && entity.existing === undefined);
  const userPath = project.projectModels?.find((model) => model.className === 'User')?.path ?? USER_MODEL_PATH;
  return [
    {
      kind: 'patch',
      path: 'bootstrap/app.php',
      artifact: 'Controller',
      describe: 'answer requests to api/* without a token with a JSON 401, errors with JSON (a 404 naming no model), and throttle api/*',
      apply: (existing) => memory.registrations({ edit: 'guest responses', existing }),
    },
    ...(generatesUser
      ? []
      : [
          {
            kind: 'patch',
            path: userPath,
            artifact: 'Model',
            describe: "give the project's User model Sanctum's HasApiTokens",
            apply: (existing) => memory.registrations({ edit: 'api tokens', path: userPath, asking: asking.span, existing }),
          } satisfies FilePatch,
        ]),
  ];
}

/** The routes `routes/api.php` registers for the entity. */
export function resourceRoute({ naming, softDeletes, options }: Entity): ResourceRoute {
  return {
    controllerClass: `${naming.className}Controller`,
    controllerNamespace: 'App\\Http\\Controllers',
    uriSegment: naming.routeSegment,
    routeParameter: naming.routeParameter,
    softDeletes,
    authenticated: options?.auth === true,
  };
}
