import { error, hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { CheckedModel, Entity, Field, Naming, SourceEntity, SourceModel } from '../ir/ir.generated.js';
import { enumClassOf } from './enums.js';
import { inheritFields } from './inheritance.js';
import { primaryKeyOf } from './keys.js';
import { nameEntity } from './naming.js';
import { markJsonApiTargets } from './relations/json-api-targets.js';
import { orderEntities } from './order.js';
import { indexProblems } from './indexes.js';
import { ownerProblems } from './owners.js';
import { relationKeys } from './relations/relation-keys.js';
import { queryChoiceProblems } from './index-query.js';
import { secretFlags } from './secrets.js';
import { synthesizeRelations } from './relations/relations.js';
import { validateNames } from './validate-names.js';

/**
 * The passes, in their fixed order: inheritance -> validate names -> naming -> keys -> enums and secrets (secrets.ts) ->
 * relations (synthesis, then their keys and pivots, then their owners), indexes (indexes.ts: they may name foreign keys) -> order -> JSON:API targets. The project's own models are lowered into the checked
 * model afterwards (existing-models.ts), by the make pipeline, which has read the project. Each stage runs only when the ones before it found no error, since working
 * on a broken model only adds noise.
 */
export function checkModel(declared: SourceModel): { model?: CheckedModel; diagnostics: Diagnostic[] } {
  const inherited = inheritFields(declared);
  const source = inherited.model;
  const diagnostics = [...inherited.diagnostics, ...validateNames(source)];
  if (hasErrors(diagnostics)) return { diagnostics };
  const entities: Entity[] = [];
  for (const sourceEntity of source.entities) {
    const checked = checkEntity(sourceEntity);
    diagnostics.push(...checked.diagnostics);
    if (checked.entity !== undefined) entities.push(checked.entity);
  }
  if (hasErrors(diagnostics)) return { diagnostics };
  const related = synthesizeRelations(source.entities, entities);
  diagnostics.push(...related.diagnostics);
  if (hasErrors(diagnostics)) return { diagnostics };
  const keyed = relationKeys(related.entities);
  diagnostics.push(...keyed.diagnostics, ...ownerProblems(keyed.entities), ...indexProblems(keyed.entities));
  if (hasErrors(diagnostics)) return { diagnostics };
  const ordered = orderEntities(keyed.entities);
  diagnostics.push(...ordered.diagnostics);
  if (hasErrors(diagnostics)) return { diagnostics };
  return { model: { entities: markJsonApiTargets(ordered.entities), pivots: keyed.pivots }, diagnostics };
}

/** Symfony's route compiler, which Laravel's router uses, refuses a `{wildcard}` longer than this. */
const MAX_ROUTE_PARAMETER_LENGTH = 32;

/** A route parameter too long for Symfony makes every route of the application answer 500, not only this entity's. */
function routeParameterProblems(naming: Naming, source: SourceEntity): Diagnostic[] {
  if (naming.routeParameter.length <= MAX_ROUTE_PARAMETER_LENGTH) return [];
  return [
    error(
      'invalid_entity_name',
      `entity name "${source.name}" gives the route parameter {${naming.routeParameter}}, ${naming.routeParameter.length} characters long; Laravel's router (Symfony's route compiler) accepts ${MAX_ROUTE_PARAMETER_LENGTH} at most`,
      source.span,
      'use a shorter entity name',
    ),
  ];
}

function checkEntity(source: SourceEntity): { entity?: Entity; diagnostics: Diagnostic[] } {
  const derived = nameEntity(source.name);
  const naming = source.table === undefined ? derived : { ...derived, table: source.table };
  const diagnostics: Diagnostic[] = [...routeParameterProblems(naming, source)];
  const fields: Field[] = source.fields.flatMap((sourceField): Field[] => {
    const column = {
      name: sourceField.name,
      nullable: sourceField.nullable,
      unique: sourceField.unique,
      ...(sourceField.index === true && !sourceField.unique ? { index: true } : {}),
      ...(sourceField.filterable === true ? { filterable: true } : {}),
      ...(sourceField.sortable === true ? { sortable: true } : {}),
      span: sourceField.span,
      ...secretFlags(sourceField.name, sourceField.type, sourceField.hidden === true),
      ...(sourceField.defaultValue === undefined ? {} : { defaultValue: sourceField.defaultValue }),
      ...(sourceField.rules === undefined || sourceField.rules.length === 0 ? {} : { rules: sourceField.rules }),
      ...(sourceField.renamedFrom === undefined ? {} : { renamedFrom: sourceField.renamedFrom }),
    };
    diagnostics.push(...queryChoiceProblems(sourceField, column.secret === true));
    if (sourceField.type !== 'enum') {
      const { size, min, max } = sourceField;
      return [{ ...column, type: sourceField.type, ...(size === undefined ? {} : { size }), ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) }];
    }
    const enumResult = enumClassOf(naming.className, sourceField);
    diagnostics.push(...enumResult.diagnostics);
    // Without its class the field is refused (bad_enum_values): the entity goes no further.
    return enumResult.enumClass === undefined ? [] : [{ ...column, type: 'enum', enumClass: enumResult.enumClass }];
  });
  return {
    entity: {
      naming,
      fields,
      relations: [],
      foreignKeys: [],
      morphs: [],
      primaryKey: primaryKeyOf(source),
      softDeletes: source.softDeletes,
      ...(source.options === undefined ? {} : { options: source.options }),
      span: source.span,
      ...(source.parent === undefined ? {} : { parent: nameEntity(source.parent).className }),
      ...(source.table === undefined ? {} : { table: source.table }),
      ...(source.timestamps === false ? { timestamps: false } : {}),
      ...(source.tableExists === true ? { tableExists: true } : {}),
      ...(source.foreignKeyIndexes === true ? { foreignKeyIndexes: true } : {}),
      ...(source.indexes === undefined ? {} : { indexes: source.indexes }),
    },
    diagnostics,
  };
}
