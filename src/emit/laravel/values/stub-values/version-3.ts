import type { StubName } from '../../../artifact-table.js';

/**
 * The PHP generator (Laravel API generator 3.x, last 3.7.1) published its stubs with placeholders of its own.
 * Each one's fate in 4.0, declared once: the emitters fill the `filled` ones (the registry declares them as
 * legacy values, and a test holds the two together), `make` and `validate-stubs` name the replacement of the
 * `replaced` ones, and the upgrade page (docs/guide/upgrading-from-the-php-generator.md) is checked against this table.
 *
 * - `filled`: still passed, with a value shaped for where a 3.x stub places it; `in40` is what a 4.0 stub uses.
 * - `same-name`: 4.0 passes a value of this name to the stub itself; `in40` says how it differs, if it does.
 * - `replaced`: no longer passed; `in40` names what replaces it.
 */
export type Placeholder3x = { fate: 'filled'; in40: string } | { fate: 'same-name'; in40: string } | { fate: 'replaced'; in40: string };

function filled(in40: string): Placeholder3x {
  return { fate: 'filled', in40 };
}

function sameName(in40 = 'the same value'): Placeholder3x {
  return { fate: 'same-name', in40 };
}

function replaced(in40: string): Placeholder3x {
  return { fate: 'replaced', in40 };
}

const MODEL_NAME = filled('{{model}}, or {{className}} in the class the file declares');
const MODEL_NAME_LOWER = filled('{{modelVariable}}: the variable route model binding fills, named after the route parameter');

/** A 3.x test stub's every other placeholder is gone: its names too, so that a test stub is wholly 4.0's or refused. */
const FEATURE_TEST: Readonly<Record<string, Placeholder3x>> = {
  modelName: replaced('{{model}}'),
  modelNameLower: replaced('{{modelVariable}}'),
  pluralName: replaced('{{routeSegment}}'),
  actingAs: replaced('nothing: with --auth the test signs in once, in setUp()'),
  userImport: replaced('{{imports}}'),
  userSetup: replaced('nothing: with --auth the test signs in once, in setUp()'),
  relatedImports: replaced('{{imports}}'),
  createRelatedModels: replaced("{{storePayload}}: the factory's row, whose parents the factory creates"),
  relatedFkFields: replaced('{{storePayload}}'),
  requestFields: replaced('{{storePayload}} and {{updatePayload}}'),
  updateRelatedFkFields: replaced('{{updatePayload}}'),
  assertFields: replaced('{{storedJson}}'),
  updateAssertFields: replaced('{{updatedJson}}'),
  showIdAssertion: replaced('{{shownJson}}'),
  deleteAssertion: replaced('{{destroyAssertion}}'),
};

const UNIT_TEST: Readonly<Record<string, Placeholder3x>> = {
  modelName: replaced('{{model}}'),
  modelNameLower: replaced('{{modelVariable}}'),
  pluralName: replaced('nothing: a word of the test names, which 4.0 writes itself'),
  tableName: replaced('{{savedAssertions}}, which check the row through the model'),
  deleteAssertion: sameName(),
  relatedImports: replaced('{{imports}}'),
  createRelatedModels: replaced('{{dtoArguments}}, which create the parents they name'),
  dtoConstructorArgs: replaced('{{dtoArguments}}'),
  dtoFkArgs: replaced('{{dtoArguments}}'),
  updateDtoFkArgs: replaced('{{dtoArguments}}'),
};

/** Every placeholder the stubs of 3.x place, by the 4.0 stub that reads them (fullapi's stub of the same name). */
export const PLACEHOLDERS_3X: { readonly [S in StubName]?: Readonly<Record<string, Placeholder3x>> } = {
  model: {
    modelName: filled('{{className}}'),
    imports: sameName(),
    phpdoc: filled('{{docblock}}'),
    parentClass: sameName(),
    traits: filled('{{members}}'),
    fillable: filled('{{members}}'),
    relationships: filled('{{members}}'),
  },
  migrations: {
    tableName: filled('{{table}}'),
    idColumn: filled('{{columns}}'),
    fields: filled('{{columns}}'),
    foreignKeys: filled('{{columns}}'),
    softDeletes: filled('{{columns}}'),
  },
  dto: {
    modelName: MODEL_NAME,
    attributes: sameName("{{properties}} for the constructor's parameters; {{attributes}} is now the entries of toArray()"),
    attributesFromRequest: replaced('{{attributesFromValidated}}'),
  },
  factory: {
    modelName: MODEL_NAME,
    factoryImports: filled('{{imports}}'),
    factoryFields: filled('{{attributes}}'),
  },
  controller: {
    modelName: MODEL_NAME,
    modelNameLower: MODEL_NAME_LOWER,
    pluralName: filled('nothing: the variable of the page the index answers, which 4.0 names itself; a URL uses {{routeSegment}} (`blog-posts` where 3.x routed `blogposts`)'),
    softDeleteMethods: filled('{{softDeleteActions}}'),
  },
  service: {
    modelName: MODEL_NAME,
    modelNameLower: MODEL_NAME_LOWER,
    pluralName: filled('nothing: 3.x named the route in the docblock of its query-builder index'),
    softDeleteMethods: sameName(),
    allowedFilters: sameName('the entries of `FILTERS`, one a line'),
    allowedSorts: sameName('the entries of `SORTS`, one a line'),
    firstField: filled('nothing: the first field, for the example of the docblock'),
  },
  policy: {
    modelName: MODEL_NAME,
    modelNameLower: MODEL_NAME_LOWER,
  },
  resource: {
    modelName: MODEL_NAME,
    fields: filled('{{attributes}}'),
  },
  seeder: {
    modelName: MODEL_NAME,
  },
  'test.feature': FEATURE_TEST,
  'test.feature.pest': FEATURE_TEST,
  'test.unit': UNIT_TEST,
  'test.unit.pest': UNIT_TEST,
};

/** The stubs of 3.x that 4.0 does not read, and what replaces each. */
export const UNREAD_STUBS_3X: Readonly<Record<string, string>> = {
  request: 'request.store.stub and request.update.stub',
  seed: 'seeder.stub',
  'controller.query-builder': 'controller.stub (one controller serves --query-builder too)',
  'service.query-builder': 'service.stub (which writes the query-builder index with --query-builder)',
  'migration.pivot': 'migrations.stub (which writes the pivots too)',
  'migration.add-fields': 'migrations.add-columns.stub',
  'auth.controller': 'controller.auth.stub',
  'auth.login-request': 'request.login.stub',
  'auth.register-request': 'request.register.stub',
};

/** What replaces a 3.x placeholder 4.0 no longer passes to this stub, if it is one. */
export function replacementOf3x(stub: StubName, placeholder: string): string | undefined {
  const found = PLACEHOLDERS_3X[stub]?.[placeholder];
  return found?.fate === 'replaced' ? found.in40 : undefined;
}
