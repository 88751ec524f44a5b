import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import { isDiagramPath } from '../text/file-kinds.js';
import type { ProjectFs } from '../project/fs/project-fs.js';
import { readCommandFile, readOpenApiInput, type CommandFile } from '../pipeline/openapi-input.js';
import { givenText, givenTextName, type TextFormat } from '../pipeline/input/given-text.js';
import { projectFile } from './project-paths.js';
import type { InputSource, TextInput } from './text-input.js';
import type { ToolContext } from './tool.js';

const SCHEMA_FORMATS: readonly TextFormat[] = ['yaml', 'json'];
const DIAGRAM_FORMATS: readonly TextFormat[] = ['mermaid', 'markdown'];

/**
 * The input as the pipelines read it: a file (absolute, or relative to the project root), seen through `fs`.
 * `openapi` is a text given as a document; a file is told by its name and text (commandFile).
 */
export interface ReadableInput {
  file: string;
  kind: 'schema' | 'diagram' | 'openapi';
  /** The argument that gave it, which diagnostics about it name. */
  source: InputSource;
  fs: ProjectFs;
}

/** The names an OpenAPI document's text is read by when no name is given, by its format. */
const DEFAULT_OPENAPI_NAMES = { yaml: 'openapi.yaml', json: 'openapi.json' } as const;

/**
 * The one input among `sources` the arguments give, checked: a text gets its name, a file must be inside the
 * project. Exactly one must be given, unless `alsoGiven` names another input of the tool's own (`entity`).
 */
export function readableInput(args: TextInput, context: ToolContext, sources: readonly InputSource[], alsoGiven?: string): { input?: ReadableInput; diagnostics: Diagnostic[] } {
  const given = sources.filter((source) => args[source] !== undefined);
  const names = [...given, ...(alsoGiven === undefined ? [] : [alsoGiven])];
  if (names.length !== 1) {
    const choices = [...(alsoGiven === undefined ? [] : ['entity']), ...sources].join(', ');
    const message = names.length === 0 ? `give one of ${choices}` : `give one of ${choices}, not ${names.join(' and ')}`;
    return { diagnostics: [error('invalid_option', message, { flag: names[1] ?? sources[0] ?? 'input' })] };
  }
  const source = given[0];
  if (source === undefined) return { diagnostics: [] };
  if (source === 'file') {
    const strays = (['format', 'name'] as const).filter((key) => args[key] !== undefined);
    if (strays.length > 0) return { diagnostics: strays.map((key) => error('invalid_option', `${key} applies to a text; a file is read by its own name`, { flag: key }))};
    const found = projectFile(context.root, args.file ?? '', 'file', context.fs);
    if (found.file === undefined) return { diagnostics: found.diagnostics };
    return { input: { file: found.file.absolute, kind: isDiagramPath(found.file.relative) ? 'diagram' : 'schema', source, fs: context.fs }, diagnostics: [] };
  }
  const named = givenTextName(source === 'diagram' ? DIAGRAM_FORMATS : SCHEMA_FORMATS, { name: args.name, format: args.format }, source, source === 'openapi' ? DEFAULT_OPENAPI_NAMES : {});
  if (named.name === undefined) return { diagnostics: named.diagnostics };
  const text = givenText(context.root, named.name, args[source] ?? '', context.fs);
  return { input: { file: text.name, kind: source, source, fs: text.fs }, diagnostics: [] };
}

/**
 * The input as a run takes it: an OpenAPI document (given as one, or a file that is one) read with the files its
 * `$ref`s name; else the schema file or diagram. Diagnostics about it blame the argument that gave it.
 */
export async function commandFile(input: ReadableInput, root: string, readStdin: () => string): Promise<CommandFile> {
  const request = { path: input.file, flag: input.source, cwd: root, projectRoot: root, readStdin };
  return input.kind === 'openapi' ? readOpenApiInput(request, input.fs) : readCommandFile(request, input.fs);
}
