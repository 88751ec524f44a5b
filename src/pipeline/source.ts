import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { isDiagramPath, readDiagramFile } from '../frontends/diagram/index.js';
import { parseFields } from '../frontends/fields.js';
import { readSchemaFile } from '../frontends/schema/index.js';
import type { SourceModel } from '../ir/ir.generated.js';
import type { RunMemo } from '../plan/run-memo.js';
import { readSchemaInput } from '../project/schema-input.js';
import type { ProjectFs } from '../project/index.js';

/** Where a command's entities come from: one entity on the command line, a schema file, or a Mermaid diagram. */
export type MakeInput =
  | { kind: 'fields'; entity: string; fields?: string; softDeletes: boolean }
  | { kind: 'schema'; path?: string; flag?: string }
  | { kind: 'diagram'; path: string; flag?: string };

export type FileInput = Extract<MakeInput, { kind: 'schema' | 'diagram' }>;

/**
 * The input a named file gives: a diagram by its extension (`.mmd`, `.mermaid`, `.md`), else a schema file.
 * `flag` is the option that named it, for errors (none for a command's argument).
 */
export function inputForFile(path: string, flag?: string): FileInput {
  const named = flag === undefined ? { path } : { path, flag };
  return isDiagramPath(path) ? { kind: 'diagram', ...named } : { kind: 'schema', ...named };
}

export interface LoadedSource {
  model?: SourceModel;
  diagnostics: Diagnostic[];
  /** Texts diagnostics point into, by the name their spans use (a file, or a flag), for code frames. */
  texts: Map<string, string>;
}

export interface SourceContext {
  cwd: string;
  projectRoot: string;
  readStdin(): string;
}

/** What a schema file or a diagram gives, read from its text. */
export interface SourceRead {
  model?: SourceModel;
  diagnostics: Diagnostic[];
}

/** `reads` answers for a text read before (a watch session's, see prepareMake); keyed by the text, it gives what reading it would. */
export function loadSource(input: MakeInput, context: SourceContext, fs?: ProjectFs, reads?: RunMemo<SourceRead>): LoadedSource {
  if (input.kind === 'fields') return sourceFromFlags(input);
  const named = input.path === undefined ? {} : { explicit: input.path, ...(input.flag === undefined ? {} : { flag: input.flag }) };
  const schema = readSchemaInput({ ...named, cwd: context.cwd, root: context.projectRoot, readStdin: context.readStdin }, fs);
  const { path, text } = schema;
  if (path === undefined || text === undefined) return { diagnostics: schema.diagnostics, texts: new Map() };
  const readText = (): SourceRead => (input.kind === 'diagram' ? readDiagramFile(path, text) : readSchemaFile(path, text));
  const read = reads === undefined ? readText() : reads.get(`${input.kind}\u0000${path}\u0000${text}`, readText);
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
