import { block, CLASS_VALUES, stub, text } from './declare.js';
import { FEATURE_TEST_CLASS_VALUES, FEATURE_TEST_VALUES } from './feature-test.js';

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
  dtoArguments: block('The named arguments of a DTO with every property, one a line; empty without columns to send.'),
  savedAssertions: block('The checks that each property was saved, read back as `$saved`.'),
  patchFields: text("The `fromValidated()` input changing one field: `['title' => 'sample-string']`; empty when no field can be patched."),
  patchAssertion: text('The check that the field changed.'),
  patchedColumns: text("The columns a one-field update may change: `['title', 'updated_at']`."),
  deleteAssertion: text('The check that `delete()` removed the row (or soft-deleted it).'),
  softDeleteTests: block('With soft deletes, the restore and force-delete cases.'),
} as const;

const UNIT_TEST_CLASS_VALUES = {
  namespace: CLASS_VALUES.namespace,
  className: CLASS_VALUES.className,
  databaseTrait: FEATURE_TEST_CLASS_VALUES.databaseTrait,
} as const;

/** The tests of an entity, in PHPUnit's style or Pest's (`--expressive-tests`). */
export const TEST_STUBS = {
  'test.feature': stub('tests/Feature/<Class>ControllerTest.php: the HTTP API end to end, as a PHPUnit class.', {
    ...FEATURE_TEST_CLASS_VALUES,
    ...FEATURE_TEST_VALUES,
  }),
  'test.feature.pest': stub('tests/Feature/<Class>ControllerTest.php with `--expressive-tests`: the same cases in Pest.', FEATURE_TEST_VALUES),
  'test.unit': stub('tests/Unit/<Class>ServiceTest.php: the service without HTTP, as a PHPUnit class.', {
    ...UNIT_TEST_CLASS_VALUES,
    ...UNIT_TEST_VALUES,
  }),
  'test.unit.pest': stub('tests/Unit/<Class>ServiceTest.php with `--expressive-tests`: the same cases in Pest.', UNIT_TEST_VALUES),
} as const;
