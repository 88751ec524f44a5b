import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { GENERATION_OPTIONS } from '../../ir/generation-options.js';
import type { GenerationOptions } from '../../ir/ir.generated.js';
import { loadFrontEnds } from '../../pipeline/input/front-ends.js';
import { frontEndKinds, inputForFile, type MakeInput } from '../../pipeline/input/input.js';
import type { CommandOutcome } from '../../pipeline/outcome.js';
import type { MakeRequest } from '../../pipeline/make/make-request.js';
import { MERGE_MODES, type MergeMode } from '../../project/resolve/merge-conflicts.js';
import { fileArgument } from '../arguments.js';
import { outputProblems, projectRoot, report, type OutputFlags } from '../output/command-output.js';
import type { CliIo } from '../io.js';

export interface MakeFlags extends OutputFlags {
  fields?: string | number;
  addFields?: string | number;
  softDeletes?: boolean;
  auth?: boolean;
  clientCollection?: boolean;
  expressiveTests?: boolean;
  queryBuilder?: boolean;
  jsonApi?: boolean;
  only?: string;
  merge?: string;
  schema?: string;
  mermaid?: string;
  interactive?: boolean;
  fromDatabase?: boolean;
  tables?: string;
  withMigrations?: boolean;
  databaseUrl?: string;
  fresh?: boolean;
  allowDataLoss?: boolean;
}

/**
 * `fullapi make [entity]`: one entity from the command line, or the entities of a schema file or diagram. The
 * front ends, passes and emitters are loaded only when the project is not settled by this input already.
 */
export async function make(entity: string | undefined, flags: MakeFlags, io: CliIo): Promise<number> {
  const merge = mergeMode(flags.merge);
  if (merge === undefined) {
    io.stderr(`fullapi make: unknown --merge "${String(flags.merge)}"; the modes are ${MERGE_MODES.join(' and ')}.\n`);
    return 2;
  }
  const fields = flags.fields === undefined ? undefined : String(flags.fields);
  const addFields = flags.addFields === undefined ? undefined : String(flags.addFields);
  const only = flags.only === undefined ? undefined : String(flags.only);
  const options = commandLineOptions(flags);
  const usage = [...inputProblems(entity, flags), ...databaseProblems(entity, flags), ...outputProblems(flags)];
  if (only === '') usage.push(error('invalid_option', '--only needs a value', { flag: '--only' }));
  const input: MakeInput =
    flags.fromDatabase === true && usage.length === 0
      ? await (await import('./database-commands.js')).databaseInput(flags, io)
      : entity !== undefined
      ? { kind: 'fields', entity, ...(fields === undefined ? {} : { fields }), ...(addFields === undefined ? {} : { addFields }), softDeletes: flags.softDeletes === true }
      : flags.mermaid !== undefined
        ? { kind: 'diagram', path: fileArgument(String(flags.mermaid)), flag: '--mermaid' }
        : flags.schema !== undefined
          ? inputForFile(fileArgument(String(flags.schema)), '--schema')
          : { kind: 'schema' };
  const request: MakeRequest = {
    input,
    frontEnds: {},
    ...(only === undefined ? {} : { only }),
    force: flags.force === true,
    merge,
    dryRun: flags.dryRun === true,
    projectRoot: projectRoot(flags, io),
    cwd: io.cwd,
    readStdin: io.readStdin,
    now: io.now(),
    ...(options === undefined ? {} : { options }),
    fresh: flags.fresh === true,
    allowDataLoss: flags.allowDataLoss === true,
  };
  const outcome: CommandOutcome = usage.length > 0 ? { ok: false, changes: [], diagnostics: usage } : await runMakeLoadingWhatItNeeds(request);
  const texts = new Map([...(outcome.texts ?? []), ['--only', only ?? ''], ['--add-fields', addFields ?? '']]);
  return report(outcome, flags, texts, io);
}

/** `keep` when not given; undefined for a mode that is none, a misuse of the command line like an unknown flag. */
function mergeMode(given: string | undefined): MergeMode | undefined {
  if (given === undefined) return 'keep';
  return MERGE_MODES.find((mode) => mode === given);
}

