import type { Entity } from '../../ir/ir.generated.js';
import type { EmitContext } from '../context.js';
import { renderStubFiles, type EmitResult } from '../emit-result.js';
import { enumFieldsWithoutClass, factoryExpression, qualifiedEnumClass } from './field-types.js';
import { phpString, renderImports } from './php.js';
import { parentClassOf } from './relation-columns.js';

/**
 * `database/factories/<Class>Factory.php`: a value for every fillable column, the custom key included. A
 * foreign key gets its parent's factory, which Laravel creates (even for `make()`) and replaces by its key; a
 * reference of the entity to itself stays null, or every row would need another one first.
 */
export function emitFactory(entity: Entity, ctx: EmitContext): EmitResult {
  const problems = enumFieldsWithoutClass(entity);
  if (problems.length > 0) return { ok: false, diagnostics: problems };
  const { className } = entity.naming;
  const key = entity.primaryKey;
  const parents = entity.foreignKeys.map((foreignKey) => ({ column: foreignKey.column, parent: parentClassOf(entity, foreignKey) }));
  const imports = [
    `App\\Models\\${className}`,
    ...parents.flatMap(({ parent }) => (parent === undefined ? [] : [`App\\Models\\${parent}`])),
    'Illuminate\\Database\\Eloquent\\Factories\\Factory',
    ...entity.fields.filter((field) => field.type === 'enum').map(qualifiedEnumClass),
  ];
  const attributes = [
    ...parents.map(({ column, parent }) => `${phpString(column)} => ${parent === undefined ? 'null' : `${parent}::factory()`},`),
    ...entity.fields.map((field) => {
      const isPrimaryKey = key.custom && field.name === key.column;
      return `${phpString(field.name)} => ${factoryExpression(field, isPrimaryKey)},`;
    }),
  ];
  return renderStubFiles(
    [
      {
        stub: 'factory',
        path: `database/factories/${className}Factory.php`,
        artifact: 'Factory',
        values: {
          namespace: 'Database\\Factories',
          imports: renderImports(imports),
          model: className,
          className: `${className}Factory`,
          attributes: attributes.join('\n'),
        },
      },
    ],
    ctx,
  );
}
