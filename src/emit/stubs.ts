import { error, type Diagnostic } from '../diagnostics/diagnostic.js';

/** Every stub fullapi renders; the file on disk is `<name>.stub`. The names are the spec's. */
export const STUB_NAMES = [
  'model',
  'migrations',
  'migrations.add-columns',
  'migrations.update',
  'migrations.drop',
  'factory',
  'seeder',
  'enum',
  'controller',
  'service',
  'dto',
  'request.store',
  'request.update',
  'resource',
  'resource.json-api',
  'policy',
  'test.feature',
  'test.unit',
  'test.feature.pest',
  'test.unit.pest',
  'controller.auth',
  'request.login',
  'request.register',
  'test.auth',
  'test.auth.pest',
] as const;
export type StubName = (typeof STUB_NAMES)[number];

/** Each stub's text by name, every stub the emitters render among them. */
export type EmitterStubs = Readonly<Record<StubName, string>>;

/**
 * The stubs as read (fullapi's own `stubs/` folder, with the project's published copies) for the emitters: a
 * stub the emitters render that is not there is a broken install, said as such rather than met mid-plan.
 */
export function emitterStubs(read: Readonly<Record<string, string>>): { stubs?: EmitterStubs; diagnostics: Diagnostic[] } {
  const stubs: Partial<Record<StubName, string>> = {};
  const missing: string[] = [];
  for (const name of STUB_NAMES) {
    const text = read[name];
    if (text === undefined) missing.push(`${name}.stub`);
    else stubs[name] = text;
  }
  if (missing.length > 0) return { diagnostics: [error('internal_error', `fullapi's built-in stubs ${missing.join(', ')} are missing; reinstall fullapi.`)] };
  // Every name was given a text above.
  return { stubs: stubs as EmitterStubs, diagnostics: [] };
}
