import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { GENERATION_OPTIONS, type GenerationOption } from '../../ir/generation-options.js';
import type { GenerationOptions } from '../../ir/ir.generated.js';
import { optionFlag, type OptionValues } from '../../ir/options.js';
import { readDatabaseInput } from '../../pipeline/database.js';
import { readCommandFile, readOpenApiInput } from '../../pipeline/openapi-input.js';
import type { MakeInput } from '../../pipeline/input/input.js';
import type { MakeRequest } from '../../pipeline/make/make-request.js';
import { runMakeCommand } from '../../pipeline/make/run-make.js';
import type { CommandOutcome } from '../../pipeline/outcome.js';
import { fileArgument } from '../arguments.js';
import type { CliIo } from '../io.js';
import { databaseRequest, listItems, outputProblems, projectRoot, report, type OutputFlags } from '../output/command-output.js';

export type MakeFlags = OutputFlags &
  OptionValues<
    | 'fields'
    | 'addFields'
    | 'softDeletes'
    | GenerationOption
    | 'only'
    | 'merge'
    | 'schema'
    | 'mermaid'
    | 'openapi'
    | 'interactive'
    | 'fromDatabase'
    | 'tables'
    | 'withMigrations'
    | 'databaseUrl'
    | 'fresh'
    | 'allowDataLoss'
  >;

/**
 * `fullapi make [entity]`: one entity from the command line, or the entities of a schema file or diagram. The
 * front ends, passes and emitters are loaded only when the project is not settled by this input already.
 */
export async function make(entity: string | undefined, flags: MakeFlags, io: CliIo): Promise<number> {
  const { fields, addFields, only } = flags;
  const options = commandLineOptions(flags);
  const usage = [...inputProblems(entity, flags), ...databaseProblems(entity, flags), ...outputProblems(flags)];
  if (only === '') usage.push(error('invalid_option', '--only needs a value', { flag: '--only' }));
  const input: MakeInput =
    flags.fromDatabase === true && usage.length === 0
      ? await readDatabaseInput({ ...databaseRequest(flags, io), ...(flags.tables === undefined ? {} : { tables: listItems(flags.tables) }), withMigrations: flags.withMigrations === true })
      : flags.openapi !== undefined && usage.length === 0
        ? await readOpenApiInput({ path: fileArgument(flags.openapi), flag: '--openapi', cwd: io.cwd, projectRoot: projectRoot(flags, io), readStdin: io.readStdin })
      : entity !== undefined
        ? { kind: 'fields', entity, ...(fields === undefined ? {} : { fields }), ...(addFields === undefined ? {} : { addFields }), softDeletes: flags.softDeletes === true }
        : flags.mermaid !== undefined
          ? { kind: 'diagram', path: fileArgument(flags.mermaid), flag: '--mermaid' }
          : flags.schema !== undefined && usage.length === 0
            ? await readCommandFile({ path: fileArgument(flags.schema), flag: '--schema', cwd: io.cwd, projectRoot: projectRoot(flags, io), readStdin: io.readStdin })
            : { kind: 'schema' };
  const request: MakeRequest = {
    input,
    frontEnds: {},
    ...(only === undefined ? {} : { only }),
    force: flags.force === true,
    merge: flags.merge === 'markers' ? 'markers' : 'keep',
    dryRun: flags.dryRun === true,
    projectRoot: projectRoot(flags, io),
    cwd: io.cwd,
    readStdin: io.readStdin,
    now: io.now(),
    ...(options === undefined ? {} : { options }),
    fresh: flags.fresh === true,
    allowDataLoss: flags.allowDataLoss === true,
  };
  const outcome: CommandOutcome = usage.length > 0 ? { ok: false, changes: [], diagnostics: usage } : await runMakeCommand(request);
  const texts = new Map([...(outcome.texts ?? []), ['--only', only ?? ''], ['--add-fields', addFields ?? '']]);
  return report(outcome, flags, texts, io);
}

/** The options that name the file a make reads its entities from. */
const FILE_INPUTS = ['schema', 'mermaid', 'openapi'] as const;

/** --from-database reads every entity from the database: an entity name or another input beside it is a mistake. */
function databaseProblems(entity: string | undefined, flags: MakeFlags): Diagnostic[] {
  if (flags.fromDatabase !== true) {
    const strays = (['tables', 'withMigrations', 'databaseUrl'] as const).filter((name) => flags[name] !== undefined).map(optionFlag);
    return strays.map((flag) => error('invalid_option', `${flag} applies to --from-database`, { flag }));
  }
  const other = entity !== undefined ? '<entity>' : FILE_INPUTS.filter((name) => flags[name] !== undefined).map(optionFlag)[0];
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

/** One entity on the command line, or entities from a schema file: the flags of one do not apply to the other. */
function inputProblems(entity: string | undefined, flags: MakeFlags): Diagnostic[] {
  if (entity === '') return [error('invalid_entity_name', 'the entity name is empty', { flag: '<entity>' })];
  for (const name of FILE_INPUTS) {
    const flag = optionFlag(name);
    if (entity !== undefined && flags[name] !== undefined) {
      return [error('invalid_option', `${flag} reads entities from a file: give either an entity name or ${flag}`, { flag })];
    }
  }
  const files = FILE_INPUTS.filter((name) => flags[name] !== undefined).map(optionFlag);
  if (files.length > 1) {
    return [error('invalid_option', `${files.join(' and ')} each name the file to read: give one`, { flag: files[1] ?? '--mermaid' })];
  }
  if (entity !== undefined && flags.addFields !== undefined) {
    if (flags.fields !== undefined) return [error('invalid_option', '--fields gives all of the entity\'s fields and --add-fields adds to those it has: give one', { flag: '--add-fields' })];
    if (flags.softDeletes === true) return [error('invalid_option', '--add-fields keeps the soft deletes class_data.json records: run make with --soft-deletes on its own', { flag: '--soft-deletes' })];
    // The migration adding the columns and the files using them go together, or the API names columns the table lacks.
    if (flags.only !== undefined) return [error('invalid_option', '--add-fields writes the migration and every file the new fields need together: leave out --only', { flag: '--only' })];
  }
  if (entity !== undefined) return [];
  return (['fields', 'addFields', 'softDeletes'] as const)
    .filter((name) => flags[name] !== undefined && flags[name] !== false)
    .map(optionFlag)
    .map((flag) => error('invalid_option', `${flag} describes the entity named on the command line: give the entity name`, { flag }));
}
