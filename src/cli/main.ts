import { cac } from 'cac';
import { error } from '../diagnostics/diagnostic.js';
import { packageVersion } from '../project/fs/package-root.js';
import { nodeFs } from '../project/fs/project-fs.js';
import { fileArgument, protectOptionValues, STDIN_ARGUMENT } from './arguments.js';
import { EXIT_INTERNAL_ERROR, type OutputFlags } from './output/command-output.js';
import type { MakeFlags } from './commands/make-command.js';
import type { OpenApiFlags } from './commands/openapi-command.js';
import { CLEAN_ROUTES_ALIAS, DELETE_ALIAS, MAKE_ALIAS, VALIDATE_STUBS_ALIAS, withFullapiSections } from './output/help-sections.js';
import type { CliIo } from './io.js';
import { humanDiagnostic, jsonReport, palette } from './output/report.js';
import type { ValidateFlags } from './commands/validate-command.js';
import type { ValidateStubsFlags } from './commands/validate-stubs-command.js';


/** The options whose value is text, as typed (the values cac must not turn into numbers). */
const TEXT_OPTIONS: ReadonlySet<string> = new Set(['--fields', '--add-fields', '--merge', '--only', '--schema', '--mermaid', '--project', '--format', '--from', '--tables', '--table', '--database-url', '--output']);

