import { ARTIFACT_NAMES } from '../plan/file-plan.js';
import type { OptionName, OptionValues } from '../ir/options.js';
import { fileArgument } from './arguments.js';
import type { CliIo } from './io.js';
import { EXAMPLES, fieldTypeSections, mcpSections, PUBLISHABLE_SECTION, VALIDATE_STUBS_SECTION, DELETE_KEPT_SECTION, type HelpSection } from './output/help-sections.js';

/**
 * The commands of `fullapi`, one entry each: what cac registers, what `--help` shows, and what runs. Options are
 * named from the option table (src/ir/options.ts); a command may word an option's help its own way. Each
 * command's module is imported when it runs, so `--help` and `--version` load none of them.
 */
export interface CommandSpec<Names extends OptionName = OptionName> {
  name: string;
  /** cac's argument spelling: `[Entity]`, `<what> [...names]`. */
  args: string;
  description: string;
  /**
   * The artisan-style name cac also matches (`make:fullapi`), listed beside the command in `--help`; the Composer
   * package's artisan command is named so (others are `api-generator:<name>`: artisan-commands.ts).
   */
  alias?: string;
  /** false: no artisan command, Laravel's own covering it (`vendor:publish` for `publish`). */
  artisan?: false;
  usage?: string;
  options: readonly (Names | readonly [Names, string])[];
  sections?: readonly HelpSection[];
  /** What the command reads, for the report of a bug met while reading it. */
  reads(args: readonly string[], flags: OptionValues<Names>): string;
  run(args: readonly string[], flags: OptionValues<Names>, io: CliIo): Promise<number>;
}

/** Keeps each entry's option names, so that its `run` sees its own flags typed. */
function command<const Names extends OptionName>(spec: CommandSpec<Names>): CommandSpec {
  return spec as unknown as CommandSpec;
}

const WRITING = ['force', 'dryRun', 'diff', 'json', 'project'] as const;

/** cac reads a lone `-` as nothing; main.ts carries it through as a token that the file arguments turn back. */
const files = (args: readonly string[]): string[] => args.map(fileArgument);

