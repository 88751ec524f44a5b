import type { DatabaseMigrations } from '../../ir/database-migrations.js';
import type { GenerationOptions } from '../../ir/ir.generated.js';
import type { MergeMode } from '../../project/resolve/merge-conflicts.js';
import type { FrontEnds } from '../input/front-ends.js';
import type { MakeInput } from '../input/input.js';
import type { MakeMemory } from './make-memory.js';

export interface MakeRequest {
  input: MakeInput;
  /** The front end of the input's kind, at least, and the record's when the project has one (front-ends.ts). */
  frontEnds: FrontEnds;
  only?: string;
  force: boolean;
  /** What a hand-edited file whose merge with its new generation conflicts becomes; `keep` when absent. */
  merge?: MergeMode;
  dryRun: boolean;
  projectRoot: string;
  cwd: string;
  readStdin(): string;
  /** The moment of this run; new migrations are named after it. */
  now: Date;
  /** What a watch session keeps between its runs; without it, the run keeps what it computes for itself (make-memory.ts). */
  memory?: MakeMemory;
  /** The generation options of the command line, for every entity of the input. */
  options?: GenerationOptions;
  /** `--fresh`: the database will be migrated fresh, so a changed entity's create migration is rewritten. */
  fresh?: boolean;
  /** `--allow-data-loss`: a migration of the changes may drop columns and tables and convert values lossily. */
  allowDataLoss?: boolean;
  /** What the project's database says it ran, read by the caller (it is asynchronous: askDatabaseMigrations); not asked, nothing can have run. */
  databaseMigrations?: DatabaseMigrations;
}
