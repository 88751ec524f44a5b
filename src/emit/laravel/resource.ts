import type { Entity } from '../../ir/ir.generated.js';
import type { EmitContext } from '../context.js';
import { renderStubFiles, type EmitResult } from '../emit-result.js';
import { phpString, renderImports } from './php.js';

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
 * `app/Http/Resources/<Class>Resource.php`: `id` unless the key is custom (then the key is one of the fields),
 * every field, the timestamps, and `deleted_at` with soft deletes.
 */
export function emitResource(entity: Entity, ctx: EmitContext): EmitResult {
  const { className } = entity.naming;
  const attributes = [
    ...(entity.primaryKey.custom ? [] : [entity.primaryKey.column]),
    ...entity.fields.map((field) => field.name),
    'created_at',
    'updated_at',
    ...(entity.softDeletes ? ['deleted_at'] : []),
  ];
  return renderStubFiles(
    [
      {
        stub: 'resource',
        path: `app/Http/Resources/${resourceClassName(entity)}.php`,
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
          attributes: attributes.map((name) => `${phpString(name)} => ${read(name)},`).join('\n'),
        },
      },
    ],
    ctx,
  );
}

function read(attribute: string): string {
  return RESOURCE_PROPERTIES.includes(attribute) ? `$this->resource->${attribute}` : `$this->${attribute}`;
}
