import { isAbsolute, relative, resolve } from 'node:path';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import { SCHEMA_FILE_NAMES } from '../frontends/schema/index.js';
import { withoutByteOrderMark } from '../text/json-text.js';
import { describeOsError, nodeFs, type ProjectFs } from './project-fs.js';

export interface SchemaInputRequest {
  /** The file as the user typed it; `-` is standard input; absent means discover. */
  explicit?: string;
  /** The flag that named `explicit` (`--schema`, `--mermaid`), for errors; absent for a command's argument. */
  flag?: string;
  cwd: string;
  /** Where discovery looks: the project root. */
  root: string;
  readStdin(): string;
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
  if (request.explicit === '-') return readStdin(request);
  if (request.explicit !== undefined) {
    const absolute = resolve(request.cwd, request.explicit);
    return readFile(absolute, displayPath(request.cwd, absolute), request.flag, fs);
  }
  for (const name of SCHEMA_FILE_NAMES) {
    const absolute = resolve(request.root, name);
    if (fs.exists(absolute)) return readFile(absolute, displayPath(request.cwd, absolute), undefined, fs);
  }
  return {
    diagnostics: [
      error(
        'unreadable_schema_file',
        `no entity name and no schema file: ${SCHEMA_FILE_NAMES.join(', ')} not found in ${request.root}`,
        { flag: '<entity>' },
        'run fullapi make <Entity> --fields=..., or pass --schema=<file>',
      ),
    ],
  };
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
    return { path, absolute, text: withoutByteOrderMark(fs.readFile(absolute)), diagnostics: [] };
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
