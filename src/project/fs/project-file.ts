import { error, type Diagnostic, type DiagnosticCode } from '../../diagnostics/diagnostic.js';
import { jsonSyntaxError } from '../../text/read-json.js';
import { withoutByteOrderMark } from '../../text/json-text.js';
import { describeOsError, type ProjectFs } from './project-fs.js';
import { absoluteProjectPath, pathOutsideProject } from './project-path.js';

export type TextRead = { status: 'missing' } | { status: 'read'; text: string } | { status: 'failed'; diagnostic: Diagnostic };
export type JsonRead = { status: 'missing' } | { status: 'read'; value: unknown; text: string } | { status: 'failed'; diagnostic: Diagnostic };

/**
 * A project file's text; a file that exists but cannot be read is an error, not a missing file. Most files a
 * run reads exist, so it reads first and asks whether the file exists only when the read fails.
 */
export function readProjectText(root: string, relative: string, fs: ProjectFs): TextRead {
  const absolute = absoluteProjectPath(root, relative);
  if (absolute === undefined) return { status: 'failed', diagnostic: pathOutsideProject(relative) };
  try {
    return { status: 'read', text: fs.readFile(absolute) };
  } catch (cause) {
    if (!fs.exists(absolute)) return { status: 'missing' };
    return {
      status: 'failed',
      diagnostic: error('unreadable_project_file', `Cannot read ${relative}: ${describeOsError(cause)}`, { file: relative }),
    };
  }
}

/** Parses a project JSON file; bad syntax is reported under `syntaxCode`, at its line and column. */
export function readProjectJson(root: string, relative: string, fs: ProjectFs, syntaxCode: DiagnosticCode): JsonRead {
  const read = readProjectText(root, relative, fs);
  return read.status === 'read' ? parseProjectJson(relative, read.text, syntaxCode) : read;
}

/** The text of a project JSON file, parsed; bad syntax is reported under `syntaxCode`, at its line and column. */
export function parseProjectJson(relative: string, read: string, syntaxCode: DiagnosticCode): Exclude<JsonRead, { status: 'missing' }> {
  const text = withoutByteOrderMark(read);
  try {
    return { status: 'read', value: JSON.parse(text), text: read };
  } catch (cause) {
    const { reason, span } = jsonSyntaxError(relative, text, cause instanceof Error ? cause.message : String(cause));
    return { status: 'failed', diagnostic: error(syntaxCode, `${relative} is not valid JSON: ${reason}`, span) };
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
