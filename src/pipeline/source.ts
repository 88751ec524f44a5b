import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { isDiagramPath, readDiagramFile } from '../frontends/diagram/index.js';
import { parseFields } from '../frontends/fields.js';
import { readSchemaFile } from '../frontends/schema/index.js';
import type { SourceModel } from '../ir/ir.generated.js';
import { readSchemaInput, type NothingGiven, type SchemaInput } from '../project/schema-input.js';
import type { ProjectFs } from '../project/index.js';

/** Where a command's entities come from: one entity on the command line, a schema file, or a Mermaid diagram. */
export type MakeInput =
  | { kind: 'fields'; entity: string; fields?: string; softDeletes: boolean }
  | { kind: 'schema'; path?: string; flag?: string }
  | { kind: 'diagram'; path: string; flag?: string };

export type FileInput = Extract<MakeInput, { kind: 'schema' | 'diagram' }>;

export type NamedFileInput = FileInput & { path: string };

/**
 * The input a named file gives: a diagram by its extension (`.mmd`, `.mermaid`, `.md`), else a schema file.
 * `flag` is the option that named it, for errors (none for a command's argument).
 */
export function inputForFile(path: string, flag?: string): NamedFileInput {
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

/** For an input that may name no file: what the command says when the project has no schema file either. */
export interface DiscoveryContext extends SourceContext {
  nothingGiven: NothingGiven;
}

export function loadSource(input: MakeInput, context: DiscoveryContext, fs?: ProjectFs): LoadedSource {
  if (input.kind === 'fields') return sourceFromFlags(input);
  if (input.path !== undefined) return loadFile({ ...input, path: input.path }, context, fs);
  const found = readSchemaInput({ nothingGiven: context.nothingGiven, cwd: context.cwd, root: context.projectRoot, readStdin: context.readStdin }, fs);
  return readInput(input.kind, found);
}

/** A schema file or diagram the command line names. */
export function loadFile(input: NamedFileInput, context: SourceContext, fs?: ProjectFs): LoadedSource {
  const named = { explicit: input.path, ...(input.flag === undefined ? {} : { flag: input.flag }) };
  return readInput(input.kind, readSchemaInput({ ...named, cwd: context.cwd, root: context.projectRoot, readStdin: context.readStdin }, fs));
}

function readInput(kind: FileInput['kind'], schema: SchemaInput): LoadedSource {
  if (schema.path === undefined || schema.text === undefined) return { diagnostics: schema.diagnostics, texts: new Map() };
  const read = kind === 'diagram' ? readDiagramFile(schema.path, schema.text) : readSchemaFile(schema.path, schema.text);
  return { ...(read.model === undefined ? {} : { model: read.model }), diagnostics: read.diagnostics, texts: new Map([[schema.path, schema.text]]) };
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
