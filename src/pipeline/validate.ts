import { hasErrors, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { checkModel } from '../passes/check.js';
import type { ProjectFs } from '../project/index.js';
import { loadSource } from './source.js';

export interface ValidateRequest {
  /** The file as typed; `-` reads standard input; absent looks for a schema file in `cwd`. */
  file?: string;
  cwd: string;
  readStdin(): string;
}

export interface ValidateOutcome {
  ok: boolean;
  diagnostics: Diagnostic[];
  texts: ReadonlyMap<string, string>;
  /** The file checked, as diagnostics name it. */
  path?: string;
  entityCount: number;
}

/**
 * `fullapi validate`: the front end and the passes, without a Laravel project and without writing: what
 * `make` would refuse, `validate` reports.
 */
export function runValidate(request: ValidateRequest, fs?: ProjectFs): ValidateOutcome {
  const source = loadSource(
    { kind: 'schema', ...(request.file === undefined ? {} : { path: request.file }) },
    { cwd: request.cwd, projectRoot: request.cwd, readStdin: request.readStdin },
    fs,
  );
  const checked = source.model === undefined ? { diagnostics: [] } : checkModel(source.model);
  const diagnostics = sortDiagnostics([...source.diagnostics, ...checked.diagnostics]);
  const path = [...source.texts.keys()][0];
  return {
    ok: !hasErrors(diagnostics),
    diagnostics,
    texts: source.texts,
    ...(path === undefined ? {} : { path }),
    entityCount: source.model?.entities.length ?? 0,
  };
}
