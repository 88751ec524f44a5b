import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { nearestWord } from '../../diagnostics/nearest-word.js';
import type { SourceEntity, SourceModel, SourceRelation, Span } from '../../ir/ir.generated.js';
import type { DraftEntity, DraftRelation } from './lowering.js';

/**
 * The checks that need every entity of the file, the same for both formats: names declared twice,
 * relations to entities the file does not declare, a belongsToMany to its own entity with no pivot name.
 * What fails stays out of the model, so the passes after this one do not report it a second time.
 */
export function finishModel(drafts: readonly DraftEntity[]): { model: SourceModel; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  // PHP class and method names ignore case, so Post and post would be one class.
  const declared = new Map<string, DraftEntity>();
  for (const draft of drafts) {
    const folded = draft.entity.name.toLowerCase();
    const first = declared.get(folded);
    if (first === undefined) declared.set(folded, draft);
    else diagnostics.push(error('duplicate_entity', `entity ${draft.entity.name} is declared twice${firstAt(first.entity.name, first.entity.span)}`, draft.entity.span));
  }
  const names = [...declared.values()].map((draft) => draft.entity.name);
  const declaredNames = new Set(names);
  const entities: SourceEntity[] = [...declared.values()].map((draft) => {
    const relations: SourceRelation[] = [];
    const seen = new Map<string, SourceRelation>();
    for (const draftRelation of draft.relations) {
      const { relation } = draftRelation;
      const folded = relation.name.toLowerCase();
      const first = seen.get(folded);
      if (first !== undefined) {
        diagnostics.push(error('duplicate_relation', `relation ${relation.name} of ${draft.entity.name} is declared twice${firstAt(first.name, first.span)}`, relation.span));
        continue;
      }
      seen.set(folded, relation);
      const problem = targetProblem(draft.entity.name, draftRelation, names, declaredNames);
      if (problem === undefined) relations.push(relation);
      else diagnostics.push(problem);
    }
    return { ...draft.entity, relations };
  });
  return { model: { entities }, diagnostics };
}

/** A hint names a few entities: a list of thousands helps no one, and costs its length for every error. */
function listed(names: readonly string[]): string {
  const shown = 10;
  return names.length <= shown ? names.join(', ') : `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

function targetProblem(
  owner: string,
  { relation, targetSpan }: DraftRelation,
  names: readonly string[],
  declaredNames: ReadonlySet<string>,
): Diagnostic | undefined {
  const { target } = relation;
  if (target === undefined) return undefined;
  const span = targetSpan ?? relation.span;
  if (!declaredNames.has(target)) {
    // A one- or two-letter name is near every other short one: suggest only what is plausibly a typo.
    const suggestion = nearestWord(target, names, Math.min(2, Math.floor(target.length / 2)));
    return error(
      'unknown_entity',
      `relation ${relation.name} of ${owner} points to ${target}, which is not declared in this file${suggestion === undefined ? '' : `; did you mean ${suggestion}?`}`,
      span,
      names.length === 0 ? undefined : `entities: ${listed(names)}`,
    );
  }
  if (relation.kind === 'belongsToMany' && target === owner && relation.pivot === undefined) {
    return error(
      'self_pivot_without_name',
      `belongsToMany ${relation.name} relates ${owner} to itself: give its pivot table a name`,
      span,
      `write ${relation.name}: { kind: belongsToMany, target: ${owner}, pivot: <table> }`,
    );
  }
  return undefined;
}

function firstAt(name: string, span: Span): string {
  return span.line === undefined ? '' : ` (first as ${name} on line ${span.line})`;
}
