import type { Entity, Relation } from '../../../ir/ir.generated.js';
import { snake } from '../../../passes/naming/str.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult } from '../../emit-result.js';
import { completeReturnedArray } from '../edits/returned-array-edit.js';
import { readsMany } from '../values/model-relations.js';
import { writesJsonApi } from '../values/json-api.js';
import { phpString, renderImports } from '../values/php-literals.js';
import { morphColumns } from '../values/relation-columns.js';

export const RESOURCE_NAMESPACE = 'App\\Http\\Resources';

export function resourceClassName(entity: Entity): string {
  return `${entity.naming.className}Resource`;
}

/**
 * JsonResource's own public properties: `$this->resource` is the model itself, so an attribute of one of these
 * names is read from the model instead of through the resource's proxy.
 */
const RESOURCE_PROPERTIES = ['resource', 'with', 'additional'];

/**
 * Every attribute of a row as the resource answers it: `id` unless the key is custom (then the key is one of
 * the fields), the foreign keys and morph columns, every field but the secrets, the columns an existing model
 * shows besides, the timestamps, `deleted_at` with soft deletes.
 */
export function resourceAttributes(entity: Entity): string[] {
  return [
    ...(entity.primaryKey.custom ? [] : [entity.primaryKey.column]),
    ...entity.foreignKeys.map((foreignKey) => foreignKey.column),
    ...morphColumns(entity),
    ...entity.fields.filter((field) => field.secret !== true).map((field) => field.name),
    ...(entity.existing?.shownColumns ?? []).map((field) => field.name),
    ...(entity.timestamps === false ? [] : ['created_at', 'updated_at']),
    ...(entity.softDeletes ? ['deleted_at'] : []),
  ];
}

/**
 * `app/Http/Resources/<Class>Resource.php`: the attributes, then each relation once it is loaded (eager
 * loading decides; the resource never queries), under the key Eloquent's own `toArray()` gives it. A date is
 * answered as its day alone (`2026-01-31`): as a Carbon it would be midnight UTC, the day before west of it.
 */
export function resourcePath(entity: Entity): string {
  return `app/Http/Resources/${resourceClassName(entity)}.php`;
}

export function emitResource(entity: Entity, ctx: EmitContext): EmitResult {
  if (writesJsonApi(entity, ctx.project)) return emitJsonApiResource(entity, ctx);
  const { className } = entity.naming;
  const dates = new Map(entity.fields.filter((field) => field.type === 'date').map((field) => [field.name, field.nullable]));
  const attributes = resourceAttributes(entity).map((name) => {
    const nullable = dates.get(name);
    return `${phpString(name)} => ${nullable === undefined ? read(name) : `${read(name)}${nullable ? '?->' : '->'}format('Y-m-d')`},`;
  });
  const relations = entity.relations.map((relation) => `${phpString(answeredRelationName(relation.name, false))} => ${loaded(relation)},`);
  const path = resourcePath(entity);
  const rendered = renderStubFiles(
    [
      {
        stub: 'resource',
        path,
        artifact: 'Resource',
        values: {
          namespace: RESOURCE_NAMESPACE,
          // The model is named only by the @mixin tag, which lets IDEs type `$this->title`.
          imports: renderImports([
            `App\\Models\\${className}`,
            'Illuminate\\Http\\Request',
            'Illuminate\\Http\\Resources\\Json\\JsonResource',
          ]),
          model: className,
          className: resourceClassName(entity),
          attributes: [...attributes, ...relations].join('\n'),
          modelName: entity.naming.className,
          fields: [...attributes, ...relations].join('\n'),
        },
      },
    ],
    ctx,
  );
  if (!rendered.ok || entity.existing === undefined) return rendered;
  // A hand-edited resource of an integrated entity (--add-fields, the project's own model) gets the attributes it lacks.
  const editInPlace = (existing: string) => completeReturnedArray(existing, path, 'toArray', [...attributes, ...relations], []);
  return { ok: true, files: rendered.files.map((file) => ({ ...file, editInPlace })) };
}

/**
 * The JSON:API resource (`--json-api`): the attributes by name, read off the model by Laravel, and each
 * relation under its method's name, which `include` takes, through the related entity's own resource when that one
 * is JSON:API too, else through Laravel's own JsonApiResource (the model's visible attributes); a morphTo's parent
 * through the resource Laravel finds for its class. No in-place edit: a hand-edited one is kept.
 */
function emitJsonApiResource(entity: Entity, ctx: EmitContext): EmitResult {
  const relationships = entity.relations.map((relation) =>
    relation.kind === 'morphTo'
      ? `${phpString(relation.name)},`
      : `${phpString(relation.name)} => ${relation.targetJsonApi === true ? `${relation.target}Resource` : 'JsonApiResource'}::class,`,
  );
  return renderStubFiles(
    [
      {
        stub: 'resource.json-api',
        path: resourcePath(entity),
        artifact: 'Resource',
        values: {
          namespace: RESOURCE_NAMESPACE,
          imports: renderImports(['Illuminate\\Http\\Resources\\JsonApi\\JsonApiResource']),
          className: resourceClassName(entity),
          attributes: jsonApiAttributes(entity).map((name) => `${phpString(name)},`).join('\n'),
          relationships: relationships.join('\n'),
        },
      },
    ],
    ctx,
  );
}

/** The attributes of a JSON:API resource object: the resource's own but `id`, which the document answers beside them. */
export function jsonApiAttributes(entity: Entity): string[] {
  return resourceAttributes(entity).filter((name) => name !== JSON_API_ID);
}

/**
 * The name a resource answers a relation under, which `include` takes: the snake-case key of a standard
 * resource, the relation method of a JSON:API one (Laravel loads the relation by that name).
 */
export function answeredRelationName(relation: string, jsonApi: boolean): string {
  return jsonApi ? relation : snake(relation);
}

/** The member a JSON:API resource object answers its key under, which no attribute may be named. */
export const JSON_API_ID = 'id';

/**
 * A related model through its own resource (in this same namespace), a collection through `collection()`. A
 * morphTo's parent may be of any class: it is answered as the model's own array.
 */
function loaded(relation: Relation): string {
  const value = `$this->whenLoaded(${phpString(relation.name)})`;
  if (relation.kind === 'morphTo') return value;
  const resource = `${relation.target}Resource`;
  return readsMany(relation.kind) ? `${resource}::collection(${value})` : `${resource}::make(${value})`;
}

function read(attribute: string): string {
  return RESOURCE_PROPERTIES.includes(attribute) ? `$this->resource->${attribute}` : `$this->${attribute}`;
}
