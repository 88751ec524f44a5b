import type { GenerationOption } from './generation-options.js';

/**
 * Every option of fullapi's commands, declared once. The command line's parser and `--help` (src/cli), the MCP
 * tools' input schemas (src/mcp) and the docs' option reference derive from this table; a command lists the
 * options it takes by name (src/cli/command-table.ts). Adding an option is one entry here and its effect.
 *
 * - `flag`: a switch, true when given;
 * - `text`: one value, kept as typed (`--fields ""` is an empty text, `--only 007` is not a number);
 * - `list`: comma-separated text, read item by item where it is used (so a diagnostic names the item's column);
 *   the MCP tools take an array of strings, which they join;
 * - `choice`: one of `choices`; another value is a misused command line.
 */
export type OptionKind = 'flag' | 'text' | 'list' | 'choice';

export interface OptionSpec {
  kind: OptionKind;
  /** What the value is, as `--help` shows it: `--fields <fields>`. Options that take a value only. */
  value?: string;
  /** Other spellings on the command line, without the dashes: `postman` for `--client-collection`. */
  aliases?: readonly string[];
  choices?: readonly string[];
  /** One line for `--help`, the MCP schema and the docs. */
  help: string;
  /** The generation option it asks for on every entity of the input, which class_data.json records. */
  generation?: GenerationOption;
  /**
   * The MCP tools that take it (`fullapi mcp`), by the tool's name; generation options go in the tool's
   * `options` object, as class_data.json records them. The rest are the command line's alone: its files
   * (an MCP client gives a text or a project file), its output (`--json`, `--diff`), its project.
   */
  tools?: readonly string[];
}

