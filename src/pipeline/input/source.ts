import type { Memo } from '../../plan/run-memo.js';
import type { ProjectFs } from '../../project/fs/project-fs.js';
import { readSchemaInput } from '../../project/read/schema-input.js';
import { entitySource, type ReadRecord } from './entity-source.js';
import type { FrontEndMemory } from '../../frontends/front-end-memory.js';
import type { FrontEnd, FrontEndKind, FrontEnds, SourceRead } from './front-ends.js';
import type { LoadedSource } from './loaded-source.js';
import { isReadInput, readInput, type DiscoveryContext, type InputText, type MakeInput, type NamedFileInput, type OpenApiInput, type RecordText, type SourceContext } from './input.js';

export function loadSource(input: MakeInput, frontEnds: FrontEnds, context: DiscoveryContext, fs?: ProjectFs): LoadedSource {
  const read = readInput(input, context, fs);
  return read.text === undefined ? { diagnostics: read.diagnostics, texts: new Map() } : parseInput(read.text, frontEnds);
}

/** A schema file or diagram the command line names, or an OpenAPI document read from one. */
export function loadFile(input: NamedFileInput | OpenApiInput, frontEnds: FrontEnds, context: SourceContext, fs?: ProjectFs): LoadedSource {
  if (input.kind === 'openapi') return parseInput(input, frontEnds);
  const named = { explicit: input.path, ...(input.flag === undefined ? {} : { flag: input.flag }) };
  const schema = readSchemaInput({ ...named, cwd: context.cwd, root: context.projectRoot, readStdin: context.readStdin }, fs);
  if (schema.path === undefined || schema.text === undefined) return { diagnostics: schema.diagnostics, texts: new Map() };
  return parseInput({ kind: input.kind, path: schema.path, text: schema.text }, frontEnds);
}

/** A file's text and the front end that reads it: everything its read is computed from. */
export interface SourceText {
  read: FrontEnd;
  path: string;
  text: string;
}

/** Reads of texts, as a run's memory keeps them (make-memory.ts): a save is read while its writes settle (prepareMake), then by its run. */
export type SourceReads = Memo<SourceText, SourceRead>;

export function readSourceText({ read, path, text }: SourceText, memory?: FrontEndMemory): SourceRead {
  return read(path, text, memory);
}

/**
 * `frontEnds` must hold the input's kind. `record` is the record as read, which an entity of the command line
 * may be regenerated from.
 */
export function parseInput(input: InputText, frontEnds: FrontEnds, reads: SourceReads = readSourceText, record?: ReadRecord): LoadedSource {
  if (input.kind === 'fields') return entitySource(input, record);
  if (input.kind === 'database') return { model: input.model, diagnostics: input.diagnostics, texts: new Map() };
  if (input.kind === 'openapi') return { ...(input.model === undefined ? {} : { model: input.model }), diagnostics: input.diagnostics, texts: input.texts };
  const read = reads(sourceText(frontEnds, input.kind, input.path, input.text));
  return { ...(read.model === undefined ? {} : { model: read.model }), diagnostics: read.diagnostics, texts: new Map([[input.path, input.text]]) };
}

/** The input's text with its front end, for an input that is a file's text (the command line's fields and a database's tables are not). */
export function inputSourceText(input: InputText, frontEnds: FrontEnds): SourceText | undefined {
  return input.kind === 'fields' || isReadInput(input) ? undefined : sourceText(frontEnds, input.kind, input.path, input.text);
}

/** The record through its front end, when there is one; `frontEnds` must then hold the record's. */
export function readRecord(record: RecordText | undefined, frontEnds: FrontEnds, reads: SourceReads = readSourceText): ReadRecord | undefined {
  if (record?.text === undefined) return undefined;
  return { record: { ...record, text: record.text }, read: reads(sourceText(frontEnds, 'record', record.path, record.text)) };
}

export function sourceText(frontEnds: FrontEnds, kind: FrontEndKind, path: string, text: string): SourceText {
  const read = frontEnds[kind];
  if (read === undefined) throw new Error(`no ${kind} front end was loaded for ${path}`);
  return { read, path, text };
}
