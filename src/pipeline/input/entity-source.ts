import { error, warningAt, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { parseFields } from '../../frontends/fields.js';
import type { SourceEntity, SourceField, SourceModel } from '../../ir/ir.generated.js';
import { studly } from '../../passes/naming/str.js';
import type { MakeInput, RecordText } from './input.js';
import type { AddedFields } from '../../passes/project/added-fields.js';
import type { SourceRead } from './front-ends.js';
import type { LoadedSource } from './loaded-source.js';

/**
 * The source of `make <Entity>`. An entity the record holds (class_data.json, which every run writes) is
 * regenerated from it: its recorded fields unless --fields gives new ones, its recorded parent and relations,
 * and the options of the command line (`--soft-deletes`). The rest of the record comes along, unplanned, for
 * what the entity's relations need of the others (their keys, tables, and the inverses they declare); only the
 * entity is generated. An entity the record does not hold comes from the flags alone, which must then give it
 * fields: an entity without any is never what was meant.
 */

type FieldsInput = Extract<MakeInput, { kind: 'fields' }>;

/** The record as read: its place and text, and what its front end made of it. */
export interface ReadRecord {
  record: RecordText & { text: string };
  read: SourceRead;
}

export function entitySource(input: FieldsInput, record: ReadRecord | undefined): LoadedSource {
  if (input.addFields !== undefined) return addedFieldsSource(input, input.addFields, record);
  if (input.wizard !== undefined) return wizardSource(input.wizard, record);
  const flags = input.fields === undefined ? undefined : parseFields(input.fields);
  const texts = new Map([
    ['--fields', input.fields ?? ''],
    ['<entity>', input.entity],
  ]);
  const recorded = record?.read.model?.entities.find((entity) => studly(entity.name) === studly(input.entity));
  const flagsDiagnostics = flags?.diagnostics ?? [];
  if (record === undefined || recorded === undefined) {
    if (flags === undefined) {
      // A record that cannot be read may hold the entity: what is wrong with it comes first.
      const unread = record?.read.model === undefined ? (record?.read.diagnostics ?? []) : [];
      return { diagnostics: [...unread, noFields(input.entity, record !== undefined)], texts: withRecord(texts, record) };
    }
    const entity: SourceEntity = { name: input.entity, fields: flags.fields, relations: [], softDeletes: input.softDeletes, span: { flag: '<entity>' } };
    return { model: { entities: [entity] }, diagnostics: flagsDiagnostics, texts };
  }
  const regenerated: SourceEntity = { ...recorded, fields: flags?.fields ?? recorded.fields, softDeletes: input.softDeletes, span: { flag: '<entity>' } };
  const model: SourceModel = { entities: (record.read.model?.entities ?? []).map((entity) => (entity === recorded ? regenerated : entity)) };
  return { model, diagnostics: [...record.read.diagnostics, ...flagsDiagnostics], texts: withRecord(texts, record), planned: [studly(recorded.name)] };
}

/**
 * `make <Entity> --add-fields`: the recorded entity with the new fields after its own, regenerated from the
 * record like a plain `make <Entity>`; `addition` names the new fields, whose columns the table lacks. A field
 * the entity already has is skipped with a warning. Only an entity fullapi generated (the record holds it)
 * has files to add to.
 */
function addedFieldsSource(input: FieldsInput, addFields: string, record: ReadRecord | undefined): LoadedSource {
  const texts = withRecord(
    new Map([
      [ADD_FIELDS, addFields],
      ['<entity>', input.entity],
    ]),
    record,
  );
  const recorded = record?.read.model?.entities.find((entity) => studly(entity.name) === studly(input.entity));
  if (record === undefined || recorded === undefined) {
    const unread = record?.read.model === undefined ? (record?.read.diagnostics ?? []) : [];
    return { diagnostics: [...unread, notGenerated(input.entity, addFields, record !== undefined)], texts };
  }
  const flags = parseFields(addFields, ADD_FIELDS);
  const taken = new Set([...recorded.fields.map((field) => field.name.toLowerCase()), ...GENERATED_COLUMNS]);
  const added: SourceField[] = [];
  const diagnostics = [...record.read.diagnostics, ...flags.diagnostics];
  for (const field of flags.fields) {
    if (taken.has(field.name.toLowerCase())) diagnostics.push(fieldExists(studly(recorded.name), field));
    else added.push(field);
  }
  const regenerated: SourceEntity = { ...recorded, fields: [...recorded.fields, ...added], span: { flag: '<entity>' } };
  const model: SourceModel = { entities: (record.read.model?.entities ?? []).map((entity) => (entity === recorded ? regenerated : entity)) };
  const addition: AddedFields = { className: studly(recorded.name), fields: added.map((field) => field.name) };
  return { model, diagnostics, texts, planned: [addition.className], addition };
}

/**
 * `make --interactive`: the entity the answers lowered to, and the new entities its relations target, with the
 * record's other entities, unplanned, for its relations' targets (the wizard offers those). An entity the
 * record holds keeps its recorded relations the answers do not name, as `make <Entity> --fields` keeps them all.
 */
function wizardSource(answered: readonly SourceEntity[], record: ReadRecord | undefined): LoadedSource {
  let entities = record?.read.model?.entities ?? [];
  for (const entity of answered) {
    const recorded = entities.find((other) => studly(other.name) === studly(entity.name));
    const merged = answeredEntity(entity, recorded);
    entities = recorded === undefined ? [...entities, merged] : entities.map((other) => (other === recorded ? merged : other));
  }
  const planned = answered.map((entity) => studly(entity.name));
  return { model: { entities }, diagnostics: [...(record?.read.diagnostics ?? [])], texts: withRecord(new Map(), record), planned };
}

function answeredEntity(answered: SourceEntity, recorded: SourceEntity | undefined): SourceEntity {
  const named = new Set(answered.relations.map((relation) => relation.name));
  const kept = recorded?.relations.filter((relation) => !named.has(relation.name)) ?? [];
  const entity: SourceEntity = { ...(recorded ?? {}), ...answered, relations: [...answered.relations, ...kept] };
  // The options are the answers', as a command line's are: one left unchosen is not kept from the record.
  if (answered.options === undefined) delete entity.options;
  return entity;
}

const ADD_FIELDS = '--add-fields';

/** Columns every generated table has: no field is added as one. */
const GENERATED_COLUMNS = ['id', 'created_at', 'updated_at', 'deleted_at'];

function fieldExists(className: string, field: SourceField): Diagnostic {
  return warningAt('field_exists', `${className} already has a column ${field.name}: --add-fields skips it`, field.span, `to change ${className}.${field.name}, write a migration of your own`);
}

function notGenerated(entity: string, addFields: string, recordExists: boolean): Diagnostic {
  const name = studly(entity);
  const where = recordExists ? 'class_data.json does not record it' : 'there is no class_data.json';
  return error(
    'entity_not_generated',
    `--add-fields adds fields to an entity fullapi generated, and ${name} is none (${where})`,
    { flag: ADD_FIELDS, column: 1, endColumn: Math.max(addFields.length, 1) + 1 },
    `generate it first: fullapi make ${name} --fields="${addFields}"`,
  );
}

function withRecord(texts: Map<string, string>, record: ReadRecord | undefined): Map<string, string> {
  return record === undefined ? texts : new Map([...texts, [record.record.path, record.record.text]]);
}

function noFields(entity: string, recordExists: boolean): Diagnostic {
  const name = studly(entity);
  const where = recordExists ? 'class_data.json does not record it' : 'there is no class_data.json';
  return error(
    'no_fields',
    `${name} has no fields: it is new (${where}), so there is nothing to regenerate it from`,
    { flag: '<entity>' },
    `give its fields, e.g. fullapi make ${name} --fields="title:string", or describe it in a schema file (api-schema.yaml) and run fullapi make`,
  );
}
