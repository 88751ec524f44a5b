import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { Entity } from '../ir/ir.generated.js';
import type { PlanEntry } from '../plan/file-plan.js';
import { ENTITY_ARTIFACT_KINDS, type EntityArtifactKind } from './artifact-table.js';
import type { EmitContext } from './context.js';
import type { EmitResult } from './emit-result.js';
import { controllerPath, emitController } from './laravel/artifacts/controller.js';
import { dtoPath, emitDto } from './laravel/artifacts/dto.js';
import { emitEnums, enumPath } from './laravel/artifacts/enum.js';
import { emitFactory, factoryPath } from './laravel/artifacts/factory.js';
import { emitFeatureTest, featureTestPath } from './laravel/artifacts/feature-test.js';
import type { IntegratedArtifacts } from './laravel/artifacts/integration.js';
import { emitMigration, migrationFileName } from './laravel/artifacts/migration.js';
import { emitModel, modelPath } from './laravel/artifacts/model.js';
import { emitPolicy, policyPath } from './laravel/artifacts/policy.js';
import { emitRequests, requestPaths } from './laravel/artifacts/requests.js';
import { emitResource, resourcePath } from './laravel/artifacts/resource.js';
import { emitSeeder, seederPath } from './laravel/artifacts/seeder.js';
import { emitService, servicePath } from './laravel/artifacts/service.js';
import { emitUnitTest, unitTestPath } from './laravel/artifacts/unit-test.js';
import { emitUpdateMigration } from './laravel/artifacts/update-migration.js';

/** What a row's variant knows besides the entity: when its migrations run, and what the project has of it. */
export interface EntityPlanning {
  /** After every table the run creates: a migration adding columns may reference any of them. */
  addColumnsCtx: EmitContext;
  /** The edits that stand for the generated files of a model the project already has (existing-models.ts). */
  integrated?: IntegratedArtifacts;
}

/** What a row plans instead of its generated files, for an entity whose table or model is the project's. */
export type ArtifactVariant = { ok: true; entries: PlanEntry[] } | { ok: false; diagnostics: Diagnostic[] };

export interface EntityArtifact {
  /** The files `make` writes, as `delete` finds them; migrations are found by their names instead. */
  paths(entity: Entity): string[];
  /** The generated files. */
  emit(entity: Entity, ctx: EmitContext): EmitResult;
  /** What stands for `emit`'s files when the project already has the entity's model or table; undefined when none does. */
  variant?(entity: Entity, planning: EntityPlanning): ArtifactVariant | undefined;
  /** Whether a watch session may reuse the files from one run to the next: not when they hold the run's timestamp. */
  remembered: boolean;
  /** The file name a create migration gets in this run, for its key: the files depend on the run only through it. */
  migrationName?(entity: Entity, ctx: EmitContext): string;
}

const planned = (result: EmitResult): ArtifactVariant => (result.ok ? { ok: true, entries: result.files } : result);

/**
 * The emitter and paths of every per-entity row of the artifact table (artifact-table.ts), in its order: a row
 * without its emitter does not compile.
 */
export const ENTITY_ARTIFACTS: Readonly<Record<EntityArtifactKind, EntityArtifact>> = {
  model: {
    paths: (entity) => [modelPath(entity)],
    emit: emitModel,
    variant: (_entity, { integrated }) => (integrated === undefined ? undefined : { ok: true, entries: [integrated.model] }),
    remembered: true,
  },
  enums: {
    paths: (entity) => entity.fields.flatMap((field) => (field.type === 'enum' ? [enumPath(field.enumClass)] : [])),
    emit: emitEnums,
    remembered: true,
  },
  migration: {
    paths: () => [],
    emit: emitMigration,
    variant: (entity, { integrated, addColumnsCtx }) => {
      if (integrated?.migration !== undefined) return planned(integrated.migration(addColumnsCtx));
      // The database's own table: no migration creates it, and none may drop it on a rollback.
      if (entity.tableExists === true) return { ok: true, entries: [] };
      // A migrated table keeps the create migration that ran, and gets a migration of the changes.
      if (entity.tableChange !== undefined) return planned(emitUpdateMigration(entity, entity.tableChange, addColumnsCtx));
      return undefined;
    },
    remembered: true,
    migrationName: (entity, ctx) => migrationFileName(entity.naming.table, ctx),
  },
  factory: {
    paths: (entity) => [factoryPath(entity)],
    emit: emitFactory,
    variant: (_entity, { integrated }) => (integrated?.factory === undefined ? undefined : { ok: true, entries: [integrated.factory] }),
    remembered: true,
  },
  seeder: { paths: (entity) => [seederPath(entity)], emit: emitSeeder, remembered: true },
  controller: { paths: (entity) => [controllerPath(entity)], emit: emitController, remembered: true },
  service: { paths: (entity) => [servicePath(entity)], emit: emitService, remembered: true },
  dto: { paths: (entity) => [dtoPath(entity)], emit: emitDto, remembered: true },
  requests: { paths: requestPaths, emit: emitRequests, remembered: true },
  resource: { paths: (entity) => [resourcePath(entity)], emit: emitResource, remembered: true },
  policy: { paths: (entity) => [policyPath(entity)], emit: emitPolicy, remembered: true },
  featureTest: { paths: (entity) => [featureTestPath(entity)], emit: emitFeatureTest, remembered: true },
  unitTest: { paths: (entity) => [unitTestPath(entity)], emit: emitUnitTest, remembered: true },
};

/** Every file `make` writes for the entity but its migrations, in the order it reports them: what `delete` removes. */
export function entityArtifactPaths(entity: Entity): string[] {
  return ENTITY_ARTIFACT_KINDS.flatMap((kind) => ENTITY_ARTIFACTS[kind].paths(entity));
}
