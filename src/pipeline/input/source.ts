import type { RunMemo } from '../../plan/run-memo.js';
import type { ProjectFs } from '../../project/fs/project-fs.js';
import { readSchemaInput } from '../../project/read/schema-input.js';
import { entitySource, type ReadRecord } from './entity-source.js';
import type { FrontEndKind, FrontEnds, SourceRead } from './front-ends.js';
import type { LoadedSource } from './loaded-source.js';
import { readInput, type DiscoveryContext, type InputText, type MakeInput, type NamedFileInput, type RecordText, type SourceContext } from './input.js';

export function loadSource(input: MakeInput, frontEnds: FrontEnds, context: DiscoveryContext, fs?: ProjectFs): LoadedSource {
  const read = readInput(input, context, fs);
  return read.text === undefined ? { diagnostics: read.diagnostics, texts: new Map() } : parseInput(read.text, frontEnds);
}

/** A schema file or diagram the command line names. */
export function loadFile(input: NamedFileInput, frontEnds: FrontEnds, context: SourceContext, fs?: ProjectFs): LoadedSource {
  const named = { explicit: input.path, ...(input.flag === undefined ? {} : { flag: input.flag }) };
  const schema = readSchemaInput({ ...named, cwd: context.cwd, root: context.projectRoot, readStdin: context.readStdin }, fs);
  if (schema.path === undefined || schema.text === undefined) return { diagnostics: schema.diagnostics, texts: new Map() };
  return parseInput({ kind: input.kind, path: schema.path, text: schema.text }, frontEnds);
}

/**
 * `frontEnds` must hold the input's kind. `reads` answers for a text read before (a watch session's, see
 * prepareMake); keyed by the text, it gives what reading it would. `record` is the record as read, which an
 * entity of the command line may be regenerated from.
 */
export function parseInput(input: InputText, frontEnds: FrontEnds, reads?: RunMemo<SourceRead>, record?: ReadRecord): LoadedSource {
  if (input.kind === 'fields') return entitySource(input, record);
  if (input.kind === 'database') return { model: input.model, diagnostics: input.diagnostics, texts: new Map() };
  const { kind, path, text } = input;
  const read = readWith(frontEnds, kind, path, text, reads);
  return { ...(read.model === undefined ? {} : { model: read.model }), diagnostics: read.diagnostics, texts: new Map([[path, text]]) };
}

/** The record through its front end, when there is one; `frontEnds` must then hold the record's. */
export function readRecord(record: RecordText | undefined, frontEnds: FrontEnds, reads?: RunMemo<SourceRead>): ReadRecord | undefined {
  if (record?.text === undefined) return undefined;
  return { record: { ...record, text: record.text }, read: readWith(frontEnds, 'record', record.path, record.text, reads) };
}

function readWith(frontEnds: FrontEnds, kind: FrontEndKind, path: string, text: string, reads: RunMemo<SourceRead> | undefined): SourceRead {
  const frontEnd = frontEnds[kind];
  if (frontEnd === undefined) throw new Error(`no ${kind} front end was loaded for ${path}`);
  const readText = (): SourceRead => frontEnd(path, text);
  return reads === undefined ? readText() : reads.get(`${kind}\u0000${path}\u0000${text}`, readText);
}
