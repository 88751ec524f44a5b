import { sortDiagnostics, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SourceModel, Span } from '../../ir/ir.generated.js';
import type { DocNode } from '../../text/doc-node.js';
import type { Locate } from '../../text/positions.js';
import { repeatedKeys } from './repeated-keys.js';
import { schemaProblems, type Flavor, type SchemaValidator } from './schema-errors.js';

/**
 * What a schema file's format is to its reading, once its text is a document: apart from the YAML reader, so
 * that reading a JSON file (the record of entities above all) does not load it.
 */
export interface SchemaFormat {
  schema: Readonly<Record<string, unknown>>;
  validator: SchemaValidator;
  lower(root: DocNode, locate: Locate): { model: SourceModel; diagnostics: Diagnostic[] };
  /** Mappings whose repeated keys the lowering or the passes report by what they are (entity, field...). */
  repeatsNamedElsewhere(pointer: string): boolean;
  /** Sections that are mappings of their own, which a YAML file may leave with nothing but comments. */
  isSection(pointer: string): boolean;
}

/** A document of the format -> its source model, with the reader's problems, the lowering's and the JSON Schema's. */
export function readDocument(format: SchemaFormat, root: DocNode, readProblems: readonly Diagnostic[], locate: Locate, flavor: Flavor): { model: SourceModel; diagnostics: Diagnostic[] } {
  const lowered = format.lower(root, locate);
  const precise = [...readProblems, ...lowered.diagnostics, ...repeatedKeys(root, locate, format.repeatsNamedElsewhere)];
  // A string read word by word (a field type, a relation kind) gets its error at the word: the JSON
  // Schema's "must match pattern" on the whole string would only say the same thing less well.
  const shapes = schemaProblems(format.schema, format.validator, root, locate, flavor)
    .filter((problem) => !(problem.onString && precise.some((found) => within(found.span, problem.diagnostic.span))))
    .map((problem) => problem.diagnostic);
  return { model: lowered.model, diagnostics: sortDiagnostics([...precise, ...shapes]) };
}

function within(inner: Span | undefined, outer: Span | undefined): boolean {
  if (inner?.line === undefined || inner.column === undefined || outer?.line === undefined || outer.column === undefined) return false;
  return inner.line === outer.line && inner.column >= outer.column && inner.column < (outer.endColumn ?? outer.column + 1);
}
