import { placeholdersOf } from '../../render-stub.js';

/**
 * The placeholders of the stubs 3.x published, which 4.0 still fills: a project upgraded with its published
 * 3.x stubs keeps generating. 3.x stubs wrote `use HasFactory;`, `$table->id();` and `$table->timestamps();`
 * themselves and placed some blocks at the margin of a line; the values here are shaped for those stubs.
 */

/** A model stub of 3.x: it places `{{traits}}` or `{{fillable}}` and not 4.0's `{{members}}`. */
export function isLegacyModelStub(template: string): boolean {
  const used = new Set(placeholdersOf(template).map((found) => found.placeholder));
  return !used.has('members') && ['traits', 'fillable', 'relationships'].some((name) => used.has(name));
}

/** What a 3.x model stub imports itself, before `{{imports}}`. */
const LEGACY_MODEL_IMPORTS: ReadonlySet<string> = new Set(['Illuminate\\Database\\Eloquent\\Model', 'Illuminate\\Database\\Eloquent\\Factories\\HasFactory']);

export interface LegacyModelParts {
  className: string;
  /** The imports of the 4.0 model. */
  imports: readonly string[];
  /** The traits besides `HasFactory`, which a 3.x stub uses itself. */
  traits: readonly string[];
  /** The properties and the `casts()` method, always as properties: a 3.x stub has no `{{classAttributes}}`. */
  properties: readonly string[];
  relations: readonly string[];
}

/** `{{modelName}}`, `{{traits}}`, `{{fillable}}`, `{{relationships}}`, and the imports a 3.x stub does not write itself. */
export function legacyModelValues(parts: LegacyModelParts, legacyStub: boolean): { imports?: readonly string[]; values: Record<string, string> } {
  const values = {
    modelName: parts.className,
    // 3.x stubs hold these two at the margin, inside the class body.
    traits: parts.traits.map((trait) => `    use ${trait};`).join('\n'),
    fillable: parts.properties.join('\n\n'),
    relationships: parts.relations.map((method) => `\n${indented(method, '    ')}`).join('\n'),
  };
  // A 3.x stub has no docblock, no class attributes and no `@use` tag: only the classes its body names are imported.
  const body = Object.values(values).join('\n');
  const imports = parts.imports.filter((name) => !LEGACY_MODEL_IMPORTS.has(name) && new RegExp(`\\b${shortName(name)}\\b`).test(body));
  return { ...(legacyStub ? { imports } : {}), values };
}

export interface LegacyMigrationParts {
  table: string;
  /** The relation columns: foreign keys and morphs. */
  references: readonly string[];
  fields: readonly string[];
  softDeletes: boolean;
}

/**
 * `{{tableName}}`, `{{fields}}`, `{{foreignKeys}}` and `{{softDeletes}}` of a 3.x migration stub, which writes
 * the key and the timestamps itself and holds the last two at the margin, inside `Schema::create`.
 */
export function legacyMigrationValues(parts: LegacyMigrationParts): Record<string, string> {
  const inSchemaCreate = ' '.repeat(12);
  return {
    tableName: parts.table,
    fields: parts.fields.join('\n'),
    foreignKeys: parts.references.map((line) => `${inSchemaCreate}${line}`).join('\n'),
    softDeletes: parts.softDeletes ? `${inSchemaCreate}$table->softDeletes();` : '',
  };
}

function shortName(className: string): string {
  return className.slice(className.lastIndexOf('\\') + 1);
}

function indented(text: string, indent: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '' : indent + line))
    .join('\n');
}
