import { FIELD_MODIFIERS, TYPE_SPELLINGS } from '../../frontends/fields.js';
import { STUB_NAMES } from '../../emit/stubs.js';

/** A block of `--help` output, as cac builds it: a title (none for the first line) and its text. */
export interface HelpSection {
  title?: string;
  body: string;
}

/** The command names cac matches but does not show in its list. */
export const MAKE_ALIAS = 'make:fullapi';
export const VALIDATE_STUBS_ALIAS = 'api-generator:validate-stubs';
export const CLEAN_ROUTES_ALIAS = 'api-generator:clean-routes';
export const DELETE_ALIAS = 'delete:fullapi';

const EXIT_CODES = [
  '  0   done (warnings allowed)',
  '  1   an error in the input or the project; nothing was written',
  '  2   a misused command line (unknown command or option, missing value)',
  '  70  a bug in fullapi; nothing was written (please report it)',
].join('\n');

/**
 * What cac's help leaves out: the alias of `make`, the field types and modifiers `--fields` takes, what
 * `publish` publishes, examples and the exit codes. `command` is the command whose help is shown, none for
 * `fullapi --help`.
 */
export function withFullapiSections(command: string | undefined, sections: readonly HelpSection[]): HelpSection[] {
  if (command === undefined) {
    return [
      ...sections.map((section) => (section.title === 'Commands' ? { ...section, body: withAlias(section.body) } : section)),
      { title: 'Exit codes', body: EXIT_CODES },
    ];
  }
  if (command === 'make') {
    return [
      ...sections,
      { title: 'Aliases', body: `  ${MAKE_ALIAS}` },
      { title: 'Field types (--fields name:type[:modifier...])', body: wrapped(fieldTypes()) },
      { title: 'Modifiers', body: `  ${FIELD_MODIFIERS.map((modifier) => `:${modifier}`).join(', ')}   e.g. email:string:unique, bio:text:nullable` },
      {
        title: 'Examples',
        body: [
          '  $ fullapi make Post --fields="title:string,body:text:nullable,status:enum(draft,published)" --soft-deletes',
          '  $ fullapi make Post --soft-deletes          Post again from class_data.json (fields, relations), with soft deletes',
          '  $ fullapi make Post --add-fields="summary:string:nullable"   a migration adds the column; Post\'s files are edited in place',
          '  $ fullapi make                              every entity of api-schema.yaml (or class_data.json)',
          '  $ fullapi make --mermaid=docs/model.md      every entity of a Mermaid erDiagram or classDiagram',
          '  $ fullapi make Post --fields=title:string --dry-run --diff   what would change, as diffs; nothing written',
        ].join('\n'),
      },
    ];
  }
  if (command === 'openapi') {
    return [
      ...sections,
      {
        title: 'Examples',
        body: [
          '  $ fullapi openapi                                   the entities class_data.json records, as JSON on stdout',
          '  $ fullapi openapi api-schema.yaml                   the entities of a schema file (or a diagram) instead',
          '  $ fullapi openapi --output openapi.yaml             written into the project, as YAML',
          '  $ fullapi openapi --output openapi.yaml --check     exit 1 when the file is out of date (for CI)',
        ].join('\n'),
      },
    ];
  }
  if (command === 'clean-routes') {
    return [
      ...sections,
      { title: 'Aliases', body: `  ${CLEAN_ROUTES_ALIAS}` },
      {
        title: 'Examples',
        body: [
          '  $ fullapi clean-routes --dry-run   each route statement whose controller has no file, as file:line',
          '  $ fullapi clean-routes             remove them, and the imports only they used',
        ].join('\n'),
      },
    ];
  }
  if (command === 'delete') {
    return [
      ...sections,
      { title: 'Aliases', body: `  ${DELETE_ALIAS}` },
      {
        title: 'Examples',
        body: [
          '  $ fullapi delete Comment --dry-run   what would be deleted and edited; nothing written',
          '  $ fullapi delete Comment             its files, migrations, routes, seeder call and record (asks first on a terminal)',
          '  $ fullapi delete Post Comment        both together, when Post refers to Comment',
          '  $ fullapi delete                     every entity class_data.json records',
        ].join('\n'),
      },
      {
        title: 'Kept',
        body: '  A file edited by hand since fullapi wrote it, or that fullapi did not write (3.x), is kept unless --force.\n  An entity another entity still refers to is refused: delete them together.',
      },
    ];
  }
  if (command === 'mcp') {
    return [
      ...sections,
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
  if (command === 'publish') {
    return [
      ...sections,
      {
        title: 'What can be published',
        body: [
          '  config  config/api-generator.php: the page sizes of generated index routes (per_page, max_per_page)',
          `  stubs   stubs/vendor/fullapi/<name>.stub, a copy of each built-in stub to customise (all, or the names given:`,
          `          ${STUB_NAMES.join(', ')}); a copy already there is kept unless --force`,
        ].join('\n'),
      },
    ];
  }
  if (command === 'validate-stubs') {
    return [
      ...sections,
      { title: 'Aliases', body: `  ${VALIDATE_STUBS_ALIAS}` },
      {
        title: 'What is checked',
        body: [
          '  each stubs/vendor/fullapi/<name>.stub: EJS syntax, {{names}} fullapi does not pass, names renamed since 3.x,',
          "  the {{names}} fullapi's built-in stub places that it lacks; a request.stub, which 4.0 no longer reads.",
          '  Nothing is rendered: no EJS code of the stubs runs. Exit 1 when anything is wrong.',
        ].join('\n'),
      },
    ];
  }
  return [...sections];
}

/** The lines of the command list, with the aliases cac matches but does not list. */
function withAlias(commands: string): string {
  const aliases: readonly (readonly [RegExp, string])[] = [
    [/^\s*make\b/, MAKE_ALIAS],
    [/^\s*validate-stubs\b/, VALIDATE_STUBS_ALIAS],
    [/^\s*clean-routes\b/, CLEAN_ROUTES_ALIAS],
    [/^\s*delete\b/, DELETE_ALIAS],
  ];
  return commands
    .split('\n')
    .map((line) => {
      const alias = aliases.find(([command]) => command.test(line))?.[1];
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
