import { join } from 'node:path';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import { STUB_NAMES, type StubName } from '../emit/context.js';
import { readProjectText, type TextRead } from './project-file.js';
import { describeOsError, type ProjectFs } from './project-fs.js';

/** Where `vendor:publish` puts a project's copies; a stub there wins over ours. */
export const PUBLISHED_STUBS_DIR = 'stubs/vendor/fullapi';

export interface StubReading {
  stubs?: Record<StubName, string>;
  /** The stubs taken from the project rather than from fullapi, in `STUB_NAMES` order. */
  overridden: StubName[];
  diagnostics: Diagnostic[];
}

/** Each stub's text: the project's published copy where there is one, else the built-in one. */
export function readStubs(root: string, packageRoot: string, fs: ProjectFs): StubReading {
  const stubs: Partial<Record<StubName, string>> = {};
  const overridden: StubName[] = [];
  const diagnostics: Diagnostic[] = [];
  // Most projects publish none: one look at the folder spares a failed read per stub.
  const anyPublished = fs.exists(join(root, ...PUBLISHED_STUBS_DIR.split('/')));
  for (const name of STUB_NAMES) {
    const published: TextRead = anyPublished ? readProjectText(root, `${PUBLISHED_STUBS_DIR}/${name}.stub`, fs) : { status: 'missing' };
    if (published.status === 'failed') {
      diagnostics.push(published.diagnostic);
    } else if (published.status === 'read') {
      stubs[name] = published.text;
      overridden.push(name);
    } else {
      const builtIn = readBuiltInStub(packageRoot, name, fs);
      if (typeof builtIn === 'string') stubs[name] = builtIn;
      else diagnostics.push(builtIn);
    }
  }
  return diagnostics.length === 0
    ? { stubs: stubs as Record<StubName, string>, overridden, diagnostics }
    : { overridden, diagnostics };
}

/** fullapi's own stubs, whatever the project publishes: what `publish stubs` copies and `validate-stubs` compares with. */
export function readBuiltInStubs(packageRoot: string, fs: ProjectFs): { stubs?: Record<StubName, string>; diagnostics: Diagnostic[] } {
  const stubs: Partial<Record<StubName, string>> = {};
  const diagnostics: Diagnostic[] = [];
  for (const name of STUB_NAMES) {
    const builtIn = readBuiltInStub(packageRoot, name, fs);
    if (typeof builtIn === 'string') stubs[name] = builtIn;
    else diagnostics.push(builtIn);
  }
  return diagnostics.length === 0 ? { stubs: stubs as Record<StubName, string>, diagnostics } : { diagnostics };
}

function readBuiltInStub(packageRoot: string, name: StubName, fs: ProjectFs): string | Diagnostic {
  const path = join(packageRoot, 'stubs', `${name}.stub`);
  try {
    return fs.readFile(path);
  } catch (cause) {
    return error('internal_error', `fullapi's built-in stub ${path} cannot be read (${describeOsError(cause)}); reinstall fullapi.`);
  }
}
