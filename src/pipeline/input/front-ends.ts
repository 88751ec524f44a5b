import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SourceModel } from '../../ir/ir.generated.js';
import type { FrontEndMemory } from '../../frontends/front-end-memory.js';

/** What a schema file or a diagram gives, read from its text. */
export interface SourceRead {
  model?: SourceModel;
  diagnostics: Diagnostic[];
}

/** The kinds of input file, each read by a front end of its own. */
export type FileKind = 'schema' | 'diagram';

/** What a front end reads: an input file, or the project's record of generated entities (class_data.json). */
export type FrontEndKind = FileKind | 'record';

/** A file's text into a source model, or what is wrong with it. */
export type FrontEnd = (path: string, text: string, memory?: FrontEndMemory) => SourceRead;

/**
 * The front ends a run has loaded. Each pulls a parser of its own (yaml and the schema validators; Chevrotain
 * and the Mermaid grammars) that costs more to load than a small run costs to do, so a command loads only the
 * kinds its inputs are (loadFrontEnds); every-front-end.ts holds all of them, for callers that read any kind.
 * The record is JSON: its front end loads neither YAML nor a grammar.
 */
export type FrontEnds = Partial<Record<FrontEndKind, FrontEnd>>;

export async function loadFrontEnds(kinds: Iterable<FrontEndKind | 'fields' | 'database' | 'openapi'>): Promise<FrontEnds> {
  const wanted = new Set(kinds);
  const frontEnds: FrontEnds = {};
  if (wanted.has('schema')) frontEnds.schema = (await import('../../frontends/schema/index.js')).readSchemaFile;
  if (wanted.has('diagram')) frontEnds.diagram = (await import('../../frontends/diagram/index.js')).readDiagramFile;
  if (wanted.has('record')) frontEnds.record = (await import('../../frontends/schema/class-data-file.js')).readClassDataFile;
  return frontEnds;
}
