import { error, type Diagnostic, type DiagnosticCode } from '../diagnostics/diagnostic.js';
import type { Span } from '../ir/ir.generated.js';
import { describeOsError, type ProjectFs } from './project-fs.js';
import { absoluteProjectPath, pathOutsideProject } from './project-path.js';

export type TextRead = { status: 'missing' } | { status: 'read'; text: string } | { status: 'failed'; diagnostic: Diagnostic };
export type JsonRead = { status: 'missing' } | { status: 'read'; value: unknown } | { status: 'failed'; diagnostic: Diagnostic };

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

/** Parses a project JSON file; bad syntax is reported under `syntaxCode` with the position when V8 gives one. */
export function readProjectJson(root: string, relative: string, fs: ProjectFs, syntaxCode: DiagnosticCode): JsonRead {
  const read = readProjectText(root, relative, fs);
  if (read.status !== 'read') return read;
  try {
    return { status: 'read', value: JSON.parse(read.text) };
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return {
      status: 'failed',
      diagnostic: error(syntaxCode, `${relative} is not valid JSON: ${reason}`, jsonErrorSpan(relative, read.text, reason)),
    };
  }
}

/** Node 20's JSON.parse says `at position N` (or nothing, at the end of input); turn that into line and column. */
function jsonErrorSpan(file: string, text: string, reason: string): Span {
  const offset = /at position (\d+)/.exec(reason)?.[1];
  if (offset !== undefined) return { file, ...lineAndColumn(text, Number(offset)) };
  if (reason.includes('end of JSON input')) return { file, ...lineAndColumn(text, text.length) };
  return { file };
}

/** 1-based line and column of a UTF-16 offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
