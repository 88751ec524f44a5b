import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import { parseFields } from '../frontends/fields.js';
import type { SourceEntity, SourceModel } from '../ir/ir.generated.js';
import { studly } from '../passes/naming/str.js';
import type { MakeInput, RecordText } from './input.js';
import type { LoadedSource, SourceRead } from './source.js';

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
