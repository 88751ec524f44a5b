import { join } from 'node:path';
import { error, hasErrors, warning, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { readProjectText, type TextRead } from '../fs/project-file.js';
import { describeOsError, type ProjectFs } from '../fs/project-fs.js';
import { compareCodeUnits } from '../write/manifest.js';

/** Where `vendor:publish` puts a project's copies; a stub there wins over ours. */
export const PUBLISHED_STUBS_DIR = 'stubs/vendor/fullapi';

/** Where the PHP generator (3.x) published its stubs: a project upgraded from it keeps them there. */
export const PHP_GENERATOR_STUBS_DIR = 'stubs/vendor/laravel-api-generator';

/** The folders a project's stubs are read from, the first holding a stub of a name winning. */
export const PUBLISHED_STUBS_DIRS: readonly string[] = [PUBLISHED_STUBS_DIR, PHP_GENERATOR_STUBS_DIR];

/** Stub texts by name (`model` for `model.stub`), in name order. */
export type StubTexts = Readonly<Record<string, string>>;

export interface StubReading {
  stubs?: StubTexts;
  /** The stubs taken from the project rather than from fullapi, in name order. */
  overridden: string[];
  diagnostics: Diagnostic[];
}

/**
 * Each stub's text: the project's published copy where there is one (fullapi's folder first, then the PHP
 * generator's), else the built-in one. The stubs are the files of fullapi's own `stubs/` folder: a published file
 * of another name is none of fullapi's. A `php_generator_stubs` warning names the stubs the PHP generator's folder
 * supplied, so that a user upgraded from it sees where those templates come from.
 */
export function readStubs(root: string, packageRoot: string, fs: ProjectFs, builtIn: BuiltInStubs = readBuiltInStubs(packageRoot, fs)): StubReading {
  if (builtIn.stubs === undefined) return { overridden: [], diagnostics: builtIn.diagnostics };
  const stubs: Record<string, string> = {};
  const overridden: string[] = [];
  const fromPhpGenerator: string[] = [];
  const diagnostics: Diagnostic[] = [];
  // Most projects publish none: one look at each folder spares a failed read per stub.
  const folders = PUBLISHED_STUBS_DIRS.filter((folder) => fs.exists(join(root, ...folder.split('/'))));
  for (const [name, text] of Object.entries(builtIn.stubs)) {
    const published = publishedStub(root, folders, name, fs);
    if (published.read.status === 'failed') {
      diagnostics.push(published.read.diagnostic);
    } else if (published.read.status === 'read') {
      stubs[name] = published.read.text;
      overridden.push(name);
      if (published.folder === PHP_GENERATOR_STUBS_DIR) fromPhpGenerator.push(`${name}.stub`);
    } else {
      stubs[name] = text;
    }
  }
  if (fromPhpGenerator.length > 0) {
    diagnostics.push(
      warning(
        'php_generator_stubs',
        `${PHP_GENERATOR_STUBS_DIR}/, where the PHP generator published its stubs, supplied ${fromPhpGenerator.join(', ')}; a stub of the same name in ${PUBLISHED_STUBS_DIR}/ would win. fullapi validate-stubs checks them.`,
        PHP_GENERATOR_STUBS_DIR,
      ),
    );
  }
  return hasErrors(diagnostics) ? { overridden, diagnostics } : { stubs, overridden, diagnostics };
}

/** A stub's published copy in the first folder that holds one, or `missing`. */
function publishedStub(root: string, folders: readonly string[], name: string, fs: ProjectFs): { read: TextRead; folder?: string } {
  for (const folder of folders) {
    const read = readProjectText(root, `${folder}/${name}.stub`, fs);
    if (read.status !== 'missing') return { read, folder };
  }
  return { read: { status: 'missing' } };
}

/** fullapi's own stubs, or why they cannot be read. */
export interface BuiltInStubs {
  stubs?: StubTexts;
  diagnostics: Diagnostic[];
}

/** fullapi's own stubs, whatever the project publishes: what `publish stubs` copies and `validate-stubs` compares with. */
export function readBuiltInStubs(packageRoot: string, fs: ProjectFs): BuiltInStubs {
  const folder = join(packageRoot, 'stubs');
  const unreadable = (path: string, cause: unknown): Diagnostic =>
    error('internal_error', `fullapi's built-in stub ${path} cannot be read (${describeOsError(cause)}); reinstall fullapi.`);
  let names: string[];
  try {
    names = fs
      .readdir(folder)
      .filter((entry) => entry.kind === 'file' && entry.name.endsWith('.stub'))
      .map((entry) => entry.name.slice(0, -'.stub'.length))
      .sort(compareCodeUnits);
  } catch (cause) {
    return { diagnostics: [unreadable(folder, cause)] };
  }
  const stubs: Record<string, string> = {};
  const diagnostics: Diagnostic[] = [];
  for (const name of names) {
    const path = join(folder, `${name}.stub`);
    try {
      stubs[name] = fs.readFile(path);
    } catch (cause) {
      diagnostics.push(unreadable(path, cause));
    }
  }
  return diagnostics.length === 0 ? { stubs, diagnostics } : { diagnostics };
}
