import { CLASS_VALUES, flag, list, partialBlock, text } from './declare.js';

/** A filter case of the feature tests: see FEATURE_TEST_VALUES.filterCases. */
export interface FilterCaseValue {
  column: string;
  /** The column as a test method's name has it: snake_case, as Pint's php_unit_method_casing wants (userStatus is user_status). */
  method: string;
  value: string;
  /** The PHP expression the row is made with, of `$value`: a date as a Carbon, as Eloquent writes most of them. */
  stored: string;
  other: string;
  parent: string;
}

/** A value a rule of a field refuses: see FEATURE_TEST_VALUES.ruleViolations. */
export interface RuleViolationValue {
  field: string;
  value: string;
}

/**
 * What both feature test stubs receive (PHPUnit's and Pest's): the HTTP API end to end. Names of columns and
 * paths are the inside of a single-quoted PHP string; an optional case's values are empty without it.
 */
export const FEATURE_TEST_VALUES = {
  imports: CLASS_VALUES.imports,
  model: text('The model class.'),
  factory: text("The factory the cases make rows with: `Post::factory()`; with an owner, the signed-in user's rows: `Post::factory()->for($this->owner, 'user')`."),
  modelVariable: text('The variable of the row under test, without `$`.'),
  routeSegment: text('The URL segment of the resource: `posts` in `/api/posts`.'),
  primaryKey: text('The key column.'),
  resourceKeys: text("The keys of a row in `assertJsonStructure()`: `'id', 'title'`."),
  dataKey: text('The path from a resource object to its key: `id`.'),
  keyCast: text('`(string) ` before `getKey()` where the answer holds the key as a string (JSON:API); else empty.'),
  attributePrefix: text('The path from a resource object to its fields: `attributes.` with JSON:API; else empty.'),
  shownJson: text('A PHP expression of the row as `show` answers it.'),
  updatedJson: text("A PHP expression of what `update` answers of `$payload`."),
  perPage: text('The default page size.'),
  maxPerPage: text('The largest page size.'),
  pageSizeOverCap: text('A `per_page` over the largest page size.'),
  simplePagination: flag('`--simple-pagination`: the index answers no `meta.total` nor `meta.last_page`; the cases count `data` and read `links.next`.'),
  filterField: text('The field the exact-filter case filters on; empty when none has a value no factory produces.'),
  filterValue: text('The PHP literal the filtered row gets.'),
  filterQueryValue: text('That value as the query string writes it.'),
  unknownField: text('A name that is no field, for the case that an unknown filter is ignored.'),
  filterCases: list<FilterCaseValue>(
    'One filter case per kind of filtered column (text, whole number, decimal, boolean, date, date and time, enum, foreign key...): `{column, method, value, stored, other, parent}`, `method` the column in snake_case, for the name of a test method, `value` a PHP expression of the value filtered for, `stored` the expression of `$value` the row is made with, `other` one of the row that must not match (empty: a factory row), `parent` the parent model of a foreign key (then the value is a new parent\'s key).',
  ),
  sortField: text('The field the sort case orders by; empty when none sorts unambiguously.'),
  sortLow: text('The PHP literal that sorts first.'),
  sortHigh: text('The PHP literal that sorts last.'),
  sortAssertion: partialBlock('test.feature.sort-assertion', 'The requests of the sort case, both directions, each checking the row it puts first.'),
  unfilteredField: text('A field the index does not filter on (the entity marked others filterable), for the case that its filter is ignored; else empty.'),
  unfilteredValue: text('The PHP literal one row gets, which a filter on that field would single out.'),
  unfilteredQueryValue: text('That value as the query string writes it.'),
  unsortedField: text('A field the index does not sort on (the entity marked others sortable), for the case that its sort is ignored; else empty.'),
  unsortedLow: text('The PHP literal that would sort first.'),
  unsortedHigh: text('The PHP literal that would sort last.'),
  invalidField: text('The field the invalid-data case sends wrong; empty when the entity has no field.'),
  invalidValue: text('The PHP literal the store request must refuse for it.'),
  ruleViolations: list<RuleViolationValue>('A value each kind of rule of each field refuses, `{field, value}`: a PHP string and a PHP expression; empty without fields.'),
  uniqueField: text('A unique text or number field, for the case that an update may send its own value; empty without one.'),
  unknownParentField: text('The foreign key the unknown-parent case sends; empty without foreign keys.'),
  unknownParentValue: text('A PHP literal no parent row has as its key.'),
  missingKey: text('A key no row has, as a URL writes it.'),
  storePayload: text('A PHP expression of the body the store case sends.'),
  storedJson: text('A PHP expression of what `store` answers of `$payload`.'),
  bodyEntries: text('A valid body as the entries of a PHP array, for the cases that send it with one field changed.'),
  emptyJsonField: text('A required json field, for the case that `[]` and `{}` are values; else empty.'),
  offsetTimeField: text('A datetime field, for the case that a time with an offset keeps its instant; else empty.'),
  changedKey: text('A PHP literal of another key, which an update must refuse.'),
  updatePayload: text('A PHP expression of the body `PUT` sends.'),
  patchFields: text('The body of a PATCH changing one field: `[\'title\' => \'sample-string\']`; empty when no field can be patched.'),
  patchAssertion: text("The call chained on the PATCH's answer that checks the field: `->assertJsonPath('data.title', 'sample-string')`."),
  patchedColumns: text("The columns a one-field PATCH may change: `['title', 'updated_at']`."),
  softDeletes: flag('The entity has soft deletes.'),
  deleteAction: text('What the delete-rule cases call, in their names: `destroy`, or `force_delete` with soft deletes.'),
  deleteSuffix: text("What follows the row's URL in those cases: `.'/force-delete'` with soft deletes; else empty."),
  includedRelation: text('The relation the include case loads, by the name `include` takes; empty without one.'),
  includedStructure: text("`assertJsonStructure()`'s expectation of a page with that relation."),
  syncedRelation: text('The many-to-many relation the sync case sends keys for; empty without one.'),
  syncedRelationSnake: text('Its name in snake case, for the case method.'),
  syncedModel: text('Its related model class.'),
  syncedInput: text('The body key of its keys.'),
  morphOwner: text('An owner class of the first morphTo, for the case that attaches one by its alias; empty without one.'),
  morphName: text("The morph's name: the prefix of its `_type` and `_id` columns."),
  morphAlias: text("The owner's alias in the morph map."),
  morphInclude: text('The morphTo by the name `include` takes.'),
  morphOwnerKey: text("The owner's key column."),
  morphOwnerPath: text("The path of the owner's key in the answer with the morphTo included."),
  restrictedChild: text('A child model whose foreign key restricts a delete of this row; empty without one.'),
  restrictedForeignKey: text('Its foreign key.'),
  restrictedRelation: text('The hasOne or hasMany of this model that reaches it.'),
  orphanedChild: text('A child model whose foreign key is set to null by a delete of this row; empty without one.'),
  orphanedForeignKey: text('Its foreign key.'),
  policy: text('The policy class, which the refusal case replaces by one that refuses.'),
  auth: flag('`--auth`: every case acts as a user, but the one asking for 401.'),
  actsAsUnsavedUser: flag('The entity is the user model itself: the cases act as a user that is never saved.'),
  ownerRelation: text("The belongsTo to the signed-in user that owns each row (`owner: true`), for the cases of another user's rows; empty without an owner."),
  ownerKey: text("The owner's foreign key column."),
} as const;

