import { block, CLASS_VALUES, flag, list, partialBlock, stub, text } from './declare.js';
import {
  FEATURE_TEST_CASE_VALUES,
  FEATURE_TEST_CLASS_VALUES,
  FEATURE_TEST_PEST_VALUES,
  FEATURE_TEST_PHPUNIT_VALUES,
  FEATURE_TEST_VALUES,
  SECRET_TEST_VALUES,
} from './feature-test.js';

/**
 * One check of a generated test, written by test.assertions.stub (PHPUnit) or test.assertions.pest.stub:
 * `actual` is identical to `expected`, is true, is null, is an array without the key `expected`; the model
 * `actual` is soft-deleted, or missing from the database. Both are PHP expressions.
 */
export interface Check {
  assert: 'same' | 'true' | 'null' | 'lacksKey' | 'softDeleted' | 'modelMissing';
  expected?: string;
  actual: string;
}

/** What both unit test stubs receive: the service without HTTP. An optional case's values are empty without it. */
const UNIT_TEST_VALUES = {
  imports: CLASS_VALUES.imports,
  model: text('The model class.'),
  modelVariable: text('The variable of the row under test, without `$`.'),
  service: text('The service class.'),
  dto: text('The DTO class.'),
  perPage: text('The default page size.'),
  maxPerPage: text('The largest page size.'),
  pageSizeOverCap: text('A `per_page` over the largest page size.'),
  simplePagination: flag('`--simple-pagination`: a page knows whether more rows follow, not how many there are.'),
  dtoArguments: block('The named arguments of a DTO with every property, one a line; empty without columns to send.'),
  patchFields: text("The `fromValidated()` input changing one field: `['title' => 'sample-string']`; empty when no field can be patched."),
  patchedColumns: text("The columns a one-field update may change: `['title', 'updated_at']`."),
  ownerRelation: text("The belongsTo to the signed-in user that owns each row (`owner: true`): the index's page is a user's; empty without an owner."),
} as const;

const SAVED_ASSERTIONS = 'The checks that each property was saved, read back as `$saved`.';
const PATCH_ASSERTION = 'The check that the field changed.';
const DELETE_ASSERTION = 'The check that `delete()` removed the row (or soft-deleted it).';
const SOFT_DELETE_TESTS = 'With soft deletes, the restore and force-delete cases.';

const UNIT_TEST_CLASS_VALUES = {
  namespace: CLASS_VALUES.namespace,
  className: CLASS_VALUES.className,
  databaseTrait: FEATURE_TEST_CLASS_VALUES.databaseTrait,
} as const;

const CHECKS = list<Check>('The checks, one statement each: `{assert: "same", expected: "\'draft\'", actual: "$saved[\'status\']"}`.');
const STORED_CHECKS = "The checks that each secret was stored: a hash that checks against the sample sent, or the sample itself.";
const UNIT_CASE_VALUES = { model: UNIT_TEST_VALUES.model, modelVariable: UNIT_TEST_VALUES.modelVariable, service: UNIT_TEST_VALUES.service } as const;

/** The tests of an entity, in PHPUnit's style or Pest's (`--expressive-tests`), and the cases and checks they place. */
export const TEST_STUBS = {
  'test.feature': stub('tests/Feature/<Class>ControllerTest.php: the HTTP API end to end, as a PHPUnit class.', {
    ...FEATURE_TEST_CLASS_VALUES,
    ...FEATURE_TEST_VALUES,
    ...FEATURE_TEST_PHPUNIT_VALUES,
  }),
  'test.feature.pest': stub('tests/Feature/<Class>ControllerTest.php with `--expressive-tests`: the same cases in Pest.', {
    ...FEATURE_TEST_VALUES,
    ...FEATURE_TEST_PEST_VALUES,
  }),
  'test.unit': stub('tests/Unit/<Class>ServiceTest.php: the service without HTTP, as a PHPUnit class.', {
    ...UNIT_TEST_CLASS_VALUES,
    ...UNIT_TEST_VALUES,
    savedAssertions: partialBlock('test.assertions', SAVED_ASSERTIONS),
    patchAssertion: partialBlock('test.assertions', PATCH_ASSERTION),
    deleteAssertion: partialBlock('test.assertions', DELETE_ASSERTION),
    softDeleteTests: partialBlock('test.unit.soft-deletes', SOFT_DELETE_TESTS),
  }),
  'test.unit.pest': stub('tests/Unit/<Class>ServiceTest.php with `--expressive-tests`: the same cases in Pest.', {
    ...UNIT_TEST_VALUES,
    savedAssertions: partialBlock('test.assertions.pest', SAVED_ASSERTIONS),
    patchAssertion: partialBlock('test.assertions.pest', PATCH_ASSERTION),
    deleteAssertion: partialBlock('test.assertions.pest', DELETE_ASSERTION),
    softDeleteTests: partialBlock('test.unit.pest.soft-deletes', SOFT_DELETE_TESTS),
  }),
  'test.assertions': stub("Checks of PHPUnit's tests, one statement a line: `$this->assertSame(...)`.", { checks: CHECKS }),
  'test.assertions.pest': stub("Checks of Pest's tests, one statement a line: `expect(...)->toBe(...)`.", { checks: CHECKS }),
  'test.feature.sort-assertion': stub("The feature tests' `{{sortAssertion}}`.", {
    routeSegment: FEATURE_TEST_CASE_VALUES.routeSegment,
    sortField: FEATURE_TEST_VALUES.sortField,
    dataKey: FEATURE_TEST_CASE_VALUES.dataKey,
    keyCast: FEATURE_TEST_CASE_VALUES.keyCast,
  }),
  'test.feature.soft-deletes': stub("The PHPUnit feature test's `{{softDeleteTests}}`: restore and force delete a soft-deleted row.", FEATURE_TEST_CASE_VALUES),
  'test.feature.pest.soft-deletes': stub("The Pest feature test's `{{softDeleteTests}}`.", FEATURE_TEST_CASE_VALUES),
  'test.feature.secrets': stub("The PHPUnit feature test's `{{secretTests}}`: the secrets are stored, never answered nor matched by a filter.", {
    ...SECRET_TEST_VALUES,
    storedChecks: partialBlock('test.assertions', STORED_CHECKS),
  }),
  'test.feature.pest.secrets': stub("The Pest feature test's `{{secretTests}}`.", {
    ...SECRET_TEST_VALUES,
    storedChecks: partialBlock('test.assertions.pest', STORED_CHECKS),
  }),
  'test.unit.soft-deletes': stub("The PHPUnit unit test's `{{softDeleteTests}}`: the service restores and force deletes a soft-deleted row.", UNIT_CASE_VALUES),
  'test.unit.pest.soft-deletes': stub("The Pest unit test's `{{softDeleteTests}}`.", UNIT_CASE_VALUES),
} as const;
