import { TYPE_SPELLINGS } from '../../frontends/fields.js';
import { FIELD_FLAGS } from '../../ir/field-flags.js';
import { STUB_NAMES } from '../../emit/artifact-table.js';

/** A block of `--help` output, as cac builds it: a title (none for the first line) and its text. */
export interface HelpSection {
  title?: string;
  body: string;
}

const EXIT_CODES = [
  '  0   done (warnings allowed)',
  '  1   an error in the input or the project; nothing was written',
  '  2   a misused command line (unknown command or option, missing value)',
  '  70  a bug in fullapi; nothing was written (please report it)',
].join('\n');

/** The commands as `--help` needs them: each one's alias and the sections cac's help leaves out. */
export interface CommandHelp {
  name: string;
  alias?: string;
  sections?: readonly HelpSection[];
}

/**
 * What cac's help leaves out: the commands' aliases, the exit codes, and each command's own sections (the field
 * types `--fields` takes, what `publish` publishes, examples). `command` is the command whose help is shown,
 * none for `fullapi --help`.
 */
export function withFullapiSections(commands: readonly CommandHelp[], command: string | undefined, sections: readonly HelpSection[]): HelpSection[] {
  if (command === undefined) {
    return [
      ...sections.map((section) => (section.title === 'Commands' ? { ...section, body: withAliases(commands, section.body) } : section)),
      { title: 'Exit codes', body: EXIT_CODES },
    ];
  }
  const shown = commands.find((candidate) => candidate.name === command);
  return [...sections, ...(shown?.alias === undefined ? [] : [{ title: 'Aliases', body: `  ${shown.alias}` }]), ...(shown?.sections ?? [])];
}

/** `--fields`' field types and modifiers. */
export function fieldTypeSections(): HelpSection[] {
  return [
    { title: 'Field types (--fields name:type[:modifier...])', body: wrapped(fieldTypes()) },
    { title: 'Modifiers', body: `  ${FIELD_FLAGS.map((modifier) => `:${modifier}`).join(', ')}   e.g. email:string:unique, bio:text:nullable, pin_code:string:hidden` },
  ];
}

const examples = (lines: readonly string[]): HelpSection => ({ title: 'Examples', body: lines.join('\n') });

export const EXAMPLES = {
  make: examples([
    '  $ fullapi make Post --fields="title:string,body:text:nullable,status:enum(draft,published)" --soft-deletes',
    '  $ fullapi make Post --soft-deletes          Post again from class_data.json (fields, relations), with soft deletes',
    '  $ fullapi make Post --add-fields="summary:string:nullable"   a migration adds the column; Post\'s files are edited in place',
    '  $ fullapi make                              every entity of api-schema.yaml (or class_data.json)',
    '  $ fullapi make --mermaid=docs/model.md      every entity of a Mermaid erDiagram or classDiagram',
    '  $ fullapi make Post --fields=title:string --dry-run --diff   what would change, as diffs; nothing written',
  ]),
  openapi: examples([
    '  $ fullapi openapi                                   the entities class_data.json records, as JSON on stdout',
    '  $ fullapi openapi api-schema.yaml                   the entities of a schema file (or a diagram) instead',
    '  $ fullapi openapi --output openapi.yaml             written into the project, as YAML',
    '  $ fullapi openapi --output openapi.yaml --check     exit 1 when the file is out of date (for CI)',
  ]),
  'clean-routes': examples([
    '  $ fullapi clean-routes --dry-run   each route statement whose controller has no file, as file:line',
    '  $ fullapi clean-routes             remove them, and the imports only they used',
  ]),
  delete: examples([
    '  $ fullapi delete Comment --dry-run   what would be deleted and edited; nothing written',
    '  $ fullapi delete Comment             its files, migrations, routes, seeder call and record (asks first on a terminal)',
    '  $ fullapi delete Post Comment        both together, when Post refers to Comment',
    '  $ fullapi delete                     every entity class_data.json records',
  ]),
} as const;

export const DELETE_KEPT_SECTION: HelpSection = {
  title: 'Kept',
  body: '  A file edited by hand since fullapi wrote it, or that fullapi did not write (3.x), is kept unless --force.\n  An entity another entity still refers to is refused: delete them together.',
};

export function mcpSections(): HelpSection[] {
  return [
    {
      title: 'Tools and resources',
      body: [
        '  tools      make, validate, parse, diagram, delete, list_entities, introspect, openapi; make and delete',
        '             return the plan with diffs and write only with apply: true',
        '  resources  fullapi://schema/api-schema (the JSON Schema of schema files), fullapi://project/class_data.json',
      ].join('\n'),
    },
    { title: 'Register it (.mcp.json)', body: '  {"mcpServers": {"fullapi": {"command": "npx", "args": ["-y", "laravel-fullapi", "mcp", "--project", "."]}}}' },
  ];
}

export const PUBLISHABLE_SECTION: HelpSection = {
  title: 'What can be published',
  body: [
    '  config  config/api-generator.php: the page sizes of generated index routes (per_page, max_per_page)',
    `  stubs   stubs/vendor/fullapi/<name>.stub, a copy of each built-in stub to customise (all, or the names given:`,
    `          ${STUB_NAMES.join(', ')}); a copy already there is kept unless --force`,
  ].join('\n'),
};

export const VALIDATE_STUBS_SECTION: HelpSection = {
  title: 'What is checked',
  body: [
    '  each <name>.stub of stubs/vendor/fullapi/ and of the PHP generator\'s stubs/vendor/laravel-api-generator/:',
    '  EJS syntax, {{names}} fullapi does not pass, 3.x names 4.0 replaced, the {{names}} fullapi\'s built-in stub',
    '  places that it lacks; the 3.x stubs 4.0 no longer reads (request.stub, seed.stub, ...).',
    '  Nothing is rendered: no EJS code of the stubs runs. Exit 1 when anything is wrong.',
  ].join('\n'),
};

/** The lines of the command list, with the aliases cac matches but does not list. */
function withAliases(commands: readonly CommandHelp[], list: string): string {
  return list
    .split('\n')
    .map((line) => {
      const alias = commands.find((command) => command.alias !== undefined && new RegExp(`^\\s*${command.name}\\b`).test(line))?.alias;
      return alias === undefined ? line : `${line} (alias ${alias})`;
    })
    .join('\n');
}

/** Each type once, its other spellings in brackets: `boolean (bool)`. */
function fieldTypes(): string[] {
  const spellings = new Map<string, string[]>();
  for (const [spelling, type] of Object.entries(TYPE_SPELLINGS)) {
    if (spelling !== type) spellings.set(type, [...(spellings.get(type) ?? []), spelling]);
    else if (!spellings.has(type)) spellings.set(type, []);
  }
  return [...[...spellings].map(([type, others]) => (others.length === 0 ? type : `${type} (${others.join(', ')})`)), 'enum(a,b,...)'];
}

/** Comma-separated words in lines of at most 100 characters, indented as cac indents. */
function wrapped(words: readonly string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line === '' ? word : `${line}, ${word}`;
    if (next.length > 98 && line !== '') {
      lines.push(`${line},`);
      line = word;
    } else {
      line = next;
    }
  }
  if (line !== '') lines.push(line);
  return lines.map((text) => `  ${text}`).join('\n');
}
