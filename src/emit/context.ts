import type { ProjectFacts } from '../ir/ir.generated.js';
import type { PreparedStubs } from './render-stub.js';
import type { EmitterStubs } from './artifact-table.js';

/** Everything an emitter may know besides the IR. Emitters are pure: no clock, no disk, no globals. */
export interface EmitContext {
  project: ProjectFacts;
  /** Resolved stub texts: the project's published `<name>.stub` (stubs/vendor/fullapi/, then the PHP generator's stubs/vendor/laravel-api-generator/) where one exists, else ours. */
  stubs: EmitterStubs;
  /** `YYYY_MM_DD_HHMMSS` of this run; the n-th new migration of a run adds n seconds, so order is kept. */
  migrationTimestamp: string;
  /** File names already in `database/migrations/`, so regeneration reuses a table's migration. */
  existingMigrations: readonly string[];
  /** The stubs compiled so far in this plan; without it, each file compiles its stub anew. */
  preparedStubs?: PreparedStubs;
}
