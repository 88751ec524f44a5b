import { hasErrors, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { checkModel } from '../passes/check.js';
import type { ProjectFs } from '../project/fs/project-fs.js';
import type { NothingGiven } from '../project/read/schema-input.js';
import type { FrontEnds } from './input/front-ends.js';
import { loadSource } from './input/source.js';
import { readCommandFile, readOpenApiInput, type CommandFile } from './openapi-input.js';

export interface ValidateRequest {
  /**
   * The files as the command named them (validatedInputs), an OpenAPI document already read; none looks for a
   * schema file in `cwd`.
   */
  inputs: readonly CommandFile[];
  cwd: string;
  readStdin(): string;
}

/** One file's result: as diagnostics name it, and what it declares. */
export interface ValidatedFile {
  path?: string;
  ok: boolean;
  entityCount: number;
}

export interface ValidateOutcome {
  ok: boolean;
  diagnostics: Diagnostic[];
  texts: ReadonlyMap<string, string>;
  files: ValidatedFile[];
}

const NO_FILE: NothingGiven = {
  missing: 'no file to validate',
  span: { flag: '<file>' },
  hint: 'name the files to check: fullapi validate <file...> (schema files or Mermaid diagrams)',
};

/**
 * `fullapi validate`: the front end and the passes, without a Laravel project and without writing: what
 * `make` would refuse, `validate` reports, for every file given, all together.
 */
export function runValidate(request: ValidateRequest, frontEnds: FrontEnds, fs?: ProjectFs): ValidateOutcome {
  const inputs = request.inputs.length === 0 ? [{ kind: 'schema' as const }] : request.inputs;
  const diagnostics: Diagnostic[] = [];
  const texts = new Map<string, string>();
  const files = inputs.map((input): ValidatedFile => {
    const source = loadSource(input, frontEnds, { cwd: request.cwd, projectRoot: request.cwd, readStdin: request.readStdin, nothingGiven: NO_FILE }, fs);
    const checked = source.model === undefined ? { diagnostics: [] } : checkModel(source.model);
    const found = [...source.diagnostics, ...checked.diagnostics];
    for (const diagnostic of found) diagnostics.push(diagnostic);
    for (const [name, text] of source.texts) texts.set(name, text);
    const path = [...source.texts.keys()][0];
    return { ...(path === undefined ? {} : { path }), ok: !hasErrors(found), entityCount: source.model?.entities.length ?? 0 };
  });
  return { ok: !hasErrors(diagnostics), diagnostics: sortDiagnostics(diagnostics), texts, files };
}

/**
 * The files `validate` reads, each as what it holds (an OpenAPI document by its root key, whatever its name), and
 * those `--openapi` names as OpenAPI documents.
 */
export async function validatedInputs(request: ValidatedFiles, fs?: ProjectFs): Promise<CommandFile[]> {
  const context = { cwd: request.cwd, projectRoot: request.cwd, readStdin: request.readStdin };
  const named = await Promise.all(request.files.map((path) => readCommandFile({ ...context, path }, fs)));
  const documents = await Promise.all(request.openapi.map((path) => readOpenApiInput({ ...context, path, flag: '--openapi' }, fs)));
  return [...named, ...documents];
}

export interface ValidatedFiles {
  /** As typed; `-` reads standard input. */
  files: readonly string[];
  /** What `--openapi` names. */
  openapi: readonly string[];
  cwd: string;
  readStdin(): string;
}
