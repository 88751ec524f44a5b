import type { ProjectFacts } from '../ir/ir.generated.js';

/** The stubs this stage renders; later stages add theirs. File name on disk: `<name>.stub`. */
export const STUB_NAMES = ['model', 'migrations', 'factory', 'seeder', 'enum'] as const;
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
}
