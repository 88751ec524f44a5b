import type { Entity, EnumClass } from '../../../ir/ir.generated.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult, type StubFile } from '../../emit-result.js';
import { ENUM_NAMESPACE } from '../values/field-types.js';
import { phpString } from '../values/php-literals.js';
import { partial } from '../values/stub-values/registry.js';

/** `app/Enums/<Entity><Field>.php`, one string-backed enum per enum field; they are regenerated with the Model. */
export function enumPath(enumClass: EnumClass): string {
  return `app/Enums/${enumClass.className}.php`;
}

export function emitEnums(entity: Entity, ctx: EmitContext): EmitResult {
  const enumClasses = entity.fields.flatMap((field) => (field.type === 'enum' ? [field.enumClass] : []));
  return renderStubFiles(enumClasses.map(enumFile), ctx);
}

function enumFile(enumClass: EnumClass): StubFile {
  return {
    stub: 'enum',
    path: enumPath(enumClass),
    artifact: 'Model',
    values: {
      namespace: ENUM_NAMESPACE,
      className: enumClass.className,
      cases: partial('enum.cases', { cases: enumClass.cases.map((enumCase) => ({ name: enumCase.caseName, value: phpString(enumCase.value) })) }),
    },
  };
}
