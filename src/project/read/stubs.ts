import { join } from 'node:path';
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { readProjectText, type TextRead } from '../fs/project-file.js';
import { describeOsError, type ProjectFs } from '../fs/project-fs.js';
import { compareCodeUnits } from '../write/manifest.js';

/** Where `vendor:publish` puts a project's copies; a stub there wins over ours. */
export const PUBLISHED_STUBS_DIR = 'stubs/vendor/fullapi';

/** Stub texts by name (`model` for `model.stub`), in name order. */
export type StubTexts = Readonly<Record<string, string>>;

export interface StubReading {
  stubs?: StubTexts;
  /** The stubs taken from the project rather than from fullapi, in name order. */
  overridden: string[];
  diagnostics: Diagnostic[];
}

/**
 * Each stub's text: the project's published copy where there is one, else the built-in one. The stubs are the
 * files of fullapi's own `stubs/` folder: a published file of another name is none of fullapi's.
 */
export function readStubs(root: string, packageRoot: string, fs: ProjectFs): StubReading {
  const builtIn = readBuiltInStubs(packageRoot, fs);
  if (builtIn.stubs === undefined) return { overridden: [], diagnostics: builtIn.diagnostics };
  const stubs: Record<string, string> = {};
  const overridden: string[] = [];
  const diagnostics: Diagnostic[] = [];
  // Most projects publish none: one look at the folder spares a failed read per stub.
  const anyPublished = fs.exists(join(root, ...PUBLISHED_STUBS_DIR.split('/')));
  for (const [name, text] of Object.entries(builtIn.stubs)) {
    const published: TextRead = anyPublished ? readProjectText(root, `${PUBLISHED_STUBS_DIR}/${name}.stub`, fs) : { status: 'missing' };
    if (published.status === 'failed') {
      diagnostics.push(published.diagnostic);
    } else if (published.status === 'read') {
      stubs[name] = published.text;
      overridden.push(name);
    } else {
      stubs[name] = text;
    }
  }
  return diagnostics.length === 0 ? { stubs, overridden, diagnostics } : { overridden, diagnostics };
}

/** fullapi's own stubs, whatever the project publishes: what `publish stubs` copies and `validate-stubs` compares with. */
export function readBuiltInStubs(packageRoot: string, fs: ProjectFs): { stubs?: StubTexts; diagnostics: Diagnostic[] } {
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
