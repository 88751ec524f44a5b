import type { ProjectFacts } from '../ir/ir.generated.js';
import type { EmitMemory } from './memory.js';
import type { PreparedStubs } from './render-stub.js';

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

/** Everything an emitter may know besides the IR. Emitters are pure: no clock, no disk, no globals. */
export interface EmitContext {
  project: ProjectFacts;
  /** Resolved stub texts: the project's published `stubs/vendor/fullapi/<name>.stub` where one exists, else ours. */
  stubs: Readonly<Record<StubName, string>>;
  /** `YYYY_MM_DD_HHMMSS` of this run; the n-th new migration of a run adds n seconds, so order is kept. */
  migrationTimestamp: string;
  /** File names already in `database/migrations/`, so regeneration reuses a table's migration. */
  existingMigrations: readonly string[];
  /** The stubs compiled so far in this plan; without it, each file compiles its stub anew. */
  preparedStubs?: PreparedStubs;
  /** What a watch session keeps between its plans; a single `make` has none. */
  memory?: EmitMemory;
}
