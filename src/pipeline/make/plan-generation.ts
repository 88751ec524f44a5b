import { hasErrors, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { type EmitContext } from '../../emit/context.js';
import { emitterStubs } from '../../emit/artifact-table.js';
import type { EmitMemory } from '../../emit/memory.js';
import { legacyEnumWarnings, legacyRequestWarnings } from '../../emit/legacy.js';
import { planEntities } from '../../emit/plan-entities.js';
import type { CheckedModel } from '../../ir/ir.generated.js';
import { lowerAddedFields, type AddedFields } from '../../passes/project/added-fields.js';
import { integrateExistingModels } from '../../passes/project/existing-models.js';
import { regenerationDiagnostics } from '../../passes/project/regeneration.js';
import { lowerTableChanges, type MigrationHistory } from '../../passes/project/table-changes.js';
import type { PlanEntry } from '../../plan/file-plan.js';
import type { ProjectSnapshot } from '../../project/read/read-project.js';

export interface GenerationRequest {
  /** The whole checked model: the entities planned read the others for their relations. */
  model: CheckedModel;
  /** The class names of the entities to plan; all of them when absent. */
  planned?: readonly string[];
  /** `make <Entity> --add-fields`: the fields whose columns the entity's table lacks. */
  addition?: AddedFields;
  /** The entities as class_data.json recorded them, for the warnings of what the plan takes away. */
  before?: CheckedModel;
  /** What decides between rewriting a create migration and a migration of the changes; without it, create migrations are rewritten. */
  migrations?: Omit<MigrationHistory, 'before'>;
  snapshot: ProjectSnapshot;
  /** The moment of the run; new migrations are named after it. */
  now: Date;
  memory?: EmitMemory;
}

export interface Generation {
  /** The planned entities, lowered into the project (its own models, the tables --add-fields altered). */
  model: CheckedModel;
  plan: PlanEntry[];
  diagnostics: Diagnostic[];
}

/**
 * The planned entities lowered into the project, then through the emitters into a file plan, with the warnings
 * of what the plan takes away or leaves behind. `make` resolves and writes the plan; `delete` plans with it the
 * entities that lose an inverse relation to an entity it deletes. No plan when a lowering finds an error.
 */
export function planGeneration(request: GenerationRequest): Generation {
  const { snapshot } = request;
  const integrated = lowerIntoProject(plannedPart(request.model, request.planned), snapshot, request.addition);
  const changed = request.migrations === undefined ? { model: integrated.model, diagnostics: [] } : lowerTableChanges(integrated.model, { ...request.migrations, ...(request.before === undefined ? {} : { before: request.before }) });
  const added = { model: changed.model, diagnostics: [...integrated.diagnostics, ...changed.diagnostics] };
  const stubs = emitterStubs(snapshot.stubs);
  const diagnostics = [...added.diagnostics, ...stubs.diagnostics];
  if (hasErrors(diagnostics) || stubs.stubs === undefined) return { model: added.model, plan: [], diagnostics };
  const ctx: EmitContext = {
    project: snapshot.facts,
    stubs: stubs.stubs,
    migrationTimestamp: migrationTimestamp(request.now),
    existingMigrations: snapshot.existingMigrations,
  };
  // The planned entities as lowered into the project, the others as the model has them.
  const lowered = new Map(added.model.entities.map((entity) => [entity.naming.className, entity]));
  const modelEntities = request.model.entities.map((entity) => lowered.get(entity.naming.className) ?? entity);
  const planned = planEntities(added.model, ctx, modelEntities, request.memory);
  diagnostics.push(
    ...planned.diagnostics,
    ...(request.before === undefined ? [] : regenerationDiagnostics(request.before, added.model.entities, request.migrations?.allowDataLoss === true)),
    ...legacyEnumWarnings(added.model, snapshot.existingEnums),
    ...legacyRequestWarnings(added.model, snapshot.existingRequests),
  );
  return { model: added.model, plan: planned.plan, diagnostics };
}

/** The entities as the project will have them: what the emitters and `fullapi openapi` read. */
export function lowerIntoProject(model: CheckedModel, snapshot: ProjectSnapshot, addition?: AddedFields): { model: CheckedModel; diagnostics: Diagnostic[] } {
  // The project's own models (Laravel's User) are integrated, not replaced: a lowering of the project facts into the entities.
  const integrated = integrateExistingModels(model, snapshot.facts.projectModels);
  // --add-fields, and a table it altered: the entity's migrated table and hand-edited files are integrated likewise.
  const added = lowerAddedFields(integrated.model, addition, snapshot.facts.alteredTables, snapshot.existingMigrations);
  return { model: added.model, diagnostics: [...integrated.diagnostics, ...added.diagnostics] };
}

/** The entities the input plans, and the pivot tables of their many-to-many relations: the rest of the model is context. */
function plannedPart(model: CheckedModel, planned: readonly string[] | undefined): CheckedModel {
  if (planned === undefined) return model;
  const names = new Set(planned);
  return { entities: model.entities.filter((entity) => names.has(entity.naming.className)), pivots: model.pivots.filter((pivot) => pivot.sides.some((side) => names.has(side.entity))) };
}

/** Laravel's `Y_m_d_His`, in UTC so a run gives the same names on every machine. */
export function migrationTimestamp(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getUTCFullYear()}_${pad(now.getUTCMonth() + 1)}_${pad(now.getUTCDate())}_${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}`;
}