const DESTROY_ASSERTION = 'The check that `destroy` removed the row (or soft-deleted it).';
const SOFT_DELETE_TESTS = 'With soft deletes, the restore and force-delete cases.';
const SECRET_TESTS = 'With secret fields, the case that they are stored but never answered.';

/** The cases and checks PHPUnit's feature test writes its own way. */
export const FEATURE_TEST_PHPUNIT_VALUES = {
  destroyAssertion: partialBlock('test.assertions', DESTROY_ASSERTION),
  softDeleteTests: partialBlock('test.feature.soft-deletes', SOFT_DELETE_TESTS),
  secretTests: partialBlock('test.feature.secrets', SECRET_TESTS),
} as const;

/** The cases and checks Pest's feature test writes its own way. */
export const FEATURE_TEST_PEST_VALUES = {
  destroyAssertion: partialBlock('test.assertions.pest', DESTROY_ASSERTION),
  softDeleteTests: partialBlock('test.feature.pest.soft-deletes', SOFT_DELETE_TESTS),
  secretTests: partialBlock('test.feature.pest.secrets', SECRET_TESTS),
} as const;

/** What the soft-delete cases and the sort requests of the feature tests receive. */
export const FEATURE_TEST_CASE_VALUES = {
  model: FEATURE_TEST_VALUES.model,
  factory: FEATURE_TEST_VALUES.factory,
  modelVariable: FEATURE_TEST_VALUES.modelVariable,
  routeSegment: FEATURE_TEST_VALUES.routeSegment,
  dataKey: FEATURE_TEST_VALUES.dataKey,
  keyCast: FEATURE_TEST_VALUES.keyCast,
  attributePrefix: FEATURE_TEST_VALUES.attributePrefix,
} as const;

/** What the secrets case receives. */
export const SECRET_TEST_VALUES = {
  model: FEATURE_TEST_VALUES.model,
  factory: FEATURE_TEST_VALUES.factory,
  modelVariable: FEATURE_TEST_VALUES.modelVariable,
  routeSegment: FEATURE_TEST_VALUES.routeSegment,
  dataKey: FEATURE_TEST_VALUES.dataKey,
  storePayload: FEATURE_TEST_VALUES.storePayload,
  simplePagination: FEATURE_TEST_VALUES.simplePagination,
  hidden: list<string>("The paths from a resource object to each attribute that must not show: the secrets, and an existing table's other secrets: `password`, `attributes.password`."),
  secretFilters: text("A PHP array filtering on each secret by the value sent: `['password' => $payload['password']]`."),
} as const;

/** PHPUnit's feature test is a class; Pest's file has none. */
export const FEATURE_TEST_CLASS_VALUES = {
  namespace: CLASS_VALUES.namespace,
  className: CLASS_VALUES.className,
  databaseTrait: text('How each test leaves the database: `RefreshDatabase`, or `DatabaseTransactions` on a table of the database\'s own.'),
} as const;