/** --from-database reads every entity from the database: an entity name or another input beside it is a mistake. */
function databaseProblems(entity: string | undefined, flags: MakeFlags): Diagnostic[] {
  if (flags.fromDatabase !== true) {
    const strays = (['--tables', '--with-migrations', '--database-url'] as const).filter(
      (flag) => flags[flag === '--tables' ? 'tables' : flag === '--with-migrations' ? 'withMigrations' : 'databaseUrl'] !== undefined,
    );
    return strays.map((flag) => error('invalid_option', `${flag} applies to --from-database`, { flag }));
  }
  const other = entity !== undefined ? '<entity>' : flags.schema !== undefined ? '--schema' : flags.mermaid !== undefined ? '--mermaid' : undefined;
  return other === undefined ? [] : [error('invalid_option', `--from-database reads the entities from the database: leave out ${other}`, { flag: other })];
}

/**
 * The generation options given as flags: they apply to every entity of the input, on top of what a schema file
 * or the record says.
 */
function commandLineOptions(flags: MakeFlags): GenerationOptions | undefined {
  const given = GENERATION_OPTIONS.filter((option) => flags[option] === true);
  return given.length === 0 ? undefined : Object.fromEntries(given.map((option) => [option, true]));
}

export async function runMakeLoadingWhatItNeeds(request: MakeRequest): Promise<CommandOutcome> {
  const { readForMake } = await import('../../pipeline/make/settled-make.js');
  const reading = readForMake(request);
  if (reading.settled !== undefined) return reading.settled;
  const [{ runMake }, frontEnds, databaseMigrations] = await Promise.all([
    import('../../pipeline/make/make.js'),
    loadFrontEnds(frontEndKinds(reading.input)),
    import('../../pipeline/make/database-migrations.js').then(({ askDatabaseMigrations }) => askDatabaseMigrations(request, reading)),
  ]);
  return runMake({ ...request, frontEnds, ...(databaseMigrations === undefined ? {} : { databaseMigrations }) }, undefined, reading);
}

/** One entity on the command line, or entities from a schema file: the flags of one do not apply to the other. */
function inputProblems(entity: string | undefined, flags: MakeFlags): Diagnostic[] {
  if (entity === '') return [error('invalid_entity_name', 'the entity name is empty', { flag: '<entity>' })];
  for (const flag of ['--schema', '--mermaid'] as const) {
    if (entity !== undefined && flags[flag === '--schema' ? 'schema' : 'mermaid'] !== undefined) {
      return [error('invalid_option', `${flag} reads entities from a file: give either an entity name or ${flag}`, { flag })];
    }
  }
  if (flags.schema !== undefined && flags.mermaid !== undefined) {
    return [error('invalid_option', '--schema and --mermaid both name the file to read: give one', { flag: '--mermaid' })];
  }
  if (entity !== undefined && flags.addFields !== undefined) {
    if (flags.fields !== undefined) return [error('invalid_option', '--fields gives all of the entity\'s fields and --add-fields adds to those it has: give one', { flag: '--add-fields' })];
    if (flags.softDeletes === true) return [error('invalid_option', '--add-fields keeps the soft deletes class_data.json records: run make with --soft-deletes on its own', { flag: '--soft-deletes' })];
    // The migration adding the columns and the files using them go together, or the API names columns the table lacks.
    if (flags.only !== undefined) return [error('invalid_option', '--add-fields writes the migration and every file the new fields need together: leave out --only', { flag: '--only' })];
  }
  if (entity !== undefined) return [];
  const given = { '--fields': flags.fields !== undefined, '--add-fields': flags.addFields !== undefined, '--soft-deletes': flags.softDeletes === true };
  return (['--fields', '--add-fields', '--soft-deletes'] as const)
    .filter((flag) => given[flag])
    .map((flag) => error('invalid_option', `${flag} describes the entity named on the command line: give the entity name`, { flag }));
}
