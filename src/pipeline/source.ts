import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { parseFields } from '../frontends/fields.js';
import type { SourceModel } from '../ir/ir.generated.js';
import type { RunMemo } from '../plan/run-memo.js';
import type { ProjectFs } from '../project/project-fs.js';
import { readSchemaInput } from '../project/schema-input.js';
import type { FrontEnds } from './front-ends.js';
import { readInput, type DiscoveryContext, type InputText, type MakeInput, type NamedFileInput, type SourceContext } from './input.js';

/** An input through its front end: the source model, or what is wrong with the input. */
export interface LoadedSource {
  model?: SourceModel;
  diagnostics: Diagnostic[];
  /** Texts diagnostics point into, by the name their spans use (a file, or a flag), for code frames. */
  texts: Map<string, string>;
}

/** What a schema file or a diagram gives, read from its text. */
export interface SourceRead {
  model?: SourceModel;
  diagnostics: Diagnostic[];
}

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
 * prepareMake); keyed by the text, it gives what reading it would.
 */
export function parseInput(input: InputText, frontEnds: FrontEnds, reads?: RunMemo<SourceRead>): LoadedSource {
  if (input.kind === 'fields') return sourceFromFlags(input);
  const { kind, path, text } = input;
  const frontEnd = frontEnds[kind];
  if (frontEnd === undefined) throw new Error(`no ${kind} front end was loaded for ${path}`);
  const readText = (): SourceRead => frontEnd(path, text);
  const read = reads === undefined ? readText() : reads.get(`${kind}\u0000${path}\u0000${text}`, readText);
  return { ...(read.model === undefined ? {} : { model: read.model }), diagnostics: read.diagnostics, texts: new Map([[path, text]]) };
}

function sourceFromFlags(input: Extract<MakeInput, { kind: 'fields' }>): LoadedSource {
  const parsed = input.fields === undefined ? { fields: [], diagnostics: [] } : parseFields(input.fields);
  return {
    model: { entities: [{ name: input.entity, fields: parsed.fields, relations: [], softDeletes: input.softDeletes, span: { flag: '<entity>' } }] },
    diagnostics: parsed.diagnostics,
    texts: new Map([
      ['--fields', input.fields ?? ''],
      ['<entity>', input.entity],
    ]),
  };
}
