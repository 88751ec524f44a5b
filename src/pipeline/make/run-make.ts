import type { ProjectFs } from '../../project/fs/project-fs.js';
import { loadFrontEnds } from '../input/front-ends.js';
import { frontEndKinds } from '../input/input.js';
import type { CommandOutcome } from '../outcome.js';
import type { MakeRequest } from './make-request.js';
import { readForMake } from './settled-make.js';

/**
 * `make` as every face runs it. A project this very input left settled is answered from its record; otherwise
 * the front ends the input needs are loaded, the database is asked what it ran when that may matter (it is
 * asynchronous, the pipeline is not), and the run goes through. The passes and emitters load with make.ts, only
 * for a run that needs them.
 */
export async function runMakeCommand(request: MakeRequest, fs?: ProjectFs): Promise<CommandOutcome> {
  const reading = readForMake(request, fs);
  if (reading.settled !== undefined) return reading.settled;
  const [{ runMake }, frontEnds, databaseMigrations] = await Promise.all([
    import('./make.js'),
    loadFrontEnds(frontEndKinds(reading.input)),
    import('./database-migrations.js').then(({ askDatabaseMigrations }) => askDatabaseMigrations(request, reading, fs)),
  ]);
  return runMake({ ...request, frontEnds, ...(databaseMigrations === undefined ? {} : { databaseMigrations }) }, fs, reading);
}
