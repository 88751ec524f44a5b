import { isAbsolute, relative, resolve } from 'node:path';
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { SCHEMA_FILE_NAMES } from '../../text/file-kinds.js';
import type { Span } from '../../ir/ir.generated.js';
import { withoutByteOrderMark } from '../../text/json-text.js';
import { describeOsError, nodeFs, type ProjectFs } from '../fs/project-fs.js';

/**
 * The file as the user typed it (`-` is standard input), with the flag that named it (`--schema`, `--mermaid`) for
 * errors, none for a command's argument; or, to discover it at the root, what to say when there is none.
 */
export type SchemaInputRequest = SchemaInputPlace & ({ explicit: string; flag?: string } | { nothingGiven: NothingGiven });

interface SchemaInputPlace {
  cwd: string;
  /** Where discovery looks: the project root. */
  root: string;
  readStdin(): string;
}

/**
 * What a command that falls back on the project's schema file says when there is none: what it was not given,
 * where that goes on its command line, and a hint in terms of its own arguments (`make` and `validate` take
 * different ones).
 */
export interface NothingGiven {
  /** e.g. `no entity name`. */
  missing: string;
  span: Span;
  hint: string;
}

/** The schema text and the name diagnostics give it (as the user would type it). */
export interface SchemaInput {
  path?: string;
  /** Where the file is, absolute; absent for standard input. */
  absolute?: string;
  text?: string;
  diagnostics: Diagnostic[];
}

export const STDIN_NAME = '<stdin>';

/** Reads the schema file a command works from: the one named, standard input, or the first found at the root. */
export function readSchemaInput(request: SchemaInputRequest, fs: ProjectFs = nodeFs): SchemaInput {
  if ('explicit' in request) {
    if (request.explicit === '-') return readStdin(request.readStdin, request.flag);
    const absolute = resolve(request.cwd, request.explicit);
    return readFile(absolute, displayPath(request.cwd, absolute), request.flag, fs);
  }
  // A project folder that does not exist has no schema file to find: the command says the folder is missing.
  if (!fs.exists(request.root)) return { diagnostics: [] };
  for (const name of SCHEMA_FILE_NAMES) {
    const absolute = resolve(request.root, name);
    if (fs.exists(absolute)) return readFile(absolute, displayPath(request.cwd, absolute), undefined, fs);
  }
  const { missing, span, hint } = request.nothingGiven;
  return {
    diagnostics: [error('unreadable_schema_file', `${missing} and no schema file: ${SCHEMA_FILE_NAMES.join(', ')} not found in ${request.root}`, span, hint)],
  };
}

function readStdin(read: () => string, flag: string | undefined): SchemaInput {
  try {
    return { path: STDIN_NAME, text: read(), diagnostics: [] };
  } catch (cause) {
    return { diagnostics: [error('unreadable_schema_file', `cannot read standard input: ${describeOsError(cause)}`, { flag: flag ?? STDIN_NAME })] };
  }
}

function readFile(absolute: string, path: string, flag: string | undefined, fs: ProjectFs): SchemaInput {
  try {
    return { path, absolute, text: withoutByteOrderMark(fs.readFile(absolute)), diagnostics: [] };
  } catch (cause) {
    const span = flag === undefined ? { file: path } : { flag };
    return { diagnostics: [error('unreadable_schema_file', `cannot read ${path}: ${describeOsError(cause)}`, span)] };
  }
}

/** Relative to where the user stands when the file is below it, so messages match what they typed. */
export function displayPath(cwd: string, absolute: string): string {
  const fromCwd = relative(cwd, absolute);
  return fromCwd.startsWith('..') || isAbsolute(fromCwd) ? absolute : fromCwd.split('\\').join('/');
}
