import { isAbsolute, relative, resolve } from 'node:path';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import { SCHEMA_FILE_NAMES } from '../frontends/schema/index.js';
import type { Span } from '../ir/ir.generated.js';
import { withoutByteOrderMark } from '../text/json-text.js';
import { describeOsError, nodeFs, type ProjectFs } from './project-fs.js';

export interface SchemaInputRequest {
  /** The file as the user typed it; `-` is standard input; absent means discover. */
  explicit?: string;
  /** The flag that named `explicit` (`--schema`, `--mermaid`), for errors; absent for a command's argument. */
  flag?: string;
  /** Without `explicit`: how the command says it was given nothing to read and found no schema file either. */
  nothingGiven?: NothingGiven;
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
  text?: string;
  diagnostics: Diagnostic[];
}

export const STDIN_NAME = '<stdin>';

/** Reads the schema file a command works from: the one named, standard input, or the first found at the root. */
export function readSchemaInput(request: SchemaInputRequest, fs: ProjectFs = nodeFs): SchemaInput {
  if (request.explicit === '-') return readStdin(request);
  if (request.explicit !== undefined) {
    const absolute = resolve(request.cwd, request.explicit);
    return readFile(absolute, displayPath(request.cwd, absolute), request.flag, fs);
  }
  for (const name of SCHEMA_FILE_NAMES) {
    const absolute = resolve(request.root, name);
    if (fs.exists(absolute)) return readFile(absolute, displayPath(request.cwd, absolute), undefined, fs);
  }
  const notFound = `${SCHEMA_FILE_NAMES.join(', ')} not found in ${request.root}`;
  const given = request.nothingGiven;
  if (given === undefined) return { diagnostics: [error('unreadable_schema_file', `no schema file: ${notFound}`)] };
  return { diagnostics: [error('unreadable_schema_file', `${given.missing} and no schema file: ${notFound}`, given.span, given.hint)] };
}

function readStdin(request: SchemaInputRequest): SchemaInput {
  try {
    return { path: STDIN_NAME, text: request.readStdin(), diagnostics: [] };
  } catch (cause) {
    return { diagnostics: [error('unreadable_schema_file', `cannot read standard input: ${describeOsError(cause)}`, { flag: request.flag ?? STDIN_NAME })] };
  }
}

function readFile(absolute: string, path: string, flag: string | undefined, fs: ProjectFs): SchemaInput {
  try {
    return { path, text: withoutByteOrderMark(fs.readFile(absolute)), diagnostics: [] };
  } catch (cause) {
    const span = flag === undefined ? { file: path } : { flag };
    return { diagnostics: [error('unreadable_schema_file', `cannot read ${path}: ${describeOsError(cause)}`, span)] };
  }
}

/** Relative to where the user stands when the file is below it, so messages match what they typed. */
function displayPath(cwd: string, absolute: string): string {
  const fromCwd = relative(cwd, absolute);
  return fromCwd.startsWith('..') || isAbsolute(fromCwd) ? absolute : fromCwd.split('\\').join('/');
}
