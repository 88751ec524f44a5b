import type { Entity, Field } from '../../../ir/ir.generated.js';
import { ownerOf } from './owner.js';
import { isSecretName } from '../../../passes/secrets.js';
import { phpString, phpStringBody } from './php-literals.js';
import { clientColumns } from './relation-columns.js';
import type { ResponseShape } from './response-shape.js';
import type { EmitterValues } from './stub-values/registry.js';
import type { Check } from './stub-values/tests.js';
import { phpLiteral, sampleInput, sampleJson } from './test-values.js';

/**
 * What the generated tests do with secrets (src/passes/secrets.ts) and with a model of the project's own. A
 * model's `toArray()` leaves its hidden attributes out, so a body built from a factory row lacks the secrets a
 * client must send; and a factory fullapi did not write may fill columns the API does not take (Laravel's
 * `email_verified_at`), so such a row is cut down to the columns a client writes.
 */

const ARR = 'Illuminate\\Support\\Arr';
const HASH = 'Illuminate\\Support\\Facades\\Hash';

export function secretFields(entity: Entity): Field[] {
  return entity.fields.filter((field) => field.secret === true);
}

/**
 * The factory of the feature tests' rows: with an owner, rows of the signed-in user (`$this->owner`), since
 * anyone else's are answered 404; another user's row is made by the model's factory alone.
 */
export function testFactory(entity: Entity): string {
  const owner = ownerOf(entity);
  const factory = `${entity.naming.className}::factory()`;
  return owner === undefined ? factory : `${factory}->for($this->owner, ${phpString(owner.name)})`;
}

/** A factory row as a client sends it: the columns the API writes, its secrets aside. */
export function factoryBody(entity: Entity): string {
  const made = `${testFactory(entity)}->make()->toArray()`;
  if (entity.existing === undefined) return made;
  const written = clientColumns(entity).filter((field) => field.secret !== true);
  return `Arr::only(${made}, [${written.map((field) => phpString(field.name)).join(', ')}])`;
}

/**
 * A valid body as the entries of a PHP array, for the tests that send one with a field changed: a factory row,
 * and each secret with its sample, since the row's `toArray()` hides it and the request requires it.
 */
export function bodyEntries(entity: Entity): string {
  const secrets = secretFields(entity).map((field) => `${phpString(field.name)} => ${phpLiteral(sampleInput(field))}`);
  return [`...${factoryBody(entity)}`, ...secrets].join(', ');
}

/** The store test's body, and the part of it the answer shows: all of it but the secrets. */
export function storeValues(entity: Entity): { storePayload: string; storedJson: string; bodyEntries: string } {
  const secrets = secretFields(entity);
  if (secrets.length === 0) return { storePayload: factoryBody(entity), storedJson: '$payload', bodyEntries: bodyEntries(entity) };
  return {
    storePayload: `[${bodyEntries(entity)}]`,
    storedJson: `Arr::except($payload, [${secrets.map((field) => phpString(field.name)).join(', ')}])`,
    bodyEntries: bodyEntries(entity),
  };
}

/** The classes the feature test's secret cases name. */
export function secretTestImports(entity: Entity): string[] {
  const secrets = secretFields(entity);
  return [
    ...(secrets.length > 0 || entity.existing !== undefined ? [ARR] : []),
    ...(secrets.some((field) => field.hashed === true) ? [HASH] : []),
  ];
}

/**
 * How a test checks that a secret was stored: a hash that checks against the sample sent, or the sample in the
 * row's JSON form once the secret is made visible, as every other saved value is compared.
 */
function storedSecret(field: Field, row: string): Check {
  const name = phpString(field.name);
  // Hash::check() takes a string: a nullable column's null would be a type error, where it is a failed check.
  const hash = `${field.nullable ? '(string) ' : ''}$${row}->${field.name}`;
  if (field.hashed === true) return { assert: 'true', actual: `Hash::check(${phpLiteral(sampleInput(field))}, ${hash})` };
  return { assert: 'same', expected: phpLiteral(sampleJson(field)), actual: `$${row}->makeVisible(${name})->attributesToArray()[${name}] ?? null` };
}

/**
 * The values of the feature test's case that the secrets are taken and stored (a password as a hash of what
 * was sent), and never answered by store, show or index, nor matched by a filter; and its checks of what was
 * stored. None without secrets.
 */
export function secretTestValues(
  entity: Entity,
  variable: string,
  shape: ResponseShape,
): { values: Omit<EmitterValues<'test.feature.secrets'>, 'storedChecks'>; storedChecks: Check[] } | undefined {
  const secrets = secretFields(entity);
  if (secrets.length === 0) return undefined;
  // An existing table's secrets that are no field of the API (Laravel's remember_token) must not show either.
  const hiddenColumns = (entity.existing?.tableColumns ?? []).filter((column) => isSecretName(column) && !secrets.some((field) => field.name === column));
  return {
    values: {
      model: entity.naming.className,
      factory: testFactory(entity),
      modelVariable: variable,
      routeSegment: phpStringBody(entity.naming.routeSegment),
      dataKey: phpStringBody(shape.key),
      storePayload: storeValues(entity).storePayload,
      simplePagination: entity.options?.simplePagination === true,
      hidden: [...secrets.map((field) => field.name), ...hiddenColumns].map((name) => phpStringBody(shape.attribute(name))),
      secretFilters: `[${secrets.map((field) => `${phpString(field.name)} => $payload[${phpString(field.name)}]`).join(', ')}]`,
    },
    storedChecks: secrets.map((field) => storedSecret(field, variable)),
  };
}

/**
 * The unit test's checks of a saved field, read back through `toArray()` as `$saved`: a secret is not there, so
 * it is read off the row itself.
 */
export function savedChecks(field: Field, variable: string): Check[] {
  const name = phpString(field.name);
  if (field.secret !== true) return [{ assert: 'same', expected: phpLiteral(sampleJson(field)), actual: `$saved[${name}]` }];
  return [{ assert: 'lacksKey', expected: name, actual: '$saved' }, storedSecret(field, `${variable}->refresh()`)];
}

/** The classes the unit test's checks of saved secrets name. */
export function savedAssertionImports(entity: Entity): string[] {
  return secretFields(entity).some((field) => field.hashed === true) ? [HASH] : [];
}
