import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { openApiDocument } from '../emit/openapi/document.js';
import type { JsonObject } from '../emit/openapi/json-schema.js';
import { checkModel } from '../passes/check.js';
import { readProject } from '../project/read/read-project.js';
import { nodeFs, type ProjectFs } from '../project/fs/project-fs.js';
import type { FrontEnds } from './input/front-ends.js';
import type { SourceContext } from './input/input.js';
import type { CommandFile } from './openapi-input.js';
import { lowerIntoProject } from './make/plan-generation.js';
import { loadFile } from './input/source.js';

/** The OpenAPI document of an input's entities, as the project would have them; what `fullapi openapi` and the MCP tool print. */
export interface DocumentedInput {
  document?: JsonObject;
  diagnostics: Diagnostic[];
  texts: ReadonlyMap<string, string>;
}

/** The input through its front end and the passes, lowered into the project as `make` lowers it, then the emitter. */
export function documentInput(input: CommandFile, frontEnds: FrontEnds, context: SourceContext, fs: ProjectFs = nodeFs): DocumentedInput {
  const source = loadFile(input, frontEnds, context, fs);
  const model = source.model === undefined ? { diagnostics: [] } : checkModel(source.model);
  const project = readProject(context.projectRoot, fs);
  const diagnostics = [...source.diagnostics, ...model.diagnostics, ...project.diagnostics];
  if (hasErrors(diagnostics) || model.model === undefined || project.snapshot === undefined) return { diagnostics, texts: source.texts };
  const lowered = lowerIntoProject(model.model, project.snapshot);
  if (hasErrors(lowered.diagnostics)) return { diagnostics: [...diagnostics, ...lowered.diagnostics], texts: source.texts };
  return { diagnostics, texts: source.texts, document: openApiDocument(lowered.model.entities, project.snapshot.facts) };
}
