import type { Entity } from '../../../ir/ir.generated.js';
import { camel } from '../../../passes/naming/str.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult } from '../../emit-result.js';
import { dtoProperty, valueFromValidated } from '../values/dto-types.js';
import { phpString, renderImports } from '../values/php-literals.js';
import { clientColumns } from '../values/relation-columns.js';
import { syncedRelations } from '../values/synced-relations.js';
import { partial } from '../values/stub-values/registry.js';

export const DTO_NAMESPACE = 'App\\DTO';

export function dtoClassName(entity: Entity): string {
  return `${entity.naming.className}DTO`;
}

/**
 * `app/DTO/<Class>DTO.php`: one nullable property per field and foreign key, named in camel case, built from
 * validated data with the keys the client sent, so that services save only those (`toArray()`).
 */
export function dtoPath(entity: Entity): string {
  return `app/DTO/${dtoClassName(entity)}.php`;
}

export function emitDto(entity: Entity, ctx: EmitContext): EmitResult {
  const properties = clientColumns(entity).map((field) => ({
    column: field.name,
    name: camel(field.name),
    fromValidated: valueFromValidated(field),
    ...dtoProperty(field),
  }));
  // Keys to sync, not columns: toArray() leaves them out and the service syncs them.
  const synced = syncedRelations(entity).map((sync) => ({
    name: sync.property,
    type: 'array',
    docType: sync.relatedKey.fieldType === 'bigint' || sync.relatedKey.fieldType === 'integer' ? 'list<int>' : 'list<string>',
    fromValidated: `isset($validated[${phpString(sync.input)}]) ? array_values((array) $validated[${phpString(sync.input)}]) : null`,
  }));
  const everyProperty = [...properties, ...synced];
  const className = dtoClassName(entity);
  return renderStubFiles(
    [
      {
        stub: 'dto',
        path: dtoPath(entity),
        artifact: 'DTO',
        values: {
          namespace: DTO_NAMESPACE,
          // toArray() filters with Arr::only, so the block is never empty.
          imports: renderImports(['Illuminate\\Support\\Arr', ...properties.flatMap((property) => property.imports)]),
          model: entity.naming.className,
          modelName: entity.naming.className,
          className,
          // Types PHP cannot declare natively (the items of an array), for static analysis.
          paramTags: partial('dto.param-tags', {
            properties: everyProperty.flatMap((property) => (property.docType === undefined ? [] : [{ type: property.docType, name: property.name }])),
          }),
          properties: partial('dto.properties', { properties: everyProperty.map(({ type, name }) => ({ type, name })) }),
          attributesFromValidated: everyProperty.map((property) => `${property.name}: ${property.fromValidated},`).join('\n'),
          attributes: properties.map((property) => `${phpString(property.column)} => $this->${property.name},`).join('\n'),
        },
      },
    ],
    ctx,
  );
}
