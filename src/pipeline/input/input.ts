import { basename, resolve } from 'node:path';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SourceEntity, SourceModel } from '../../ir/ir.generated.js';
import { CLASS_DATA_PATH } from '../../emit/records/class-data.js';
import { isDiagramPath } from '../../text/file-kinds.js';
import { nodeFs, type ProjectFs } from '../../project/fs/project-fs.js';
import { readSchemaInput, type NothingGiven } from '../../project/read/schema-input.js';
import type { FrontEndKind } from './front-ends.js';

/**
 * Finding and reading a command's input, apart from the front ends that parse it (source.ts): a `make` that
 * finds the project settled by the same input (settled-make.ts) loads no parser at all.
 */

/**
 * Where a command's entities come from: one entity on the command line, a schema file, a Mermaid diagram, or
 * the project's database, read (asynchronously, before the run) into its model (src/project/database/database-input.ts).
 */
export type MakeInput =
  | { kind: 'fields'; entity: string; fields?: string; addFields?: string; softDeletes: boolean; wizard?: SourceEntity[] }
  | DatabaseInput
  | OpenApiInput
  | { kind: 'schema'; path?: string; flag?: string }
  | { kind: 'diagram'; path: string; flag?: string };

export type FileInput = Extract<MakeInput, { kind: 'schema' | 'diagram' }>;

/** The tables of a database as the front end lowered them; `described` is what the identity of the run hashes. */
export interface DatabaseInput {
  kind: 'database';
  model: SourceModel;
  diagnostics: Diagnostic[];
  described: string;
}

/**
 * An OpenAPI document as its front end lowered it, read (asynchronously, before the run) with the files its
 * `$ref`s name: `texts` holds each, by the path its diagnostics give; `described` is what the run's identity hashes.
 */
export interface OpenApiInput {
  kind: 'openapi';
  model?: SourceModel;
  diagnostics: Diagnostic[];
  texts: Map<string, string>;
  described: string;
}

/** An input read before the run, whose model the run takes as it is. */
export type ReadInput = DatabaseInput | OpenApiInput;

export function isReadInput(input: { kind: string }): input is ReadInput {
  return input.kind === 'database' || input.kind === 'openapi';
}

export type NamedFileInput = FileInput & { path: string };

/**
 * The input a named file gives: a diagram by its extension (`.mmd`, `.mermaid`, `.md`), else a schema file.
 * `flag` is the option that named it, for errors (none for a command's argument).
 */
export function inputForFile(path: string, flag?: string): NamedFileInput {
  const named = flag === undefined ? { path } : { path, flag };
  return isDiagramPath(path) ? { kind: 'diagram', ...named } : { kind: 'schema', ...named };
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

/** An input as read, before any front end has looked at it; `absolute` is absent for standard input. */
export type InputText = Extract<MakeInput, { kind: 'fields' }> | ReadInput | { kind: 'schema' | 'diagram'; path: string; absolute?: string; text: string };

/**
 * The project's record of generated entities (class_data.json at its root), which `make <Entity>` regenerates
 * an entity from and every regeneration compares its entities with; `text` is absent when there is none.
 */
export interface RecordText {
  path: string;
  absolute: string;
  text?: string;
}

export interface InputReading {
  text?: InputText;
  /** The record, unless the input is the record itself. */
  record?: RecordText;
  diagnostics: Diagnostic[];
}

/** Reads the input's text: the file named, standard input, the schema file found at the root, or the flags. */
export function readInput(input: MakeInput, context: DiscoveryContext, fs?: ProjectFs): InputReading {
  if (input.kind === 'fields' || isReadInput(input)) return { text: input, diagnostics: [] };
  const named =
    input.path === undefined ? { nothingGiven: context.nothingGiven } : { explicit: input.path, ...(input.flag === undefined ? {} : { flag: input.flag }) };
  const schema = readSchemaInput({ ...named, cwd: context.cwd, root: context.projectRoot, readStdin: context.readStdin }, fs);
  if (schema.path === undefined || schema.text === undefined) return { diagnostics: schema.diagnostics };
  const absolute = schema.absolute === undefined ? {} : { absolute: schema.absolute };
  return { text: { kind: input.kind, path: schema.path, ...absolute, text: schema.text }, diagnostics: [] };
}

/** What `make` reads: the input, and the record beside it unless the input is the record. */
export function readMakeInput(input: MakeInput, context: DiscoveryContext, fs?: ProjectFs): InputReading {
  const reading = readInput(input, context, fs);
  if (reading.text === undefined) return reading;
  const record = readRecord(context, fs);
  if (reading.text.kind !== 'fields' && !isReadInput(reading.text) && reading.text.absolute === record.text.absolute) return reading;
  return { text: reading.text, record: record.text, diagnostics: [...reading.diagnostics, ...record.diagnostics] };
}

function readRecord(context: SourceContext, fs: ProjectFs | undefined): { text: RecordText; diagnostics: Diagnostic[] } {
  const absolute = resolve(context.projectRoot, CLASS_DATA_PATH);
  const place = { path: CLASS_DATA_PATH, absolute };
  if (!(fs ?? nodeFs).exists(absolute)) return { text: place, diagnostics: [] };
  const read = readSchemaInput({ explicit: absolute, cwd: context.cwd, root: context.projectRoot, readStdin: context.readStdin }, fs);
  if (read.path === undefined || read.text === undefined) return { text: place, diagnostics: read.diagnostics };
  return { text: { path: read.path, absolute, text: read.text }, diagnostics: [] };
}

/** The front ends a reading needs: its input's kind's, and the record's when there is one. */
export function frontEndKinds(reading: InputReading): FrontEndKind[] {
  const kinds: FrontEndKind[] = reading.text === undefined || reading.text.kind === 'fields' || isReadInput(reading.text) ? [] : [reading.text.kind];
  return reading.record?.text === undefined ? kinds : [...kinds, 'record'];
}

/**
 * Everything of an input that generated code depends on: the text, and what it is. Of a file's name only the
 * base name counts: it chooses the format (`.json`, `.yaml`, `class_data.json`), while the rest of the path,
 * which depends on where the user stands, only places diagnostics. The file itself comes too, as the run may
 * edit it (class_data.json is both an input and the record of entities). An entity of the command line is
 * made from the record as much as from the flags (its relations, and its fields when --fields is absent):
 * the record is its text, and its file, present or not, since the run writes it.
 */
export function inputIdentity(input: InputText, record?: RecordText): { input: string; text: string; file?: string } {
  if (input.kind === 'fields') {
    const flags = { input: JSON.stringify(['fields', input.entity, input.fields ?? null, input.addFields ?? null, input.softDeletes, input.wizard ?? null]), text: record?.text ?? '' };
    return record === undefined ? flags : { ...flags, file: record.absolute };
  }
  if (isReadInput(input)) return { input: input.kind, text: input.described };
  const named = { input: `${input.kind} ${basename(input.path)}`, text: input.text };
  return input.absolute === undefined ? named : { ...named, file: input.absolute };
}
