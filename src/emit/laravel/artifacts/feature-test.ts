import type { Entity, Field, ForeignKey, HasRelation, MorphOwner, MorphToRelation, OnDelete, Relation } from '../../../ir/ir.generated.js';
import { snake } from '../../../passes/naming/str.js';
import { syncedRelations, type SyncedRelation } from '../values/synced-relations.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult, type StubFile } from '../../emit-result.js';
import { partial, type EmitterValues } from '../values/stub-values/registry.js';
import type { Check } from '../values/stub-values/tests.js';
import { phpString, phpStringBody, renderImports } from '../values/php-literals.js';
import { parentClassOf, writableColumns } from '../values/relation-columns.js';
import { FILTER_TYPE, indexQuery } from './service.js';
import type { FilterCaseValue } from '../values/stub-values/feature-test.js';
import { AUTH_USER_MODEL } from '../values/auth-user.js';
import { answeredRelationName } from './resource.js';
import { responseShape, type ResponseShape } from '../values/response-shape.js';
import { factoryBody, secretTestImports, secretTestValues, storeValues, testFactory } from '../values/secret-tests.js';
import { ownerOf } from '../values/owner.js';
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
  isCustomKey,
  phpLiteral,
  ruleViolations,
  sampleJson,
  sortField,
  sortPair,
  testVariable,
  unfilteredField,
  UNPRODUCED_VALUE,
  unsortedField,
  unproducedValue,
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
  const filtered = filterCases(entity);
  const owner = ownerOf(entity);
  const carbon = filtered.some((filter) => filter.stored.startsWith('Carbon::')) ? ['Illuminate\\Support\\Carbon'] : [];
  const relatedClasses = [restricted?.target, orphaned?.target, synced?.target, owned?.owner.className, ...filtered.map((filter) => filter.parent || undefined)].flatMap((related) =>
    related === undefined || related === className ? [] : [`App\\Models\\${related}`],
  );
  const imports = [
    `App\\Models\\${className}`,
    `App\\Policies\\${className}Policy`,
    AUTH_USER_MODEL,
    ...(usesArr ? [ARR] : []),
    ...secretTestImports(entity),
    ...relatedClasses,
    ...carbon,
    ...(included === undefined ? [] : ['Illuminate\\Support\\Facades\\DB']),
    ...(entity.options?.auth === true ? [AUTH_USER_MODEL, 'Laravel\\Sanctum\\Sanctum'] : []),
    // What the refusing policy's abilities answer when the policy's own answer an owner.
    ...(owner === undefined ? [] : ['Illuminate\\Auth\\Access\\Response']),
  ];
  const values: Omit<FeatureTestValues, 'imports'> = {
    model: className,
    factory: testFactory(entity),
    modelVariable: variable,
    routeSegment: phpStringBody(routeSegment),
    primaryKey,
    resourceKeys: shape.rowStructure,
    dataKey: phpStringBody(shape.key),
    keyCast: shape.keyCast,
    attributePrefix: phpStringBody(shape.attribute('')),
    shownJson: shape.resourceObject(variable, `json_decode($${variable}->refresh()->toJson(), true)`),
    updatedJson: shape.withAttributes('$payload'),
    perPage: String(defaultPageSize(ctx.project)),
    maxPerPage: String(ctx.project.maxPerPage),
    pageSizeOverCap: String(pageSizeOverCap(ctx.project)),
    simplePagination: entity.options?.simplePagination === true,
    ...filterValues(entity),
    filterCases: filtered,
    ...sortValues(entity, shape),
    ...unqueriedValues(entity),
    ...invalidValues(entity),
    ruleViolations: writableColumns(entity)
      .filter((field) => !isCustomKey(entity, field) && !entity.foreignKeys.some((key) => key.column === field.name))
      .flatMap((field) => ruleViolations(field).map((value) => ({ field: phpString(field.name), value }))),
    uniqueField: uniqueField(entity),
    ...unknownParentValues(entity),
    missingKey: missingKey(entity),
    ...storedValues(entity, shape),
    ...fieldCaseValues(entity),
    changedKey: phpLiteral(UNPRODUCED_VALUE[entity.primaryKey.fieldType] ?? 1),
    updatePayload: updatePayload(entity),
    ...patchValues(patched, shape),
    softDeletes: entity.softDeletes,
    // A soft delete leaves the children alone: the delete rule meets the force delete.
    deleteAction: entity.softDeletes ? 'force_delete' : 'destroy',
    deleteSuffix: entity.softDeletes ? ".'/force-delete'" : '',
    ...includeValues(included, entity, shape),
    ...syncValues(synced),
    ...morphValues(owned, shape),
    ...deleteRuleValues(restricted, orphaned, shape.jsonApi),
    ...authValues(entity),
    policy: `${className}Policy`,
    ownerRelation: owner?.name ?? '',
    ownerKey: owner === undefined ? '' : phpStringBody(owner.foreignKey),
  };
  const path = featureTestPath(entity);
  const cases = { model: className, factory: values.factory, modelVariable: variable, routeSegment: values.routeSegment, dataKey: values.dataKey, keyCast: values.keyCast, attributePrefix: values.attributePrefix };
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
  const value = field === undefined ? null : unproducedValue(field);
  const unknownField = phpStringBody(unknownFieldName(entity));
  if (field === undefined || value === null) return { ...absentCase('filterField', 'filterValue', 'filterQueryValue'), unknownField };
  return { filterField: phpStringBody(field.name), filterValue: phpLiteral(value), filterQueryValue: String(value), unknownField };
}

