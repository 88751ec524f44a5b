import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitMigration } from '../../../src/emit/laravel/artifacts/migration.js';
import { explicitIndexName } from '../../../src/emit/laravel/values/index-names.js';
import { checked, relation, sourceEntity, sourceField } from '../../support/source-model.js';
import { context, entity, field, filesOf } from '../../support/entities.js';

test("Laravel's own name while it fits 63 characters", () => {
  assert.is(explicitIndexName('posts', ['slug'], 'unique'), undefined);
  // 63 exactly: still Laravel's.
  const table = 'a'.repeat(63 - '_slug_unique'.length);
  assert.is(explicitIndexName(table, ['slug'], 'unique'), undefined);
});

test('a longer name is cut and ends with a hash of the whole: 63 characters, and two alike stay apart', () => {
  const first = explicitIndexName('international_shipping_carrier_assignment_groups', ['external_reference_identifier_a'], 'unique') ?? '';
  const second = explicitIndexName('international_shipping_carrier_assignment_groups', ['external_reference_identifier_b'], 'unique') ?? '';
  assert.is(first.length, 63);
  assert.is(second.length, 63);
  assert.ok(first.startsWith('international_shipping_carrier_assignment_groups_external_'.slice(0, 54)));
  assert.match(first, /_[0-9a-f]{8}$/);
  assert.is.not(first, second);
  assert.is(explicitIndexName('international_shipping_carrier_assignment_groups', ['external_reference_identifier_a'], 'unique'), first);
});

test('the migration names a long unique index, foreign key and morph index, and leaves short ones to Laravel', () => {
  const long = 'external_reference_identifier_for_partner_systems';
  const { content } = filesOf(emitMigration(entity('InternationalShippingCarrierAssignmentGroup', [field('name', 'string', { unique: true }), field(long, 'string', { unique: true })]), context()))[0] ?? { content: '' };
  assert.ok(content.includes("$table->string('name')->unique();"));
  const uniqueName = explicitIndexName('international_shipping_carrier_assignment_groups', [long], 'unique');
  assert.ok(uniqueName !== undefined && content.includes(`$table->string('${long}')->unique('${uniqueName}');`));
  const model = checked([
    sourceEntity('CarrierAssignmentGroup', [sourceField('name')]),
    sourceEntity('InternationalCarrierAssignment', [sourceField('title')], [relation('primary_carrier_assignment_group', 'belongsTo', 'CarrierAssignmentGroup')]),
    sourceEntity('Note', [sourceField('body')], [relation('attachable_polymorphic_owner_relationship_of_a_note', 'morphTo')]),
  ]);
  const child = model.entities.find((candidate) => candidate.naming.className === 'InternationalCarrierAssignment');
  const note = model.entities.find((candidate) => candidate.naming.className === 'Note');
  if (child === undefined || note === undefined) throw new Error('the model lost an entity');
  const childMigration = filesOf(emitMigration(child, context()))[0]?.content ?? '';
  const foreignName = explicitIndexName('international_carrier_assignments', ['primary_carrier_assignment_group_id'], 'foreign');
  assert.ok(foreignName !== undefined && childMigration.includes(`->constrained('carrier_assignment_groups', indexName: '${foreignName}')->restrictOnDelete();`));
  const noteMigration = filesOf(emitMigration(note, context()))[0]?.content ?? '';
  const morph = 'attachable_polymorphic_owner_relationship_of_a_note';
  const morphName = explicitIndexName('notes', [`${morph}_type`, `${morph}_id`], 'index');
  assert.ok(morphName !== undefined && noteMigration.includes(`$table->nullableMorphs('${morph}', '${morphName}');`));
});

test.run();
