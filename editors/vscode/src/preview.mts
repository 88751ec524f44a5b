import { applyPatch } from 'diff';
import { isAbsolute, join } from 'node:path';

/** The result of the server's `fullapi/preview` request: the dry-run plan of one document. */
export interface PreviewResult {
  ok: boolean;
  files: { path: string; action: string; diff?: string }[];
  diagnostics: { code: string; message: string; line?: number; column?: number; file?: string }[];
}

/** One file the plan would change, with both sides for a diff editor when the diff applies to the disk as it is. */
export interface PreviewedFile {
  /** As the server names it, relative to the project. */
  path: string;
  absolutePath: string;
  action: string;
  /** Undefined when the file does not exist yet. */
  before: string | undefined;
  /** Undefined when the diff does not apply to `before`: the file changed since the server planned. */
  after: string | undefined;
  diff: string;
}

/** Only files with a diff: an unchanged or kept file has nothing to show. */
export function previewedFiles(result: PreviewResult, project: string, readFile: (path: string) => string | undefined): PreviewedFile[] {
  return result.files.flatMap((file) => {
    if (file.diff === undefined || file.diff === '') return [];
    const absolutePath = isAbsolute(file.path) ? file.path : join(project, file.path);
    const before = readFile(absolutePath);
    const patched = applyPatch(before ?? '', file.diff);
    return [{ path: file.path, absolutePath, action: file.action, before, after: patched === false ? undefined : patched, diff: file.diff }];
  });
}

function diagnosticLine(diagnostic: PreviewResult['diagnostics'][number]): string {
  const where = [diagnostic.file, diagnostic.line, diagnostic.column].filter((part) => part !== undefined).join(':');
  return `${where === '' ? '' : `${where}: `}${diagnostic.message} [${diagnostic.code}]`;
}

/**
 * The whole plan as one read-only document in the `diff` language: what each file becomes, then every diff.
 * Shown beside the per-file diff editors, so that a plan of fifteen files reads in one scroll.
 */
export function previewDocument(result: PreviewResult): string {
  if (!result.ok) return ['# fullapi would write nothing: the document has errors', '', ...result.diagnostics.map(diagnosticLine), ''].join('\n');
  const summary = result.files.map((file) => `# ${file.action.padEnd(10)} ${file.path}`);
  const diffs = result.files.flatMap((file) => (file.diff === undefined || file.diff === '' ? [] : [file.diff.trimEnd()]));
  return [...summary, '', ...diffs, ''].join('\n');
}