/**
 * The first column of each kind the index filters (FILTER_TYPE, an enum, a foreign key): the row filtered for
 * gets the value that sorts last, the other row the one that sorts first, so neither is left to chance (a
 * boolean has two values); a foreign key gets a new parent of its own.
 */
function filterCases(entity: Entity): FilterCaseValue[] {
  const kinds = new Set<string>();
  const filtered = new Set(indexQuery(entity).filters.map((filter) => filter.column));
  return writableColumns(entity).flatMap((field): FilterCaseValue[] => {
    const foreignKey = entity.foreignKeys.find((key) => key.column === field.name);
    const kind = foreignKey !== undefined ? 'foreign key' : field.type === 'enum' ? 'enum' : FILTER_TYPE[field.type];
    if (!filtered.has(field.name) || isCustomKey(entity, field) || kind === null || kinds.has(kind)) return [];
    const cases = filterCase(entity, field, foreignKey);
    if (cases.length > 0) kinds.add(kind);
    return cases;
  });
}

/** The case of one column, or none when no two values can tell its rows apart (a self-referencing key). */
function filterCase(entity: Entity, field: Field, foreignKey: ForeignKey | undefined): FilterCaseValue[] {
  if (foreignKey !== undefined) {
    const parent = parentClassOf(entity, foreignKey);
    return parent === undefined ? [] : [{ column: field.name, method: snake(field.name), value: '', stored: '$value', other: '', parent }];
  }
  const pair = field.type === 'uuid' ? UUID_PAIR : sortPair(field);
  if (pair === undefined) return [];
  const [other, value] = pair;
  // A Carbon, as factories and code write a date: Eloquent stores it with a time (`Y-m-d 00:00:00` on SQLite).
  const stored = field.type === 'date' ? 'Carbon::parse($value)' : '$value';
  return [{ column: field.name, method: snake(field.name), value: phpLiteral(value), stored, other: phpLiteral(other), parent: '' }];
}

/** Two UUIDs for the uuid filter case: no factory draws either. */
const UUID_PAIR = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'] as const;

/** A unique field whose value an update may send back as it is: text or a number, read back as sent. */
function uniqueField(entity: Entity): string {
  const field = entity.fields.find((candidate) => candidate.unique && !isCustomKey(entity, candidate) && candidate.secret !== true && ['string', 'text', 'integer', 'bigint'].includes(candidate.type));
  return field === undefined ? '' : phpStringBody(field.name);
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
  if (field === undefined || pair === undefined) return absentCase('sortField', 'sortLow', 'sortHigh', 'sortAssertion');
  const sorted = { routeSegment: phpStringBody(entity.naming.routeSegment), sortField: phpStringBody(field.name), dataKey: phpStringBody(shape.key), keyCast: shape.keyCast };
  return { sortField: sorted.sortField, sortLow: phpLiteral(pair[0]), sortHigh: phpLiteral(pair[1]), sortAssertion: partial('test.feature.sort-assertion', sorted) };
}

/** A field the entity's marks leave out of the filters, and one they leave out of the sorts; each absent without marks. */
function unqueriedValues(entity: Entity): Pick<FeatureTestValues, 'unfilteredField' | 'unfilteredValue' | 'unfilteredQueryValue' | 'unsortedField' | 'unsortedLow' | 'unsortedHigh'> {
  const filtered = unfilteredField(entity);
  const value = filtered === undefined ? null : UNPRODUCED_VALUE[filtered.type];
  const filterCase =
    filtered === undefined || value === null
      ? absentCase('unfilteredField', 'unfilteredValue', 'unfilteredQueryValue')
      : { unfilteredField: phpStringBody(filtered.name), unfilteredValue: phpLiteral(value), unfilteredQueryValue: String(value) };
  const sorted = unsortedField(entity);
  const pair = sorted === undefined ? undefined : sortPair(sorted);
  const sortCase =
    sorted === undefined || pair === undefined
      ? absentCase('unsortedField', 'unsortedLow', 'unsortedHigh')
      : { unsortedField: phpStringBody(sorted.name), unsortedLow: phpLiteral(pair[0]), unsortedHigh: phpLiteral(pair[1]) };
  return { ...filterCase, ...sortCase };
}

function invalidValues(entity: Entity): Pick<FeatureTestValues, 'invalidField' | 'invalidValue'> {
  const field = invalidField(entity);
  if (field === undefined) return absentCase('invalidField', 'invalidValue');
  return { invalidField: phpStringBody(field.name), invalidValue: phpLiteral(invalidInput(field)) };
}

