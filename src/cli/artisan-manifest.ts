import { CLASS_DATA_PATH } from '../emit/records/class-data.js';
import { kebab, OPTIONS, type OptionName, type OptionSpec } from '../ir/options.js';
import { PHP_GENERATOR_STUBS_DIR, PUBLISHED_STUBS_DIR } from '../project/read/stubs.js';
import { SCHEMA_FILE_NAMES } from '../text/file-kinds.js';
import { COMMANDS, type CommandSpec } from './command-table.js';

/**
 * What the Composer package's artisan face (composer/src) knows of fullapi, derived here and never retyped in PHP:
 * the package reads it from resources/fullapi.json (scripts/build-composer-package.mjs).
 */
export interface ArtisanManifest {
  commands: ArtisanCommand[];
  /** The files a bare `make` reads, the first found at the project root: what `php artisan about` names. */
  schemaFiles: readonly string[];
  /** Where a project's own stubs are read from, fullapi's folder first, which `about` counts. */
  stubFolders: readonly string[];
  /** The record of generated entities, whose entries `about` counts. */
  recordFile: string;
}

export function artisanManifest(): ArtisanManifest {
  return { commands: artisanCommands(), schemaFiles: SCHEMA_FILE_NAMES, stubFolders: [PUBLISHED_STUBS_DIR, PHP_GENERATOR_STUBS_DIR], recordFile: CLASS_DATA_PATH };
}

/**
 * The commands as artisan registers them: each runs the same bundled command line, so its name, arguments and
 * options come from the command table and the option table.
 */
export interface ArtisanCommand {
  /** `make:fullapi`, `api-generator:openapi`. */
  name: string;
  /** The command line's own name, which the package runs: `make`. */
  cliCommand: string;
  description: string;
  arguments: ArtisanArgument[];
  options: ArtisanOption[];
}

export interface ArtisanArgument {
  name: string;
  required: boolean;
  /** Takes every remaining word (`[...files]`). */
  variadic: boolean;
}

export interface ArtisanOption {
  /** `client-collection`, without the dashes. */
  name: string;
  description: string;
  /** The value's name (`fields` for `--fields=<fields>`); none for a switch. */
  value?: string;
  choices?: readonly string[];
}

/** The prefix of the PHP generator's artisan commands that have no name of their own (`make:fullapi` has). */
const ARTISAN_PREFIX = 'api-generator';

export function artisanCommands(commands: readonly CommandSpec[] = COMMANDS): ArtisanCommand[] {
  return commands.filter((spec) => spec.artisan !== false).map((spec) => ({
    name: spec.alias ?? `${ARTISAN_PREFIX}:${spec.name}`,
    cliCommand: spec.name,
    description: spec.description,
    arguments: commandArguments(spec.args),
    options: spec.options.flatMap((entry) => {
      const [name, help] = typeof entry === 'string' ? [entry, OPTIONS[entry].help] : entry;
      return artisanOptions(name, help);
    }),
  }));
}

/** cac's spelling, `<what> [...names]`, as artisan's arguments. */
function commandArguments(spelling: string): ArtisanArgument[] {
  return spelling
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => {
      const inner = word.slice(1, -1);
      const variadic = inner.startsWith('...');
      return { name: variadic ? inner.slice(3) : inner, required: word.startsWith('<'), variadic };
    });
}

/** An option and each of its other spellings (`--postman` for `--client-collection`), each said as what it is. */
function artisanOptions(name: OptionName, help: string): ArtisanOption[] {
  const spec: OptionSpec = OPTIONS[name];
  const valued = { ...(spec.value === undefined ? {} : { value: spec.value }), ...(spec.choices === undefined ? {} : { choices: spec.choices }) };
  const canonical = kebab(name);
  return [{ name: canonical, description: help, ...valued }, ...(spec.aliases ?? []).map((alias) => ({ name: alias, description: `The same as --${canonical}`, ...valued }))];
}
