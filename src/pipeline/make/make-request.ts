import { newEmitMemory, type EmitMemory } from '../../emit/memory.js';
import type { DatabaseMigrations } from '../../ir/database-migrations.js';
import type { GenerationOptions, SourceModel } from '../../ir/ir.generated.js';
import type { checkModel } from '../../passes/check.js';
import { newRunMemo, type RunMemo } from '../../plan/run-memo.js';
import { newFileMemory, type FileMemory } from '../../project/watch/file-memory.js';
import { newWatchResolutions, type WatchResolutions } from '../../project/watch/watch-resolutions.js';
import type { MergeMode } from '../../project/resolve/merge-conflicts.js';
import type { FrontEnds, SourceRead } from '../input/front-ends.js';
import type { MakeInput } from '../input/input.js';

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
  /** What a watch session keeps between its runs; the output is the same with or without it. */
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

export interface MakeMemory {
  emit: EmitMemory;
  contentHashes: RunMemo<string>;
  /** What the runs have seen of the project's files, kept while a watcher of the project (watchProject) hears no change of them. */
  files: FileMemory;
  /** The generated files the last run found unchanged, which the next run need not compare again. */
  resolutions: WatchResolutions;
  /** The input as read, by its text: a save is read while its writes settle (prepareMake), then by its run. */
  sources: RunMemo<SourceRead>;
  /** The passes' outcome for each model read. */
  checks: WeakMap<SourceModel, CheckOutcome>;
  /** The identity of the generator, found once: the code a session runs does not change under it. */
  generator(find: () => string | undefined): string | undefined;
}

export type CheckOutcome = ReturnType<typeof checkModel>;

export function newMakeMemory(): MakeMemory {
  const files = newFileMemory();
  let generator: { found: string | undefined } | undefined;
  return {
    emit: newEmitMemory(),
    contentHashes: newRunMemo(),
    files,
    resolutions: newWatchResolutions(files),
    sources: newRunMemo(),
    checks: new WeakMap(),
    generator: (find) => (generator ??= { found: find() }).found,
  };
}