/** A key no parent row has, for the first foreign key: the `exists` rule must answer 422, not the database 500. */
function unknownParentValues(entity: Entity): Pick<FeatureTestValues, 'unknownParentField' | 'unknownParentValue'> {
  // The owner's key has a rule of its own: another user's key is refused, whether a user has it or not.
  const foreignKey = entity.foreignKeys.find((key) => key.column !== ownerOf(entity)?.foreignKey);
  const value = foreignKey === undefined ? null : UNPRODUCED_VALUE[foreignKey.fieldType];
  if (foreignKey === undefined || value === null) return absentCase('unknownParentField', 'unknownParentValue');
  return { unknownParentField: phpStringBody(foreignKey.column), unknownParentValue: phpLiteral(value) };
}

/** The cases of one json and one datetime field, each absent without such a field. */
function fieldCaseValues(entity: Entity): Pick<FeatureTestValues, 'emptyJsonField' | 'offsetTimeField'> {
  const json = entity.fields.find((field) => field.type === 'json' && !field.nullable);
  const time = entity.fields.find((field) => field.type === 'datetime' || field.type === 'timestamp');
  return {
    ...(json === undefined ? absentCase('emptyJsonField') : { emptyJsonField: phpStringBody(json.name) }),
    ...(time === undefined ? absentCase('offsetTimeField') : { offsetTimeField: phpStringBody(time.name) }),
  };
}

function includeValues(included: Exclude<Relation, MorphToRelation> | undefined, entity: Entity, shape: ResponseShape): Pick<FeatureTestValues, 'includedRelation' | 'includedStructure'> {
  if (included === undefined) return absentCase('includedRelation', 'includedStructure');
  const name = answeredRelationName(included.name, shape.jsonApi);
  return { includedRelation: phpStringBody(name), includedStructure: shape.includedStructure(name, included.kind === 'belongsTo' && included.target !== entity.naming.className) };
}

function syncValues(synced: SyncedRelation | undefined): Pick<FeatureTestValues, 'syncedRelation' | 'syncedRelationSnake' | 'syncedModel' | 'syncedInput'> {
  if (synced === undefined) return absentCase('syncedRelation', 'syncedRelationSnake', 'syncedModel', 'syncedInput');
  return { syncedRelation: synced.relation, syncedRelationSnake: snake(synced.relation), syncedModel: synced.target, syncedInput: phpStringBody(synced.input) };
}

type MorphValueName = 'morphOwner' | 'morphName' | 'morphAlias' | 'morphInclude' | 'morphOwnerKey' | 'morphOwnerPath';

function morphValues(owned: ReturnType<typeof morphOwned>, shape: ResponseShape): Pick<FeatureTestValues, MorphValueName> {
  if (owned === undefined) return absentCase('morphOwner', 'morphName', 'morphAlias', 'morphInclude', 'morphOwnerKey', 'morphOwnerPath');
  const include = answeredRelationName(owned.relation, shape.jsonApi);
  return {
    morphOwner: owned.owner.className,
    morphName: phpStringBody(owned.morphName),
    morphAlias: phpStringBody(owned.owner.snake),
    morphInclude: phpStringBody(include),
    morphOwnerKey: phpStringBody(owned.owner.key),
    morphOwnerPath: phpStringBody(shape.relatedKey(include, owned.owner.key)),
  };
}

type DeleteRuleValueName = 'restrictedChild' | 'restrictedForeignKey' | 'restrictedRelation' | 'orphanedChild' | 'orphanedForeignKey';

function deleteRuleValues(restricted: HasRelation | undefined, orphaned: HasRelation | undefined, jsonApi: boolean): Pick<FeatureTestValues, DeleteRuleValueName> {
  return {
    ...(restricted === undefined
      ? absentCase('restrictedChild', 'restrictedForeignKey', 'restrictedRelation')
      : {
          restrictedChild: restricted.target,
          restrictedForeignKey: phpStringBody(restricted.foreignKey),
          restrictedRelation: phpStringBody(answeredRelationName(restricted.name, jsonApi)),
        }),
    ...(orphaned === undefined ? absentCase('orphanedChild', 'orphanedForeignKey') : { orphanedChild: orphaned.target, orphanedForeignKey: orphaned.foreignKey }),
  };
}

/**
 * The values of a case the entity does not have: each empty, which is how the stubs' `<% if (name) %>` tell an
 * absent case (FEATURE_TEST_VALUES declares it so), and what a published 4.0 stub already reads.
 */
function absentCase<Name extends keyof FeatureTestValues>(...names: Name[]): Record<Name, ''> {
  return Object.fromEntries(names.map((name) => [name, ''])) as Record<Name, ''>;
}

/** A fresh factory row as the body; a custom key stays out, so PUT does not move the row to another key. */
function updatePayload(entity: Entity): string {
  const made = factoryBody(entity);
  return entity.primaryKey.custom ? `Arr::except(${made}, [${phpString(entity.primaryKey.column)}])` : made;
}

function patchValues(field: Field | undefined, shape: ResponseShape): Pick<FeatureTestValues, 'patchFields' | 'patchAssertion' | 'patchedColumns'> {
  if (field === undefined) return absentCase('patchFields', 'patchAssertion', 'patchedColumns');
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
