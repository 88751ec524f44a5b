import type { Entity, Field, HasRelation, MorphOwner, MorphToRelation, OnDelete, Relation } from '../../../ir/ir.generated.js';
import { snake } from '../../../passes/naming/str.js';
import { syncedRelations } from '../values/synced-relations.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult, type StubFile } from '../../emit-result.js';
import { partial, type EmitterValues } from '../values/stub-values/registry.js';
import type { Check } from '../values/stub-values/tests.js';
import { phpString, phpStringBody, renderImports } from '../values/php-literals.js';
import { writableColumns } from '../values/relation-columns.js';
import { AUTH_USER_MODEL } from '../values/auth-user.js';
import { answeredRelationName } from './resource.js';
import { responseShape, type ResponseShape } from '../values/response-shape.js';
import { factoryBody, secretTestImports, secretTestValues, storeValues } from '../values/secret-tests.js';
import { shortName } from '../../../php/class-references.js';
import {
  databaseTestTrait,
  defaultPageSize,
  filterField,
  invalidField,
  invalidInput,
  missingKey,
  pageSizeOverCap,
  patchBody,
  patchedColumns,
  patchField,
  phpLiteral,
  sampleJson,
  sortField,
  sortPair,
  testVariable,
  UNPRODUCED_VALUE,
} from '../values/test-values.js';

const ARR = 'Illuminate\\Support\\Arr';

/**
 * `tests/Feature/<Class>ControllerTest.php`: the HTTP API end to end. Keys go through `getKey()` so custom
 * keys pass too. Responses are compared by key, with the body sent (loosely: a factory's float may come back
 * as an integer), or with the model's own JSON (strictly); only the patched field meets a hand-written JSON
 * value. No test creates more than two rows: a unique boolean has only two values. Pest tests
 * (`--expressive-tests`) keep the same path, so switching styles replaces the file rather than doubling it.
 */
export function featureTestPath(entity: Entity): string {
  return `tests/Feature/${entity.naming.className}ControllerTest.php`;
}

