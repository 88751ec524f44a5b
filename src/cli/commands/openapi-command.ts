import { relative, resolve } from 'node:path';
import { error, hasErrors, sortDiagnostics, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { documentText } from '../../emit/openapi/document-text.js';
import { CLASS_DATA_PATH } from '../../emit/records/class-data.js';
import { loadFrontEnds } from '../../pipeline/input/front-ends.js';
import { inputForFile, type NamedFileInput } from '../../pipeline/input/input.js';
import { documentInput } from '../../pipeline/openapi.js';
import { readCommandFile } from '../../pipeline/openapi-input.js';
import { renderDiff } from '../../plan/render-diff.js';
import { nodeFs, type ProjectFs } from '../../project/fs/project-fs.js';
import { type FileChange } from '../../plan/file-change.js';
import { applyChanges } from '../../project/write/apply-changes.js';
import { isProjectRelativePath } from '../../project/fs/project-path.js';
import { outputProblems, projectRoot, report } from '../output/command-output.js';
import type { CliIo } from '../io.js';
import { humanDiagnostics, palette } from '../output/report.js';
import type { OptionValues } from '../../ir/options.js';

export type OpenApiFlags = OptionValues<'output' | 'check' | 'schema' | 'mermaid' | 'project'>;

/** What `--check` prints of a document that differs from the file: the start of the diff. */
const CHECK_DIFF_LINES = 40;

/**
 * `fullapi openapi [input]`: the OpenAPI document of the entities of the input (class_data.json, the record of
 * what `make` generated, unless a schema file or diagram is named), as the project would have them. On standard
 * output, or written to `--output` by the writer; `--check` compares that file with the document instead.
 */
export async function openapi(file: string | undefined, flags: OpenApiFlags, io: CliIo): Promise<number> {
  const root = projectRoot(flags, io);
  const usage = usageProblems(file, flags);
  if (usage.length > 0) return failed(usage, new Map(), io);
  const named = documentedInput(file, flags, root);
  if (file === undefined && flags.schema === undefined && flags.mermaid === undefined && !nodeFs.exists(named.path)) return failed([noRecord(root)], new Map(), io);
  // A file argument may be an OpenAPI document: the document of the API generated from it, as fullapi writes it.
  const input = file === undefined ? named : await readCommandFile({ path: file, cwd: io.cwd, projectRoot: root, readStdin: io.readStdin });
  const produced = documentInput(input, await loadFrontEnds([input.kind]), { cwd: io.cwd, projectRoot: root, readStdin: io.readStdin });
  if (produced.document === undefined) return failed(produced.diagnostics, produced.texts, io);
  // Warnings about the input (a diagram's ignored styling) go to stderr: stdout may be the document.
  if (produced.diagnostics.length > 0) io.stderr(`${humanDiagnostics(sortDiagnostics(produced.diagnostics), produced.texts, palette(io.colors)).join('\n')}\n`);
  const text = documentText(produced.document, flags.output);
  if (flags.output === undefined) {
    io.stdout(text);
    return 0;
  }
  const change = outputChange(root, resolve(io.cwd, flags.output), text, nodeFs);
  if (!('action' in change)) return failed([change], new Map(), io);
  if (flags.check === true) return checked(change, io);
  const written = change.action === 'unchanged' ? [] : applyChanges(root, [change]);
  return report({ ok: !hasErrors(written), changes: hasErrors(written) ? [] : [change], diagnostics: written }, flags, new Map(), io);
}

function noRecord(root: string): Diagnostic {
  return error('no_class_data', `${CLASS_DATA_PATH} not found in ${root}: no entity was generated there`, { flag: '--project' }, 'run fullapi make first, or name a schema file or diagram: fullapi openapi api-schema.yaml');
}

function usageProblems(file: string | undefined, flags: OpenApiFlags): Diagnostic[] {
  const problems = outputProblems(flags);
  const named = [file, flags.schema, flags.mermaid].filter((given) => given !== undefined);
  if (named.length > 1) problems.push(error('invalid_option', 'name one input: a file argument, --schema or --mermaid', { flag: flags.mermaid === undefined ? '--schema' : '--mermaid' }));
  if (flags.check === true && flags.output === undefined) {
    problems.push(error('invalid_option', '--check compares the document with the file --output names', { flag: '--check' }, 'fullapi openapi --output openapi.json --check'));
  }
  if (flags.output === '') problems.push(error('invalid_option', '--output needs a file name', { flag: '--output' }));
  return problems;
}

/** The file the entities come from: the one named, else the project's record, which `make` writes. */
function documentedInput(file: string | undefined, flags: OpenApiFlags, root: string): NamedFileInput {
  if (file !== undefined) return inputForFile(file);
  if (flags.schema !== undefined) return { kind: 'schema', path: flags.schema, flag: '--schema' };
  if (flags.mermaid !== undefined) return { kind: 'diagram', path: flags.mermaid, flag: '--mermaid' };
  return { kind: 'schema', path: resolve(root, CLASS_DATA_PATH) };
}

/** The document as a change of the output file, which must be inside the project, as every file the writer writes. */
function outputChange(root: string, absolute: string, text: string, fs: ProjectFs): FileChange | Diagnostic {
  const path = relative(root, absolute).split('\\').join('/');
  if (!isProjectRelativePath(path)) {
    return error('path_outside_project', `--output names ${absolute}, outside the project ${root}`, { flag: '--output' }, 'write the document inside the project, e.g. --output openapi.json');
  }
  const before = fs.exists(absolute) ? fs.readFile(absolute) : undefined;
  const action = before === undefined ? 'created' : before === text ? 'unchanged' : 'updated';
  return { path, action, ...(before === undefined ? {} : { before }), after: text, source: 'generated' };
}

/** `--check`: 0 when the file holds the document; else 1, with the start of the diff. */
function checked(change: FileChange, io: CliIo): number {
  if (change.action === 'unchanged') {
    io.stdout(`${change.path} is up to date.\n`);
    return 0;
  }
  const diff = renderDiff(change).split('\n');
  const shown = diff.length > CHECK_DIFF_LINES ? [...diff.slice(0, CHECK_DIFF_LINES), `... ${diff.length - CHECK_DIFF_LINES} more lines`] : diff;
  const what = change.action === 'created' ? 'the file does not exist' : 'the file differs from the document of the entities (the diff above)';
  const problem = error('openapi_out_of_date', what, { file: change.path }, 'run fullapi openapi --output without --check to write it');
  io.stdout(`${shown.join('\n')}\n`);
  return failed([problem], new Map(), io);
}

function failed(diagnostics: readonly Diagnostic[], texts: ReadonlyMap<string, string>, io: CliIo): number {
  io.stderr(`${humanDiagnostics(sortDiagnostics(diagnostics), texts, palette(io.colors)).join('\n')}\n`);
  return 1;
}