/**
 * Exit codes: 0 success (warnings allowed), 1 an error in the input or the project, 2 a misuse of the command
 * line, 70 (EX_SOFTWARE) a bug in fullapi: an exception no stage turned into a diagnostic.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const cli = cac('fullapi');
  let exitCode = 0;
  // What the running command reads, for the report of a bug met while reading it.
  let input = 'the command line';
  const writing = <T extends ReturnType<typeof cli.command>>(command: T): T =>
    command
      .option('--force', 'Rewrite files edited by hand')
      .option('--dry-run', 'Write nothing; report what each file would become')
      .option('--diff', 'With --dry-run, print a diff of every file that would change')
      .option('--json', 'Print one JSON document on stdout and nothing else')
      .option('--project <dir>', 'The Laravel project (default: the current directory)') as T;

  writing(
    cli
      .command('make [Entity]', 'Generate the API of one entity, or of every entity of a schema file or diagram')
      .usage('make <Entity> --fields="name:type,..." [options]\n  $ fullapi make <Entity> [options]   regenerate an entity class_data.json records\n  $ fullapi make [--schema <file> | --mermaid <file>] [options]')
      .alias(MAKE_ALIAS)
      .option('--fields <fields>', 'Comma-separated name:type pairs, e.g. "title:string,status:enum(draft,published)"; without it, the fields class_data.json records')
      .option('--add-fields <fields>', 'Fields to add to an entity fullapi generated, whose table was migrated: a new migration adds their columns, and the existing files are edited in place')
      .option('--soft-deletes', 'Soft deletes: trait, column, restore and force-delete routes')
      .option('--auth', 'Sanctum token authentication in front of the entity routes')
      .option('--client-collection, --postman', 'An API-client collection (v2.1) of the routes at the project root')
      .option('--expressive-tests, --pest', 'Tests in it(...)/expect(...) style')
      .option('--query-builder', 'The index filtered and sorted through spatie/laravel-query-builder')
      .option('--json-api', "Resources in the JSON:API document shape (Laravel's JsonApiResource)")
      .option('--only <artifacts>', 'Rewrite only these artifacts, e.g. Model,Migration')
      .option('--fresh', 'Rewrite the create migrations of changed entities, for a database you will migrate fresh, instead of writing a migration of the changes')
      .option('--allow-data-loss', 'Let a migration of the changes drop columns and tables, and convert values where some may be lost')
      .option('--merge <mode>', 'A hand-edited file whose merge with its new generation conflicts: keep (default) leaves it as it is, markers writes conflict markers into it')
      .option('--schema <file>', 'Without an entity name: the schema file (- reads standard input); default api-schema.yaml|yml|json, then class_data.json')
      .option('--mermaid <file>', 'Without an entity name: a Mermaid erDiagram or classDiagram (.mmd, or the first mermaid fence of a .md file)')
      .option('--interactive', 'Ask for the entity, its fields, relations and options on the terminal, preview every file, then write')
      .option('--from-database', "Without an entity name: the entities of the project's database (its .env's DB_* settings), one per table")
      .option('--tables <tables>', 'With --from-database: only these tables, e.g. products,tags (users is read only when named)')
      .option('--with-migrations', 'With --from-database: write migrations that recreate the tables too')
      .option('--database-url <url>', 'With --from-database: the database to read instead of .env, e.g. pgsql://user:password@host:5432/name'),
  ).action(async (entity: string | undefined, flags: MakeFlags) => {
    input = makeInputName(entity, flags);
    if (flags.interactive === true) {
      const { interactiveMake } = await import('./commands/wizard-command.js');
      exitCode = await interactiveMake(entity, flags, io);
      return;
    }
    // Each command's code is loaded when it runs: `--help` and `--version` then start as fast as Node does.
    const { make } = await import('./commands/make-command.js');
    exitCode = await make(entity, flags, io);
  });
  cli
    .command('introspect', "What the project's database holds, and the entities --from-database makes of it")
    .option('--table <table>', 'Only this table')
    .option('--json', 'Print one JSON document on stdout')
    .option('--database-url <url>', 'The database to read instead of .env')
    .option('--project <dir>', 'The Laravel project (default: the current directory)')
    .action(async (flags: { table?: string; json?: boolean; databaseUrl?: string; project?: string }) => {
      input = "the project's database";
      const { introspectCommand } = await import('./commands/database-commands.js');
      exitCode = await introspectCommand(flags, io);
    });
  cli
    .command('openapi [input]', "The OpenAPI 3.1 document of the entities' API (from class_data.json, or a schema file or diagram), on stdout")
    .option('--output <file>', 'Write it to this file in the project (YAML when it ends in .yaml or .yml, else JSON)')
    .option('--check', 'Write nothing; exit 1 when the --output file differs from the document (for CI)')
    .option('--schema <file>', 'The schema file to document instead of class_data.json')
    .option('--mermaid <file>', 'The Mermaid diagram to document instead of class_data.json')
    .option('--project <dir>', 'The Laravel project (default: the current directory)')
    .action(async (file: string | undefined, flags: OpenApiFlags) => {
      input = file === undefined ? (flags.schema ?? flags.mermaid ?? 'class_data.json') : fileArgument(file);
      const { openapi } = await import('./commands/openapi-command.js');
      exitCode = await openapi(file === undefined ? undefined : fileArgument(file), flags, io);
    });
  cli
    .command('validate [...files]', 'Check schema files and diagrams without a Laravel project (default: api-schema.yaml|yml|json, class_data.json here)')
    .option('--json', 'Print one JSON document on stdout and nothing else')
    .option('--format <format>', 'github: print GitHub Actions annotations')
    .action(async (files: string[], flags: ValidateFlags) => {
      input = files.length === 0 ? "the project's schema file" : files.map(fileArgument).join(', ');
      const { validate } = await import('./commands/validate-command.js');
      exitCode = await validate(files.map(fileArgument), flags, io);
    });
  cli
    .command('parse [...files]', 'What the grammar sees in Mermaid diagrams, before any Laravel mapping')
    .option('--json', 'Print a JSON array, one object per file')
    .action(async (files: string[], flags: { json?: boolean }) => {
      input = files.map(fileArgument).join(', ');
      const { parseCommand } = await import('./commands/diagram-commands.js');
      exitCode = parseCommand(files.map(fileArgument), flags, io);
    });
  cli
    .command('diagram', 'Draw a schema file (or a classDiagram) as a Mermaid erDiagram, on stdout')
    .option('--from <file>', 'The schema file or diagram to draw (- reads standard input)')
    .action(async (flags: { from?: string }) => {
      input = flags.from === undefined ? "the project's schema file" : fileArgument(String(flags.from));
      const { diagramCommand } = await import('./commands/diagram-commands.js');
      exitCode = await diagramCommand({ ...(flags.from === undefined ? {} : { from: fileArgument(String(flags.from)) }) }, io);
    });
  cli
    .command('schema', 'The JSON Schema of api-schema files, for editors')
    .option('--print', 'Print it on stdout')
    .action(async (flags: { print?: boolean }) => {
      if (flags.print !== true) {
        io.stderr('fullapi schema: add --print to print the JSON Schema.\n');
        exitCode = 2;
        return;
      }
      const { apiSchemaJson } = await import('../frontends/schema/index.js');
      io.stdout(`${JSON.stringify(apiSchemaJson(), null, 2)}\n`);
    });
  writing(
    cli
      .command('publish <what> [...names]', 'Publish files to customise: config (config/api-generator.php, page sizes) or stubs (stubs/vendor/fullapi/)')
      .usage('publish config [options]\n  $ fullapi publish stubs [name...] [options]'),
  ).action(async (what: string, names: string[], flags: OutputFlags) => {
    const { publish } = await import('./commands/publish-command.js');
    exitCode = publish(what, names, flags, io);
  });
  cli
    .command('validate-stubs', 'Check the stubs published in stubs/vendor/fullapi/ against what fullapi passes them')
    .alias(VALIDATE_STUBS_ALIAS)
    .option('--json', 'Print one JSON document on stdout and nothing else')
    .option('--format <format>', 'github: print GitHub Actions annotations')
    .option('--project <dir>', 'The Laravel project (default: the current directory)')
    .action(async (flags: ValidateStubsFlags) => {
      input = 'the published stubs';
      const { validateStubs } = await import('./commands/validate-stubs-command.js');
      exitCode = validateStubs(flags, io);
    });
  cli
    .command('clean-routes', 'Remove the route statements of controllers that have no file (they break php artisan route:list)')
    .alias(CLEAN_ROUTES_ALIAS)
    .option('--dry-run', 'Write nothing; list each statement as file:line')
    .option('--diff', 'With --dry-run, print a diff of every file that would change')
    .option('--json', 'Print one JSON document on stdout and nothing else')
    .option('--project <dir>', 'The Laravel project (default: the current directory)')
    .action(async (flags: OutputFlags) => {
      input = 'routes/api.php and routes/web.php';
      const { cleanRoutes } = await import('./commands/clean-routes-command.js');
      exitCode = cleanRoutes(flags, io);
    });
  cli
    .command('delete [...entities]', 'Remove what fullapi generated for entities (every entity class_data.json records, when none is named)')
    .alias(DELETE_ALIAS)
    .option('--force', 'Delete files edited by hand too, and ask nothing')
    .option('--dry-run', 'Write nothing; list what would be deleted and edited')
    .option('--diff', 'With --dry-run, print a diff of every file that would change')
    .option('--json', 'Print one JSON document on stdout and nothing else (asks nothing)')
    .option('--project <dir>', 'The Laravel project (default: the current directory)')
    .action(async (entities: string[], flags: OutputFlags) => {
      input = entities.length === 0 ? 'class_data.json' : `the entities ${entities.join(', ')}`;
      const { deleteEntities } = await import('./commands/delete-command.js');
      exitCode = await deleteEntities(entities.map(String), flags, io);
    });
  cli
    .command('watch <file>', 'Generate from a schema file or diagram, then again on every save, until Ctrl-C')
    .option('--force', 'Rewrite files edited by hand')
    .option('--project <dir>', 'The Laravel project (default: the current directory)')
    .action(async (file: string, flags: { force?: boolean; project?: string }) => {
      input = fileArgument(file);
      const { watch } = await import('./commands/watch-command.js');
      exitCode = await watch(fileArgument(file), flags, io);
    });
  cli
    .command('mcp', 'An MCP server over stdio: tools and resources for AI agents on the project (make, validate, parse, diagram, delete, ...)')
    .option('--project <dir>', 'The Laravel project (default: the current directory)')
    .action(async (flags: { project?: string }) => {
      input = 'the MCP server';
      const { mcp } = await import('./commands/mcp-command.js');
      exitCode = await mcp(flags, io);
    });
  cli.help((sections) => withFullapiSections(cli.matchedCommand?.name, sections));
  cli.version(packageVersion(nodeFs) ?? 'unknown');

  try {
    const options = protectOptionValues(
      argv.map((arg) => (arg === '-' ? STDIN_ARGUMENT : arg)),
      TEXT_OPTIONS,
    );
    cli.parse(['node', 'fullapi', ...options.argv], { run: false });
    for (const [name, value] of Object.entries(cli.options)) cli.options[name] = options.restore(value);
    if (cli.matchedCommand === undefined) {
      if (cli.options['help'] === true || cli.options['version'] === true) return 0;
      const command = cli.args[0];
      io.stderr(command === undefined ? 'Usage: fullapi make <Entity> --fields=...  (fullapi --help)\n' : `Unknown command "${command}". Run fullapi --help.\n`);
      return 2;
    }
    await cli.runMatchedCommand();
  } catch (cause) {
    if (cause instanceof Error && cause.name === 'CACError') {
      io.stderr(`${cause.message}. Run fullapi --help.\n`);
      return 2;
    }
    return reportInternalError(cause, input, argv.includes('--json'), io);
  }
  return exitCode;
}

/** A bug: said as one, with what to send in a report; the pipelines write nothing before their last step. */
function reportInternalError(cause: unknown, input: string, json: boolean, io: CliIo): number {
  const reason = cause instanceof Error ? cause.message : String(cause);
  const diagnostic = error(
    'internal_error',
    `fullapi failed on ${input}: ${reason}. This is a bug in fullapi; nothing was written. Please report it with that input and this message.`,
  );
  if (json) io.stdout(`${JSON.stringify(jsonReport(false, [], [diagnostic]), null, 2)}\n`);
  const stack = cause instanceof Error && cause.stack !== undefined ? `\n${cause.stack}` : '';
  io.stderr(`${humanDiagnostic(diagnostic, new Map(), palette(io.colors)).join('\n')}${stack}\n`);
  return EXIT_INTERNAL_ERROR;
}

function makeInputName(entity: string | undefined, flags: MakeFlags): string {
  if (entity !== undefined) {
    const flag = flags.fields !== undefined ? '--fields' : flags.addFields !== undefined ? '--add-fields' : undefined;
    return flag === undefined ? `the entity ${entity}` : `the entity ${entity} and its ${flag}`;
  }
  if (flags.fromDatabase === true) return "the project's database";
  const file = flags.mermaid ?? flags.schema;
  if (file === undefined) return "the project's schema file";
  return fileArgument(String(file)) === '-' ? 'standard input' : fileArgument(String(file));
}
