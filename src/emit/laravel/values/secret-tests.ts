import type { Entity, Field } from '../../../ir/ir.generated.js';
import { isSecretName } from '../../../passes/secrets.js';
import { phpString } from './php-literals.js';
import { clientColumns } from './relation-columns.js';
import type { ResponseShape } from './response-shape.js';
import { phpLiteral, sampleInput, sampleJson } from './test-values.js';
import type { TestStyle } from './test-style.js';

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

/** A factory row as a client sends it: the columns the API writes, its secrets aside. */
export function factoryBody(entity: Entity): string {
  const made = `${entity.naming.className}::factory()->make()->toArray()`;
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
function storedSecret(field: Field, row: string, style: TestStyle): string {
  const name = phpString(field.name);
  if (field.hashed === true) return style.isTrue(`Hash::check(${phpLiteral(sampleInput(field))}, $${row}->${field.name})`);
  return style.same(phpLiteral(sampleJson(field)), `$${row}->makeVisible(${name})->toArray()[${name}]`);
}

/**
 * A feature test that the secrets are taken and stored (a password as a hash of what was sent), and never
 * answered by store, show or index, nor matched by a filter. Empty without secrets.
 */
export function secretFeatureTest(entity: Entity, variable: string, url: string, shape: ResponseShape, style: TestStyle): string {
  const secrets = secretFields(entity);
  if (secrets.length === 0) return '';
  const { className } = entity.naming;
  // An existing table's secrets that are no field of the API (Laravel's remember_token) must not show either.
  const hiddenColumns = (entity.existing?.tableColumns ?? []).filter((column) => isSecretName(column) && !secrets.some((field) => field.name === column));
  const absentNames = [...secrets.map((field) => field.name), ...hiddenColumns];
  const absent = (prefix: string): string[] => absentNames.map((name) => `->assertJsonMissingPath(${phpString(`${prefix}.${shape.attribute(name)}`)})`);
  const chain = (lines: readonly string[]): string[] => lines.map((line, index) => `    ${line}${index === lines.length - 1 ? ';' : ''}`);
  const filters = `[${secrets.map((field) => `${phpString(field.name)} => $payload[${phpString(field.name)}]`).join(', ')}]`;
  return style.testCase({
    method: 'secrets_are_stored_but_never_answered',
    it: 'stores the secrets but never answers them',
    body: [
      `$payload = ${storeValues(entity).storePayload};`,
      '',
      `$created = $this->postJson('${url}', $payload)`,
      ...chain(['->assertCreated()', ...absent('data')]),
      '',
      `$${variable} = ${className}::query()->findOrFail($created->json(${phpString(`data.${shape.key}`)}));`,
      ...secrets.map((field) => storedSecret(field, variable, style)),
      '',
      `$this->getJson('${url}/'.$${variable}->getKey())`,
      ...chain(['->assertOk()', ...absent('data')]),
      '',
      `${className}::factory()->create();`,
      '',
      `$this->getJson('${url}?'.http_build_query(['filter' => ${filters}]))`,
      ...chain(['->assertOk()', "->assertJsonPath('meta.total', 2)", ...absent('data.0')]),
    ],
  });
}

/**
 * The unit test's check of a saved field, read back through `toArray()` as `$saved`: a secret is not there, so
 * it is read off the row itself.
 */
export function savedAssertion(field: Field, variable: string, style: TestStyle): string {
  const name = phpString(field.name);
  if (field.secret !== true) return style.same(phpLiteral(sampleJson(field)), `$saved[${name}]`);
  const stored = storedSecret(field, `${variable}->fresh()`, style);
  return `${style.lacksKey(name, '$saved')}\n${stored}`;
}

/** The classes the unit test's checks of saved secrets name. */
export function savedAssertionImports(entity: Entity): string[] {
  return secretFields(entity).some((field) => field.hashed === true) ? [HASH] : [];
}