export const OPTIONS = {
  fields: {
    kind: 'text',
    value: 'fields',
    help: 'Comma-separated name:type pairs, e.g. "title:string,status:enum(draft,published)"; without it, the fields class_data.json records',
    tools: ['make'],
  },
  addFields: {
    kind: 'text',
    value: 'fields',
    help: 'Fields to add to an entity fullapi generated, whose table was migrated: a new migration adds their columns, and the existing files are edited in place',
  },
  softDeletes: { kind: 'flag', help: 'Soft deletes: trait, column, restore and force-delete routes', tools: ['make'] },
  auth: { kind: 'flag', help: 'Sanctum token authentication in front of the entity routes', generation: 'auth', tools: ['make'] },
  clientCollection: {
    kind: 'flag',
    aliases: ['postman'],
    help: 'An API-client collection (v2.1) of the routes at the project root',
    generation: 'clientCollection',
    tools: ['make'],
  },
  expressiveTests: { kind: 'flag', aliases: ['pest'], help: 'Tests in it(...)/expect(...) style', generation: 'expressiveTests', tools: ['make'] },
  queryBuilder: { kind: 'flag', help: 'The index filtered and sorted through spatie/laravel-query-builder', generation: 'queryBuilder', tools: ['make'] },
  jsonApi: { kind: 'flag', help: "Responses in the JSON:API document shape (Laravel's JsonApiResource); requests and errors stay Laravel's", generation: 'jsonApi', tools: ['make'] },
  simplePagination: {
    kind: 'flag',
    help: "The index pages without counting the rows (Laravel's simplePaginate): meta has no total nor last_page, links.next says whether a next page exists",
    generation: 'simplePagination',
    tools: ['make'],
  },
  only: { kind: 'list', value: 'artifacts', help: 'Rewrite only these artifacts, e.g. Model,Migration', tools: ['make'] },
  fresh: {
    kind: 'flag',
    help: 'Rewrite the create migrations of changed entities, for a database you will migrate fresh, instead of writing a migration of the changes',
    tools: ['make'],
  },
  allowDataLoss: { kind: 'flag', help: 'Let a migration of the changes drop columns and tables, and convert values where some may be lost', tools: ['make'] },
  merge: {
    kind: 'choice',
    value: 'mode',
    choices: ['keep', 'markers'],
    help: 'A hand-edited file whose merge with its new generation conflicts: keep (default) leaves it as it is, markers writes conflict markers into it',
    tools: ['make'],
  },
  schema: {
    kind: 'text',
    value: 'file',
    help: 'Without an entity name: the schema file (- reads standard input); default api-schema.yaml|yml|json, then class_data.json',
  },
  mermaid: { kind: 'text', value: 'file', help: 'Without an entity name: a Mermaid erDiagram or classDiagram (.mmd, or the first mermaid fence of a .md file)' },
  openapi: {
    kind: 'text',
    value: 'file',
    help: 'Without an entity name: an OpenAPI 3.0 or 3.1 or Swagger 2.0 document, JSON or YAML (- reads standard input), whose object schemas become entities',
  },
  interactive: { kind: 'flag', help: 'Ask for the entity, its fields, relations and options on the terminal, preview every file, then write' },
  fromDatabase: { kind: 'flag', help: "Without an entity name: the entities of the project's database (its .env's DB_* settings), one per table" },
  tables: { kind: 'list', value: 'tables', help: 'With --from-database: only these tables, e.g. products,tags (users is read only when named)' },
  withMigrations: { kind: 'flag', help: 'With --from-database: write migrations that recreate the tables too' },
  databaseUrl: { kind: 'text', value: 'url', help: 'The database to read instead of .env, e.g. pgsql://user:password@host:5432/name', tools: ['introspect'] },
  table: { kind: 'text', value: 'table', help: 'Only this table', tools: ['introspect'] },
  output: { kind: 'text', value: 'file', help: 'Write it to this file in the project (YAML when it ends in .yaml or .yml, else JSON)' },
  check: { kind: 'flag', help: 'Write nothing; exit 1 when the --output file differs from the document (for CI)' },
  from: { kind: 'text', value: 'file', help: 'The schema file, diagram or OpenAPI document to draw (- reads standard input)' },
  print: { kind: 'flag', help: 'Print it on stdout' },
  format: { kind: 'choice', value: 'format', choices: ['github'], help: 'github: print GitHub Actions annotations' },
  force: { kind: 'flag', help: 'Replace or delete files edited by hand, instead of keeping them', tools: ['make', 'delete'] },
  dryRun: { kind: 'flag', help: 'Write nothing; report what each file would become' },
  diff: { kind: 'flag', help: 'With --dry-run, print a diff of every file that would change' },
  json: { kind: 'flag', help: 'Print one JSON document on stdout and nothing else' },
  project: { kind: 'text', value: 'dir', help: 'The Laravel project (default: the current directory)' },
} as const satisfies Record<string, OptionSpec>;

export type OptionName = keyof typeof OPTIONS;

/** `softDeletes` is typed `--soft-deletes`. */
export function optionFlag(name: OptionName): string {
  return `--${kebab(name)}`;
}

export function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** What an option's value is once parsed: a switch's boolean, or the text given. */
export type OptionValue<Name extends OptionName> = (typeof OPTIONS)[Name]['kind'] extends 'flag' ? boolean : string;

/** The values given of some options, by name; an option not given is absent. */
export type OptionValues<Names extends OptionName> = { [Name in Names]?: OptionValue<Name> };

/** The option of the table that asks for each generation option: `clientCollection` for `clientCollection`. */
export const GENERATION_OPTION_NAMES: Readonly<Record<GenerationOption, OptionName>> = Object.fromEntries(
  (Object.entries(OPTIONS) as [OptionName, OptionSpec][]).flatMap(([name, spec]) => (spec.generation === undefined ? [] : [[spec.generation, name]])),
) as Record<GenerationOption, OptionName>;

/** The command line's spelling of each generation option: `--client-collection` for `clientCollection`. */
export const OPTION_FLAGS: Readonly<Record<GenerationOption, string>> = Object.fromEntries(
  Object.entries(GENERATION_OPTION_NAMES).map(([option, name]) => [option, optionFlag(name)]),
) as Record<GenerationOption, string>;
