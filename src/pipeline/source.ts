import { basename } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { isDiagramPath, readDiagramFile } from '../frontends/diagram/index.js';
import { parseFields } from '../frontends/fields.js';
import { readSchemaFile } from '../frontends/schema/index.js';
import type { SourceModel } from '../ir/ir.generated.js';
import { readSchemaInput, type NothingGiven } from '../project/schema-input.js';
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
  const read = readInput(input, context, fs);
  return read.text === undefined ? { diagnostics: read.diagnostics, texts: new Map() } : parseInput(read.text);
}

/** A schema file or diagram the command line names. */
export function loadFile(input: NamedFileInput, context: SourceContext, fs?: ProjectFs): LoadedSource {
  const named = { explicit: input.path, ...(input.flag === undefined ? {} : { flag: input.flag }) };
  const schema = readSchemaInput({ ...named, cwd: context.cwd, root: context.projectRoot, readStdin: context.readStdin }, fs);
  if (schema.path === undefined || schema.text === undefined) return { diagnostics: schema.diagnostics, texts: new Map() };
  return parseInput({ kind: input.kind, path: schema.path, text: schema.text });
}

/** An input as read, before any front end has looked at it; `absolute` is absent for standard input. */
export type InputText = Extract<MakeInput, { kind: 'fields' }> | { kind: 'schema' | 'diagram'; path: string; absolute?: string; text: string };

/** Reads the input's text: the file named, standard input, the schema file found at the root, or the flags. */
export function readInput(input: MakeInput, context: DiscoveryContext, fs?: ProjectFs): { text?: InputText; diagnostics: Diagnostic[] } {
  if (input.kind === 'fields') return { text: input, diagnostics: [] };
  const named =
    input.path === undefined ? { nothingGiven: context.nothingGiven } : { explicit: input.path, ...(input.flag === undefined ? {} : { flag: input.flag }) };
  const schema = readSchemaInput({ ...named, cwd: context.cwd, root: context.projectRoot, readStdin: context.readStdin }, fs);
  if (schema.path === undefined || schema.text === undefined) return { diagnostics: schema.diagnostics };
  const absolute = schema.absolute === undefined ? {} : { absolute: schema.absolute };
  return { text: { kind: input.kind, path: schema.path, ...absolute, text: schema.text }, diagnostics: [] };
}

export function parseInput(input: InputText): LoadedSource {
  if (input.kind === 'fields') return sourceFromFlags(input);
  const read = input.kind === 'diagram' ? readDiagramFile(input.path, input.text) : readSchemaFile(input.path, input.text);
  return { ...(read.model === undefined ? {} : { model: read.model }), diagnostics: read.diagnostics, texts: new Map([[input.path, input.text]]) };
}

/**
 * Everything of an input that generated code depends on: the text, and what it is. Of a file's name only the
 * base name counts: it chooses the format (`.json`, `.yaml`, `class_data.json`), while the rest of the path,
 * which depends on where the user stands, only places diagnostics. The file itself comes too, as the run may
 * edit it (class_data.json is both an input and the record of entities).
 */
export function inputIdentity(input: InputText): { input: string; text: string; file?: string } {
  if (input.kind === 'fields') return { input: JSON.stringify(['fields', input.entity, input.fields ?? null, input.softDeletes]), text: '' };
  const named = { input: `${input.kind} ${basename(input.path)}`, text: input.text };
  return input.absolute === undefined ? named : { ...named, file: input.absolute };
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
