import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import type { CheckedModel, Entity, FieldType, RelationKind, SourceEntity, SourceField, SourceRelation } from '../../src/ir/ir.generated.js';
import { checkModel } from '../../src/passes/check.js';

/**
 * Hand-written source models, as a front end would lower them, and the checked IR the real passes make of
 * them: tests of passes and emitters share them, so no test depends on a front end.
 */

export function sourceField(name: string, type: FieldType = 'string', options: Partial<SourceField> = {}): SourceField {
  return { name, type, nullable: false, unique: false, primary: false, span: { file: 'api-schema.yaml' }, ...options };
}

/** `relation('posts', 'hasMany', 'Post')`; the span's line tells relations apart in diagnostics. */
export function relation(name: string, kind: RelationKind, target?: string, pivot?: string): SourceRelation {
  const built: SourceRelation = { name, kind, span: { file: 'api-schema.yaml', line: lineOf(name) } };
  if (target !== undefined) built.target = target;
  if (pivot !== undefined) built.pivot = pivot;
  return built;
}

/** A stable line per relation name, so a test can check which relation a diagnostic points at. */
function lineOf(name: string): number {
  return [...name].reduce((sum, character) => sum + character.charCodeAt(0), 0);
}

export function sourceEntity(name: string, fields: SourceField[], relations: SourceRelation[] = [], softDeletes = false): SourceEntity {
  return { name, fields, relations, softDeletes, span: { file: 'api-schema.yaml' } };
}

/** The checked model of a valid source; fails the test with the diagnostics otherwise. */
export function checked(entities: SourceEntity[]): CheckedModel {
  const result = checkModel({ entities });
  if (result.model === undefined) throw new Error(`the passes refused the model: ${JSON.stringify(result.diagnostics, null, 2)}`);
  return result.model;
}

export function diagnosticsOf(entities: SourceEntity[]): Diagnostic[] {
  return checkModel({ entities }).diagnostics;
}

export function entityOf(model: CheckedModel, className: string): Entity {
  const found = model.entities.find((entity) => entity.naming.className === className);
  if (found === undefined) throw new Error(`no entity ${className} in ${model.entities.map((e) => e.naming.className).join(', ')}`);
  return found;
}

/**
 * The representative blog: Category hasMany Post; Post belongsTo Country (custom key `code`), belongsToMany
 * Tag and morphMany Comment; Comment morphTo commentable; Category has a parent and children (a self-reference). Post is
 * declared first, so ordering has work to do.
 */
export function blogSource(): SourceEntity[] {
  return [
    sourceEntity(
      'Post',
      [sourceField('title'), sourceField('body', 'text', { nullable: true })],
      [relation('country', 'belongsTo', 'Country'), relation('tags', 'belongsToMany', 'Tag'), relation('comments', 'morphMany', 'Comment')],
    ),
    sourceEntity(
      'Category',
      [sourceField('name', 'string', { unique: true })],
      [relation('posts', 'hasMany', 'Post'), relation('parent', 'belongsTo', 'Category'), relation('children', 'hasMany', 'Category')],
    ),
    sourceEntity('Tag', [sourceField('label')]),
    sourceEntity('Comment', [sourceField('body', 'text')], [relation('commentable', 'morphTo')]),
    sourceEntity('Country', [sourceField('code', 'string', { primary: true }), sourceField('name')]),
  ];
}

export function blog(): CheckedModel {
  return checked(blogSource());
}

/** What the passes before the relations make of a source: named and keyed entities, in source order. */
export function entitiesBeforeRelations(entities: SourceEntity[]): Entity[] {
  return checked(entities.map((entity) => ({ ...entity, relations: [] }))).entities;
}