export function emitFeatureTest(entity: Entity, ctx: EmitContext): EmitResult {
  const { className, routeSegment } = entity.naming;
  const variable = testVariable(entity);
  const primaryKey = phpStringBody(entity.primaryKey.column);
  const shape = responseShape(entity, ctx.project);
  const patched = patchField(entity);
  const usesArr = patched !== undefined || entity.primaryKey.custom || shape.jsonApi;
  const restricted = childOfRule(entity, 'restrict');
  const orphaned = childOfRule(entity, 'set_null');
  const included = includedRelation(entity);
  const [synced] = syncedRelations(entity);
  const owned = morphOwned(entity);
  const relatedClasses = [restricted?.target, orphaned?.target, synced?.target, owned?.owner.className].flatMap((related) =>
    related === undefined || related === className ? [] : [`App\\Models\\${related}`],
  );
  const imports = [
    `App\\Models\\${className}`,
    'Illuminate\\Support\\Facades\\Gate',
    ...(usesArr ? [ARR] : []),
    ...secretTestImports(entity),
    ...relatedClasses,
    ...(included === undefined ? [] : ['Illuminate\\Support\\Facades\\DB']),
    ...(entity.options?.auth === true ? [AUTH_USER_MODEL, 'Laravel\\Sanctum\\Sanctum'] : []),
  ];
  const values: Omit<FeatureTestValues, 'imports'> = {
    model: className,
    modelVariable: variable,
    routeSegment: phpStringBody(routeSegment),
    primaryKey,
    resourceKeys: shape.rowStructure,
    dataKey: phpStringBody(shape.key),
    keyCast: shape.keyCast,
    attributePrefix: phpStringBody(shape.attribute('')),
    shownJson: shape.resourceObject(variable, `json_decode($${variable}->fresh()->toJson(), true)`),
    updatedJson: shape.withAttributes('$payload'),
    perPage: String(defaultPageSize(ctx.project)),
    maxPerPage: String(ctx.project.maxPerPage),
    pageSizeOverCap: String(pageSizeOverCap(ctx.project)),
    ...filterValues(entity),
    ...sortValues(entity, shape),
    ...invalidValues(entity),
    ...unknownParentValues(entity),
    missingKey: missingKey(entity),
    ...storedValues(entity, shape),
    emptyJsonField: phpStringBody(entity.fields.find((field) => field.type === 'json' && !field.nullable)?.name ?? ''),
    offsetTimeField: phpStringBody(entity.fields.find((field) => field.type === 'datetime' || field.type === 'timestamp')?.name ?? ''),
    changedKey: phpLiteral(UNPRODUCED_VALUE[entity.primaryKey.fieldType] ?? 1),
    updatePayload: updatePayload(entity),
    ...patchValues(patched, shape),
    softDeletes: entity.softDeletes,
    // A soft delete leaves the children alone: the delete rule meets the force delete.
    deleteAction: entity.softDeletes ? 'force_delete' : 'destroy',
    deleteSuffix: entity.softDeletes ? ".'/force-delete'" : '',
    includedRelation: phpStringBody(included === undefined ? '' : answeredRelationName(included.name, shape.jsonApi)),
    includedStructure:
      included === undefined
        ? ''
        : shape.includedStructure(answeredRelationName(included.name, shape.jsonApi), included.kind === 'belongsTo' && included.target !== className),
    syncedRelation: synced?.relation ?? '',
    syncedRelationSnake: synced === undefined ? '' : snake(synced.relation),
    syncedModel: synced?.target ?? '',
    syncedInput: phpStringBody(synced?.input ?? ''),
    morphOwner: owned?.owner.className ?? '',
    morphName: phpStringBody(owned?.morphName ?? ''),
    morphAlias: phpStringBody(owned?.owner.snake ?? ''),
    morphInclude: phpStringBody(owned === undefined ? '' : answeredRelationName(owned.relation, shape.jsonApi)),
    morphOwnerKey: phpStringBody(owned?.owner.key ?? ''),
    morphOwnerPath: phpStringBody(owned === undefined ? '' : shape.relatedKey(answeredRelationName(owned.relation, shape.jsonApi), owned.owner.key)),
    restrictedChild: restricted?.target ?? '',
    restrictedForeignKey: phpStringBody(restricted?.foreignKey ?? ''),
    restrictedRelation: phpStringBody(restricted?.name ?? ''),
    orphanedChild: orphaned?.target ?? '',
    orphanedForeignKey: orphaned?.foreignKey ?? '',
    ...authValues(entity),
  };
  const path = featureTestPath(entity);
  const cases = { model: className, modelVariable: variable, routeSegment: values.routeSegment, dataKey: values.dataKey, keyCast: values.keyCast, attributePrefix: values.attributePrefix };
  const secrets = secretTestValues(entity, variable, shape);
  const destroyed: Check = { assert: entity.softDeletes ? 'softDeleted' : 'modelMissing', actual: `$${variable}` };
  // Pest's tests/Pest.php gives the folder its TestCase and RefreshDatabase (edits/pest-config.ts).
  const file: StubFile =
    entity.options?.expressiveTests === true
      ? {
          stub: 'test.feature.pest',
          path,
          artifact: 'FeatureTest',
          values: {
            ...values,
            imports: renderImports(imports),
            destroyAssertion: partial('test.assertions.pest', { checks: [destroyed] }),
            softDeleteTests: entity.softDeletes ? partial('test.feature.pest.soft-deletes', cases) : '',
            secretTests:
              secrets === undefined ? '' : partial('test.feature.pest.secrets', { ...secrets.values, storedChecks: partial('test.assertions.pest', { checks: secrets.storedChecks }) }),
          },
        }
      : {
          stub: 'test.feature',
          path,
          artifact: 'FeatureTest',
          values: {
            ...values,
            namespace: 'Tests\\Feature',
            imports: renderImports([...imports, databaseTestTrait(entity), 'Tests\\TestCase']),
            databaseTrait: shortName(databaseTestTrait(entity)),
            className: `${className}ControllerTest`,
            destroyAssertion: partial('test.assertions', { checks: [destroyed] }),
            softDeleteTests: entity.softDeletes ? partial('test.feature.soft-deletes', cases) : '',
            secretTests: secrets === undefined ? '' : partial('test.feature.secrets', { ...secrets.values, storedChecks: partial('test.assertions', { checks: secrets.storedChecks }) }),
          },
        };
  return renderStubFiles([file], ctx);
}

/** The values both styles share; the cases and checks each writes its own way are added per style. */
type FeatureTestValues = Omit<EmitterValues<'test.feature.pest'>, 'destroyAssertion' | 'softDeleteTests' | 'secretTests'>;

/**
 * The relation the include test loads: a belongsTo to another entity first (its factory makes the parent, so
 * the page has rows to load it for), then any other relation an eager load reads in one query but a
 * self-reference; a morphTo reads one per owner class.
 */
function includedRelation(entity: Entity): Exclude<Relation, MorphToRelation> | undefined {
  const readsInOneQuery = entity.relations.filter((relation): relation is Exclude<Relation, MorphToRelation> => relation.kind !== 'morphTo');
  // The factory leaves a self-reference empty, and Laravel runs no query for a belongsTo whose keys are all null.
  const selfReference = (relation: Relation): boolean => relation.kind === 'belongsTo' && relation.target === entity.naming.className;
  return (
    readsInOneQuery.find((relation) => relation.kind === 'belongsTo' && !selfReference(relation)) ??
    readsInOneQuery.find((relation) => !selfReference(relation)) ??
    readsInOneQuery[0]
  );
}

