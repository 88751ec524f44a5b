import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SourceModel } from '../../ir/ir.generated.js';
import type { AddedFields } from '../../passes/project/added-fields.js';

/** An input through its front end: the source model, or what is wrong with the input. */
export interface LoadedSource {
  model?: SourceModel;
  diagnostics: Diagnostic[];
  /** Texts diagnostics point into, by the name their spans use (a file, or a flag), for code frames. */
  texts: Map<string, string>;
  /**
   * The class names of the entities to generate, when not every entity of the model is: the others are there
   * for what the planned ones' relations need of them (entity-source.ts).
   */
  planned?: readonly string[];
  /** `make <Entity> --add-fields`: the entity, and the fields the run adds to its migrated table. */
  addition?: AddedFields;
}
