import { copyExampleProject, runCli } from '../../support/project-tree.js';
import { cell, code, page, table } from './markdown.js';
import { ACTION_MEANINGS, reportSchema } from './report-schema.js';

interface SchemaNode {
  type?: string;
  description?: string;
  enum?: string[];
  $ref?: string;
  items?: SchemaNode;
  required?: string[];
  properties?: Record<string, SchemaNode>;
  $defs?: Record<string, SchemaNode>;
}

/** A property's type as a reader says it: `array of warning`, `one of the codes`. */
function typeOf(node: SchemaNode): string {
  if (node.$ref !== undefined) return refName(node.$ref);
  if (node.enum !== undefined) return 'string, one of the values below';
  if (node.type === 'array' && node.items !== undefined) return `array of ${node.items.$ref === undefined ? (node.items.type ?? 'object') : refName(node.items.$ref)}`;
  return node.type ?? '';
}

function refName(ref: string): string {
  const name = ref.split('/').pop() ?? ref;
  return name === 'code' ? '[code](./codes)' : `${name} (below)`;
}

function propertyTable(node: SchemaNode): string[] {
  const required = new Set(node.required ?? []);
  const rows = Object.entries(node.properties ?? {}).map(([name, property]) => [
    `\`${name}\``,
    cell(typeOf(property)),
    required.has(name) ? 'yes' : 'no',
    cell(property.description ?? ''),
  ]);
  return table(['Property', 'Type', 'Always there', 'What it holds'], rows);
}

/** The schema of schemas/report.schema.json, as tables: the document, a listed file, a warning, an error, a source. */
function schemaSections(): string[] {
  const schema = reportSchema() as SchemaNode;
  const defs = schema.$defs ?? {};
  const file = schema.properties?.['files']?.items ?? {};
  const section = (title: string, node: SchemaNode): string[] => [`### ${title}`, '', ...(node.description === undefined ? [] : [cell(node.description), '']), ...propertyTable(node), ''];
  return [
    '## The document',
    '',
    ...propertyTable(schema),
    '',
    ...section('A file', file),
    table(['`action`', 'Meaning'], Object.entries(ACTION_MEANINGS).map(([action, meaning]) => [`\`${action}\``, cell(meaning)])).join('\n'),
    '',
    ...section('warning', defs['warning'] ?? {}),
    ...section('error', defs['error'] ?? {}),
    ...section('source', defs['source'] ?? {}),
  ];
}

async function example(argv: readonly string[]): Promise<string[]> {
  const run = await runCli(argv, copyExampleProject('laravel-12'));
  const shown = argv.map((argument) => (argument.includes(',') ? argument.replace('=', '="') + '"' : argument)).join(' ');
  return ['```sh', `fullapi ${shown}`, '```', '', `Exit code ${run.exitCode}:`, '', '```json', run.stdout.trimEnd(), '```', ''];
}

/** docs/reference/json-output.md: the `--json` document, rendered from its schema, with the output of real runs. */
export async function jsonOutputPage(): Promise<string> {
  const intro = [
    '`make`, `publish`, `validate`, `validate-stubs`, `clean-routes` and `delete` take `--json`: they then print one JSON document on stdout and nothing else, and ask no questions.',
    `Its JSON Schema is ${code('schemas/report.schema.json')}, shipped in the package; the exit code is 0 when \`ok\` is true, 1 when the input is wrong, 2 for a misused command line, and 70 for a bug in fullapi.`,
    'Two commands print documents of their own: `fullapi parse --json` a list with one object per diagram file, and `fullapi introspect --json` what the database holds (or, when it cannot read it, the document below).',
  ].join(' ');
  return page('The `--json` document', intro, [
    ...schemaSections(),
    '## Examples',
    '',
    'A new entity: every file it writes.',
    '',
    ...(await example(['make', 'Post', '--fields=title:string,body:text', '--json'])),
    'A mistake in `--fields`: the error points at the flag and the column in its value, and nothing is written.',
    '',
    ...(await example(['make', 'Post', '--fields=title:string,body:txt', '--json'])),
  ]);
}