export const COMMANDS: readonly CommandSpec[] = [
  command({
    name: 'make',
    args: '[Entity]',
    description: 'Generate the API of one entity, or of every entity of a schema file or diagram',
    alias: 'make:fullapi',
    usage:
      'make <Entity> --fields="name:type,..." [options]\n  $ fullapi make <Entity> [options]   regenerate an entity class_data.json records\n  $ fullapi make [--schema <file> | --mermaid <file> | --openapi <file>] [options]',
    options: [
      'fields',
      'addFields',
      'softDeletes',
      'auth',
      'clientCollection',
      'expressiveTests',
      'queryBuilder',
      'jsonApi',
      'simplePagination',
      ['only', `Rewrite only these artifacts (${ARTIFACT_NAMES.join(', ')}), e.g. Model,Migration`],
      'fresh',
      'allowDataLoss',
      'merge',
      'schema',
      'mermaid',
      'openapi',
      'interactive',
      'fromDatabase',
      'tables',
      'withMigrations',
      ['databaseUrl', 'With --from-database: the database to read instead of .env, e.g. pgsql://user:password@host:5432/name'],
      ...WRITING,
    ],
    sections: [...fieldTypeSections(), EXAMPLES.make],
    reads: ([entity], flags) => makeInputName(entity, flags),
    run: async ([entity], flags, io) => {
      if (flags.interactive === true) return (await import('./commands/wizard-command.js')).interactiveMake(entity, flags, io);
      return (await import('./commands/make-command.js')).make(entity, flags, io);
    },
  }),
  command({
    name: 'introspect',
    args: '',
    description: "What the project's database holds, and the entities --from-database makes of it",
    options: ['table', ['json', 'Print one JSON document on stdout'], 'databaseUrl', 'project'],
    reads: () => "the project's database",
    run: async (_args, flags, io) => (await import('./commands/database-commands.js')).introspectCommand(flags, io),
  }),
  command({
    name: 'openapi',
    args: '[input]',
    description: "The OpenAPI 3.1 document of the entities' API (from class_data.json, or a schema file, diagram or OpenAPI document), on stdout",
    options: ['output', 'check', ['schema', 'The schema file to document instead of class_data.json'], ['mermaid', 'The Mermaid diagram to document instead of class_data.json'], 'project'],
    sections: [EXAMPLES.openapi],
    reads: ([file], flags) => (file === undefined ? (flags.schema ?? flags.mermaid ?? 'class_data.json') : fileArgument(file)),
    run: async ([file], flags, io) => (await import('./commands/openapi-command.js')).openapi(file === undefined ? undefined : fileArgument(file), flags, io),
  }),
  command({
    name: 'validate',
    args: '[...files]',
    description: 'Check schema files, diagrams and OpenAPI documents without a Laravel project (default: api-schema.yaml|yml|json, class_data.json here)',
    options: ['json', 'format', ['openapi', 'An OpenAPI 3.0 or 3.1 or Swagger 2.0 document to check (a file argument with an openapi or swagger key is read as one too)']],
    reads: (args, flags) => (args.length === 0 && flags.openapi === undefined ? "the project's schema file" : [...files(args), ...(flags.openapi === undefined ? [] : [fileArgument(flags.openapi)])].join(', ')),
    run: async (args, flags, io) => (await import('./commands/validate-command.js')).validate(files(args), flags, io),
  }),
  command({
    name: 'parse',
    args: '[...files]',
    description: 'What the grammar sees in Mermaid diagrams, before any Laravel mapping',
    options: [['json', 'Print a JSON array, one object per file']],
    reads: (args) => files(args).join(', '),
    run: async (args, flags, io) => (await import('./commands/diagram-commands.js')).parseCommand(files(args), flags, io),
  }),
  command({
    name: 'diagram',
    args: '',
    description: 'Draw a schema file (or a classDiagram, or an OpenAPI document) as a Mermaid erDiagram, on stdout',
    options: ['from'],
    reads: (_args, flags) => (flags.from === undefined ? "the project's schema file" : fileArgument(flags.from)),
    run: async (_args, flags, io) =>
      (await import('./commands/diagram-commands.js')).diagramCommand(flags.from === undefined ? {} : { from: fileArgument(flags.from) }, io),
  }),
  command({
    name: 'schema',
    args: '',
    description: 'The JSON Schema of api-schema files, for editors',
    options: ['print'],
    reads: () => 'the JSON Schema of api-schema files',
    run: async (_args, flags, io) => (await import('./commands/schema-command.js')).schemaCommand(flags, io),
  }),
  command({
    name: 'publish',
    args: '<what> [...names]',
    description: 'Publish files to customise: config (config/api-generator.php, page sizes) or stubs (stubs/vendor/fullapi/)',
    artisan: false,
    usage: 'publish config [options]\n  $ fullapi publish stubs [name...] [options]',
    options: WRITING,
    sections: [PUBLISHABLE_SECTION],
    reads: ([what]) => `the ${what ?? ''} to publish`,
    run: async ([what, ...names], flags, io) => (await import('./commands/publish-command.js')).publish(what ?? '', names, flags, io),
  }),
  command({
    name: 'validate-stubs',
    args: '',
    description: 'Check the stubs published in stubs/vendor/fullapi/ and stubs/vendor/laravel-api-generator/ against what fullapi passes them',
    alias: 'api-generator:validate-stubs',
    options: ['json', 'format', 'project'],
    sections: [VALIDATE_STUBS_SECTION],
    reads: () => 'the published stubs',
    run: async (_args, flags, io) => (await import('./commands/validate-stubs-command.js')).validateStubs(flags, io),
  }),
  command({
    name: 'clean-routes',
    args: '',
    description: 'Remove the route statements of controllers that have no file (they break php artisan route:list)',
    alias: 'api-generator:clean-routes',
    options: [['dryRun', 'Write nothing; list each statement as file:line'], 'diff', 'json', 'project'],
    sections: [EXAMPLES['clean-routes']],
    reads: () => 'routes/api.php and routes/web.php',
    run: async (_args, flags, io) => (await import('./commands/clean-routes-command.js')).cleanRoutes(flags, io),
  }),
  command({
    name: 'delete',
    args: '[...entities]',
    description: 'Remove what fullapi generated for entities (every entity class_data.json records, when none is named)',
    alias: 'delete:fullapi',
    options: [
      ['force', 'Delete files edited by hand too, and ask nothing'],
      ['dryRun', 'Write nothing; list what would be deleted and edited'],
      'diff',
      ['json', 'Print one JSON document on stdout and nothing else (asks nothing)'],
      'project',
    ],
    sections: [EXAMPLES.delete, DELETE_KEPT_SECTION],
    reads: (entities) => (entities.length === 0 ? 'class_data.json' : `the entities ${entities.join(', ')}`),
    run: async (entities, flags, io) => (await import('./commands/delete-command.js')).deleteEntities(entities.map(String), flags, io),
  }),
  command({
    name: 'watch',
    args: '<file>',
    description: 'Generate from a schema file, diagram or OpenAPI document, then again on every save, until Ctrl-C',
    options: ['force', 'project'],
    reads: ([file]) => fileArgument(file ?? ''),
    run: async ([file], flags, io) => (await import('./commands/watch-command.js')).watch(fileArgument(file ?? ''), flags, io),
  }),
  command({
    name: 'mcp',
    args: '',
    description: 'An MCP server over stdio: tools and resources for AI agents on the project (make, validate, parse, diagram, delete, ...)',
    options: ['project'],
    sections: mcpSections(),
    reads: () => 'the MCP server',
    run: async (_args, flags, io) => (await import('./commands/mcp-command.js')).mcp(flags, io),
  }),
  command({
    name: 'lsp',
    args: '',
    description: 'A Language Server Protocol server over stdio for schema files and Mermaid diagrams: diagnostics, hover, completion, rename, preview',
    options: [['project', 'The Laravel project the previews and hovers are made for (default: the current directory)']],
    reads: () => 'the language server',
    run: async (_args, flags, io) => (await import('./commands/lsp-command.js')).lsp(flags, io),
  }),
];

function makeInputName(entity: string | undefined, flags: OptionValues<'fields' | 'addFields' | 'fromDatabase' | 'mermaid' | 'openapi' | 'schema'>): string {
  if (entity !== undefined) {
    const flag = flags.fields !== undefined ? '--fields' : flags.addFields !== undefined ? '--add-fields' : undefined;
    return flag === undefined ? `the entity ${entity}` : `the entity ${entity} and its ${flag}`;
  }
  if (flags.fromDatabase === true) return "the project's database";
  const file = flags.mermaid ?? flags.openapi ?? flags.schema;
  if (file === undefined) return "the project's schema file";
  return fileArgument(file) === '-' ? 'standard input' : fileArgument(file);
}
