import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../support/repo-root.js';
import { cell, page, prose, table } from './markdown.js';

interface SchemaNode {
  title?: string;
  description?: string;
  type?: string | string[];
  enum?: string[];
  $ref?: string;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  required?: string[];
  default?: unknown;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  $defs?: Record<string, SchemaNode>;
}

function readSchema(file: string): SchemaNode {
  return JSON.parse(readFileSync(join(repoRoot(), 'schemas', file), 'utf8')) as SchemaNode;
}

/** A definition gets a section of its own unless it is a lone flag or list, told in full where it is used. */
function hasSection(node: SchemaNode): boolean {
  return node.type !== 'boolean' && node.type !== 'array';
}

class SchemaPage {
  constructor(private readonly defs: Readonly<Record<string, SchemaNode>>) {}

  private target(ref: string): [string, SchemaNode] {
    const name = ref.split('/').pop() ?? ref;
    return [name, this.defs[name] ?? {}];
  }

  /** The type of a value as a reader says it, a link where a section of the page describes it. */
  typeOf(node: SchemaNode): string {
    if (node.$ref !== undefined) {
      const [name, def] = this.target(node.$ref);
      return hasSection(def) ? `[${name}](#${name.toLowerCase()})` : this.typeOf(def);
    }
    if (node.anyOf !== undefined) return node.anyOf.map((alternative) => this.typeOf(alternative)).join(' or ');
    if (node.enum !== undefined) return 'string';
    if (node.type === 'array') return `list of ${node.items === undefined ? 'values' : this.typeOf(node.items)}`;
    if (node.type === 'object' && typeof node.additionalProperties === 'object') return `map of names to ${this.typeOf(node.additionalProperties)}`;
    return Array.isArray(node.type) ? node.type.join(' or ') : (node.type ?? 'any');
  }

  /** A key's own description, else that of the definition it refers to (which editors show too). */
  describe(node: SchemaNode): string {
    if (node.description !== undefined) return node.description;
    return node.$ref === undefined ? '' : this.describe(this.target(node.$ref)[1]);
  }

  defaultOf(node: SchemaNode): string {
    const value = node.default ?? (node.$ref === undefined ? undefined : this.target(node.$ref)[1].default);
    return value === undefined ? '' : `\`${JSON.stringify(value)}\``;
  }

  keysTable(node: SchemaNode): string[] {
    const required = new Set(node.required ?? []);
    const rows = Object.entries(node.properties ?? {}).map(([key, property]) => [
      `\`${key}\``,
      cell(this.typeOf(property)),
      required.has(key) ? 'yes' : 'no',
      this.defaultOf(property),
      cell(this.describe(property)),
    ]);
    return table(['Key', 'Type', 'Required', 'Default', 'What it is'], rows);
  }

  section(name: string, node: SchemaNode): string[] {
    return [`### ${name}`, '', ...(node.description === undefined ? [] : [prose(node.description), '']), ...this.sectionBody(node), ''];
  }

  private sectionBody(node: SchemaNode): string[] {
    if (node.properties !== undefined) return this.keysTable(node);
    const values = node.enum ?? (node.anyOf ?? []).flatMap((alternative) => alternative.enum ?? []);
    if (values.length > 0) return [`Values: ${values.map((value) => `\`${value}\``).join(', ')}.`];
    if (node.anyOf !== undefined) return [`Written as ${cell(this.typeOf(node))}.`];
    return [];
  }

  sections(): string[] {
    return Object.entries(this.defs).flatMap(([name, node]) => (hasSection(node) ? this.section(name, node) : []));
  }
}

function schemaReference(file: string, heading: string, about: string): string[] {
  const schema = readSchema(file);
  const rendered = new SchemaPage(schema.$defs ?? {});
  const top = schema.properties !== undefined ? rendered.keysTable(schema) : [`The file is a ${cell(rendered.typeOf(schema))}.`];
  return [`## ${heading}`, '', prose(about), '', ...(schema.description === undefined ? [] : [prose(schema.description), '']), ...top, '', ...rendered.sections()];
}

/** docs/reference/schema-file.md: every key of the schema-file and class_data.json formats, from their JSON Schemas. */
export function schemaFilePage(): string {
  const intro = [
    'A schema file describes a whole API in YAML or JSON: `api-schema.yaml`, `api-schema.yml` or `api-schema.json` at the root of the project, or any file given to `fullapi make --schema`.',
    'Its JSON Schema is `schemas/api-schema.schema.json` in the package; `fullapi schema --print` prints it.',
    'Save it in the project and name it in the file (`$schema` in JSON, `# yaml-language-server: $schema=api-schema.schema.json` in YAML), and an editor completes and checks every key below.',
  ].join(' ');
  return page('Schema files', intro, [
    ...schemaReference('api-schema.schema.json', 'api-schema.yaml', 'The keys of a schema file, then each kind of value it holds.'),
    ...schemaReference(
      'class-data.schema.json',
      'class_data.json',
      'The older bulk format, which fullapi also writes: its JSON Schema is `schemas/class-data.schema.json` in the package.',
    ),
  ]);
}
