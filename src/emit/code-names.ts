import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { CheckedModel, Entity, Pivot, Relation } from '../ir/ir.generated.js';
import { PHP_IDENTIFIER } from '../passes/php-names.js';

/**
 * The emitters' own guard, behind the front ends' validation. Names placed in PHP as code (classes, methods,
 * properties, variables, enum cases) cannot be escaped there, so each must be an identifier or nothing is
 * emitted. Names placed only inside string literals (tables, route segments) and free text (enum values,
 * defaults, rules) are escaped where they are placed and not checked here. A finding is fullapi's bug: the
 * validation before it should have refused the name with a position in the user's input.
 */
export function codeNameProblems(model: CheckedModel): Diagnostic[] {
  const problems: Diagnostic[] = [];
  // Every plan checks thousands of names, nearly always all fine: a role is spelled out for a name that fails.
  const check: CheckName = (name, role, owner) => {
    if (name === undefined || PHP_IDENTIFIER.test(name)) return;
    problems.push(
      error(
        'internal_error',
        `fullapi was about to place ${JSON.stringify(name)} (${owner === undefined ? role : `${role} of ${owner}`}) in PHP code, where it is not a valid name; nothing was written. This is a bug in fullapi's validation: please report it with the input.`,
      ),
    );
  };
  for (const entity of model.entities) checkEntityCodeNames(entity, check);
  for (const pivot of model.pivots) checkPivotCodeNames(pivot, check);
  return problems;
}

/** Checks a name placed as code; `role` says what it is, of `owner` when given. */
type CheckName = (name: string | undefined, role: string, owner?: string) => void;

function checkEntityCodeNames(entity: Entity, check: CheckName): void {
  const { className, modelVariable, routeParameter, snake } = entity.naming;
  check(className, 'an entity class');
  check(modelVariable, 'the model variable', className);
  check(routeParameter, 'the route parameter', className);
  check(snake, 'the snake case name', className);
  check(entity.primaryKey.column, 'the primary key', className);
  check(entity.parent, 'the parent class', className);
  for (const field of entity.fields) {
    check(field.name, 'a field', className);
    if (field.type !== 'enum') continue;
    check(field.enumClass.className, 'an enum class', className);
    for (const enumCase of field.enumClass.cases) check(enumCase.caseName, 'an enum case', className);
  }
  for (const relation of entity.relations) {
    for (const name of relationNames(relation)) check(name, 'a relation', className);
  }
  for (const foreignKey of entity.foreignKeys) {
    for (const name of [foreignKey.column, foreignKey.referencesColumn, foreignKey.relation]) check(name, 'a foreign key', className);
  }
  for (const morph of entity.morphs) check(morph, 'a morph', className);
}

function checkPivotCodeNames(pivot: Pivot, check: CheckName): void {
  const role = `a column of the pivot ${pivot.table}`;
  for (const side of pivot.sides) for (const name of [side.entity, side.column, side.referencesColumn]) check(name, role);
}

/** Every name of a relation that its model's method or migration spells. */
function relationNames(relation: Relation): string[] {
  switch (relation.kind) {
    case 'belongsTo':
    case 'hasOne':
    case 'hasMany':
      return [relation.name, relation.target, relation.foreignKey, relation.ownerKey];
    case 'belongsToMany':
      return [relation.name, relation.target, relation.foreignPivotKey, relation.relatedPivotKey];
    case 'morphTo':
      return [relation.name, relation.morphName];
    case 'morphOne':
    case 'morphMany':
      return [relation.name, relation.target, relation.morphName];
  }
}