/** The first morphTo with an owner, and that owner: the store test attaches one by its alias. */
function morphOwned(entity: Entity): { relation: string; morphName: string; owner: MorphOwner } | undefined {
  for (const relation of entity.relations) {
    const owner = relation.kind === 'morphTo' ? relation.morphOwners[0] : undefined;
    if (relation.kind === 'morphTo' && owner !== undefined) return { relation: relation.name, morphName: relation.morphName, owner };
  }
  return undefined;
}

/**
 * The first hasOne or hasMany whose children's foreign key has the rule: the child a delete test creates.
 */
function childOfRule(entity: Entity, rule: OnDelete): HasRelation | undefined {
  return entity.relations.find((relation): relation is HasRelation => (relation.kind === 'hasOne' || relation.kind === 'hasMany') && relation.onDelete === rule);
}

/** Filter on a value no factory produces; with no such field, the stub checks that an unknown filter is ignored. */
function filterValues(entity: Entity): Pick<FeatureTestValues, 'filterField' | 'filterValue' | 'filterQueryValue' | 'unknownField'> {
  const field = filterField(entity);
  const value = field === undefined ? null : UNPRODUCED_VALUE[field.type];
  return {
    filterField: phpStringBody(field?.name ?? ''),
    filterValue: value === null ? '' : phpLiteral(value),
    filterQueryValue: value === null ? '' : String(value),
    unknownField: phpStringBody(unknownFieldName(entity)),
  };
}

function unknownFieldName(entity: Entity): string {
  let name = 'unknown';
  while (writableColumns(entity).some((field) => field.name === name)) name += '_field';
  return name;
}

/**
 * Both directions, each checked by the row it puts first: whatever order rows come in unsorted, one of the two
 * requests differs from it, and a page of one row (the project's default size may be 1) still shows it.
 */
function sortValues(entity: Entity, shape: ResponseShape): Pick<FeatureTestValues, 'sortField' | 'sortLow' | 'sortHigh' | 'sortAssertion'> {
  const field = sortField(entity);
  const pair = field === undefined ? undefined : sortPair(field);
  if (field === undefined || pair === undefined) return { sortField: '', sortLow: '', sortHigh: '', sortAssertion: '' };
  const sorted = { routeSegment: phpStringBody(entity.naming.routeSegment), sortField: phpStringBody(field.name), dataKey: phpStringBody(shape.key), keyCast: shape.keyCast };
  return { sortField: sorted.sortField, sortLow: phpLiteral(pair[0]), sortHigh: phpLiteral(pair[1]), sortAssertion: partial('test.feature.sort-assertion', sorted) };
}

function invalidValues(entity: Entity): Pick<FeatureTestValues, 'invalidField' | 'invalidValue'> {
  const field = invalidField(entity);
  return { invalidField: phpStringBody(field?.name ?? ''), invalidValue: field === undefined ? '' : phpLiteral(invalidInput(field)) };
}

/** A key no parent row has, for the first foreign key: the `exists` rule must answer 422, not the database 500. */
function unknownParentValues(entity: Entity): Pick<FeatureTestValues, 'unknownParentField' | 'unknownParentValue'> {
  const [foreignKey] = entity.foreignKeys;
  const value = foreignKey === undefined ? null : UNPRODUCED_VALUE[foreignKey.fieldType];
  if (foreignKey === undefined || value === null) return { unknownParentField: '', unknownParentValue: '' };
  return { unknownParentField: phpStringBody(foreignKey.column), unknownParentValue: phpLiteral(value) };
}

/** A fresh factory row as the body; a custom key stays out, so PUT does not move the row to another key. */
function updatePayload(entity: Entity): string {
  const made = factoryBody(entity);
  return entity.primaryKey.custom ? `Arr::except(${made}, [${phpString(entity.primaryKey.column)}])` : made;
}

function patchValues(field: Field | undefined, shape: ResponseShape): Pick<FeatureTestValues, 'patchFields' | 'patchAssertion' | 'patchedColumns'> {
  if (field === undefined) return { patchFields: '', patchAssertion: '', patchedColumns: '' };
  return {
    patchFields: patchBody(field),
    patchAssertion: `->assertJsonPath(${phpString(`data.${shape.attribute(field.name)}`)}, ${phpLiteral(sampleJson(field))})`,
    patchedColumns: patchedColumns(field),
  };
}

/** The store test's body, and what the answer shows of it under `data`. */
function storedValues(entity: Entity, shape: ResponseShape): { storePayload: string; storedJson: string; bodyEntries: string } {
  const { storePayload, storedJson, bodyEntries } = storeValues(entity);
  return { storePayload, storedJson: shape.withAttributes(storedJson), bodyEntries };
}

/**
 * `--auth`: every test acts as a user, but the one asking for 401. The tests of the user entity itself count
 * its rows, so they act as a user that is never saved.
 */
function authValues(entity: Entity): Pick<FeatureTestValues, 'auth' | 'actsAsUnsavedUser'> {
  const auth = entity.options?.auth === true;
  return { auth, actsAsUnsavedUser: auth && `App\\Models\\${entity.naming.className}` === AUTH_USER_MODEL };
}
