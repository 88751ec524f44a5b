import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { CheckedModel, Entity, Pivot } from '../ir/ir.generated.js';
import { PHP_IDENTIFIER } from '../passes/php-names.js';

/**
 * The emitters' own guard, behind the front ends' validation. Names placed in PHP as code (classes, methods,
 * properties, variables, enum cases) cannot be escaped there, so each must be an identifier or nothing is
 * emitted. Names placed only inside string literals (tables, route segments) and free text (enum values,
 * defaults, rules) are escaped where they are placed and not checked here. A finding is fullapi's bug: the
 * validation before it should have refused the name with a position in the user's input.
 */
export function codeNameProblems(model: CheckedModel): Diagnostic[] {
  const named = [...model.entities.flatMap(entityCodeNames), ...model.pivots.flatMap(pivotCodeNames)];
  return named
    .filter(({ name }) => !PHP_IDENTIFIER.test(name))
    .map(({ name, role }) =>
      error(
        'internal_error',
        `fullapi was about to place ${JSON.stringify(name)} (${role}) in PHP code, where it is not a valid name; nothing was written. This is a bug in fullapi's validation: please report it with the input.`,
      ),
    );
}

interface CodeName {
  name: string;
  role: string;
}

function entityCodeNames(entity: Entity): CodeName[] {
  const { className, modelVariable, routeParameter, snake } = entity.naming;
  const of = (role: string) => (name: string | undefined): CodeName[] => (name === undefined ? [] : [{ name, role: `${role} of ${className}` }]);
  return [
    { name: className, role: 'an entity class' },
    ...of('the model variable')(modelVariable),
    ...of('the route parameter')(routeParameter),
    ...of('the snake case name')(snake),
    ...of('the primary key')(entity.primaryKey.column),
    ...of('the parent class')(entity.parent),
    ...entity.fields.flatMap((field) => [
      ...of('a field')(field.name),
      ...of('an enum class')(field.enumClass?.className),
      ...(field.enumClass?.cases ?? []).flatMap((enumCase) => of('an enum case')(enumCase.caseName)),
    ]),
    ...entity.relations.flatMap((relation) =>
      [relation.name, relation.target, relation.foreignKey, relation.ownerKey, relation.foreignPivotKey, relation.relatedPivotKey, relation.morphName].flatMap(
        of('a relation'),
      ),
    ),
    ...entity.foreignKeys.flatMap((foreignKey) => [foreignKey.column, foreignKey.referencesColumn, foreignKey.relation].flatMap(of('a foreign key'))),
    ...entity.morphs.flatMap(of('a morph')),
  ];
}

function pivotCodeNames(pivot: Pivot): CodeName[] {
  return pivot.sides.flatMap((side) => [side.entity, side.column, side.referencesColumn].map((name) => ({ name, role: `a column of the pivot ${pivot.table}` })));
}
