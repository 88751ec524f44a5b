import type { Entity } from '../../ir/ir.generated.js';
import { camel } from '../../passes/naming/str.js';
import type { EmitContext } from '../context.js';
import { renderStubFiles, type EmitResult } from '../emit-result.js';
import { dtoProperty, valueFromValidated } from './dto-types.js';
import { enumFieldsWithoutClass } from './field-types.js';
import { phpString, renderImports } from './php.js';
import { writableColumns } from './relation-columns.js';

export const DTO_NAMESPACE = 'App\\DTO';

export function dtoClassName(entity: Entity): string {
  return `${entity.naming.className}DTO`;
}

/**
 * `app/DTO/<Class>DTO.php`: one nullable property per field and foreign key, named in camel case, built from
 * validated data with the keys the client sent, so that services save only those (`toArray()`).
 */
export function emitDto(entity: Entity, ctx: EmitContext): EmitResult {
  const problems = enumFieldsWithoutClass(entity);
  if (problems.length > 0) return { ok: false, diagnostics: problems };
  const properties = writableColumns(entity).map((field) => ({
    column: field.name,
    name: camel(field.name),
    fromValidated: valueFromValidated(field),
    ...dtoProperty(field),
  }));
  const className = dtoClassName(entity);
  return renderStubFiles(
    [
      {
        stub: 'dto',
        path: `app/DTO/${className}.php`,
        artifact: 'DTO',
        values: {
          namespace: DTO_NAMESPACE,
          // toArray() filters with Arr::only, so the block is never empty.
          imports: renderImports(['Illuminate\\Support\\Arr', ...properties.flatMap((property) => property.imports)]),
          model: entity.naming.className,
          className,
          // Types PHP cannot declare natively (the items of an array), for static analysis.
          paramTags: properties
            .flatMap((property) => (property.docType === undefined ? [] : [`* @param  ${property.docType}|null  $${property.name}`]))
            .join('\n'),
          properties: properties.map((property) => `public ?${property.type} $${property.name} = null,`).join('\n'),
          attributesFromValidated: properties.map((property) => `${property.name}: ${property.fromValidated},`).join('\n'),
          attributes: properties.map((property) => `${phpString(property.column)} => $this->${property.name},`).join('\n'),
        },
      },
    ],
    ctx,
  );
}
