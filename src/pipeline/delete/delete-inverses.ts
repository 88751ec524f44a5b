import { error, hasErrors, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { CLASS_DATA_PATH, forgetEntities } from '../../emit/records/class-data.js';
import { readClassDataFile } from '../../frontends/schema/class-data-file.js';
import type { Entity, Relation, Span } from '../../ir/ir.generated.js';
import { relationTarget } from '../../ir/relations.js';
import { checkModel } from '../../passes/check.js';
import type { PlanEntry } from '../../plan/file-plan.js';
import type { ProjectSnapshot } from '../../project/read/read-project.js';
import type { FileChange } from '../../plan/file-change.js';
import { planGeneration } from '../make/plan-generation.js';

export interface InverseRegeneration {
  /** The remaining entities planned again, by class name. */
  entities: string[];
  plan: PlanEntry[];
  diagnostics: Diagnostic[];
}

/**
 * The remaining entities that lose a relation `make` added as the inverse of one a deleted entity declared
 * (a post's `comments()` for a comment's `post`), planned again from the record without the deleted entities:
 * their model, resource, tests and the rest no longer name a class that is gone. Only their own files: the
 * registrations (`registrations`: routes, seeder calls, the morph map, the record) are delete's to edit. A
 * model fullapi integrated rather than generated (the application's User, a table --add-fields altered) is
 * edited in place, which adds methods and never removes one: deleting what it relates to is refused.
 */
export function planInverseRegeneration(
  recordText: string,
  deleting: ReadonlySet<string>,
  remaining: readonly Entity[],
  context: { snapshot: ProjectSnapshot; now: Date; registrations: readonly string[]; spans: ReadonlyMap<string, Span>; entitySpan: Span },
): InverseRegeneration {
  const lostBy = (entity: Entity) => relationsTo(entity, deleting).filter(({ relation }) => relation.synthesized);
  const losing = remaining.filter((entity) => lostBy(entity).length > 0);
  if (losing.length === 0) return { entities: [], plan: [], diagnostics: [] };
  const forgotten = forgetEntities(recordText, [...deleting]);
  if (!forgotten.ok) return { entities: [], plan: [], diagnostics: forgotten.diagnostics };
  const source = readClassDataFile(CLASS_DATA_PATH, forgotten.content);
  const checked = source.model === undefined || hasErrors(source.diagnostics) ? undefined : checkModel(source.model);
  if (checked?.model === undefined) return { entities: [], plan: [], diagnostics: [...source.diagnostics, ...(checked?.diagnostics ?? [])] };
  const entities = losing.map((entity) => entity.naming.className);
  const generation = planGeneration({ model: checked.model, planned: entities, snapshot: context.snapshot, now: context.now });
  const integrated = generation.model.entities.flatMap((entity) => (entity.existing === undefined ? [] : [{ entity, model: entity.existing.model }]));
  const refused = integrated.flatMap(({ entity, model }) => {
    const before = losing.find((candidate) => candidate.naming.className === entity.naming.className);
    return (before === undefined ? [] : lostBy(before)).map(({ relation, target }) =>
      error(
        'entity_referenced',
        `${target} cannot be deleted while ${entity.naming.className}.${relation.name}() refers to it: fullapi edits ${model} in place, and an edit in place never removes a method`,
        context.spans.get(target) ?? context.entitySpan,
        `remove ${relation.name}() from ${model} by hand, then delete ${target}; or delete both together`,
      ),
    );
  });
  const registrations = new Set(context.registrations);
  return {
    entities,
    plan: generation.plan.filter((entry) => !registrations.has(entry.path)),
    diagnostics: [...source.diagnostics, ...checked.diagnostics, ...generation.diagnostics, ...refused],
  };
}

/**
 * A file of a regenerated entity that was edited by hand is kept, or merged with its new generation, and its
 * edits would keep naming a deleted class: the application would break where it is used. Refused unless
 * `--force`, which rewrites it.
 */
export function handEditedReferences(
  changes: readonly FileChange[],
  regenerated: ReadonlySet<string>,
  deleting: ReadonlySet<string>,
  spans: ReadonlyMap<string, Span>,
  entitySpan: Span,
): Diagnostic[] {
  const names = [...deleting];
  return changes
    .filter((change) => (change.action === 'kept' || change.action === 'merged') && regenerated.has(change.path))
    .flatMap((change) => {
      const text = change.action === 'kept' ? change.before : change.after;
      const named = names.filter((name) => new RegExp(`\\b${name}(?:Resource|Factory|Seeder|Service|DTO|Controller|Policy)?\\b`).test(text ?? ''));
      return named.map((name) =>
        error(
          'entity_referenced',
          `${name} cannot be deleted while ${change.path}, edited by hand and so ${change.action === 'kept' ? 'kept' : 'merged with its new generation'}, still names it`,
          spans.get(name) ?? entitySpan,
          `take ${name} out of ${change.path} by hand, or run with --force to rewrite it (your edits in it are lost)`,
        ),
      );
    });
}

/** The relations of an entity to the entities being deleted, each with its target. */
export function relationsTo(entity: Entity, deleting: ReadonlySet<string>): { relation: Relation; target: string }[] {
  return entity.relations.flatMap((relation) => {
    const target = relationTarget(relation);
    return target !== undefined && deleting.has(target) ? [{ relation, target }] : [];
  });
}
