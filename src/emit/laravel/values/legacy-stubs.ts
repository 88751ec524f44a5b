import type { Entity } from '../../../ir/ir.generated.js';
import { placeholdersOf } from '../../render-stub.js';
import { blueprintCalls } from './blueprint.js';
import { relationMethods } from './model-relations.js';
import { writableColumns } from './relation-columns.js';
import type { RelationMethod } from './stub-values/model.js';
import { partial, type EmitterValues } from './stub-values/registry.js';

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

/**
 * `{{modelName}}`, `{{traits}}`, `{{fillable}}` (the members but the trait use and the relations, as properties
 * on Laravel 13 too: a 3.x stub has no `{{classAttributes}}`) and `{{relationships}}`.
 */
export function legacyModelValues(entity: Entity, members: Omit<EmitterValues<'model.members'>, 'onAttributes' | 'relations'>, relations: readonly RelationMethod[]): LegacyModelValues {
  return {
    modelName: entity.naming.className,
    // 3.x stubs hold this at the margin, inside the class body.
    traits: entity.softDeletes ? '    use SoftDeletes;' : '',
    fillable: partial('model.members', { ...members, traits: [], onAttributes: false, relations: '' }),
    relationships: partial('model.relations', { relations }, (methods) => (methods === '' ? '' : `\n${indented(methods, '    ')}`)),
  };
}

type LegacyModelValues = Required<Pick<EmitterValues<'model'>, 'modelName' | 'traits' | 'fillable' | 'relationships'>>;

/**
 * A 3.x stub has no docblock, no class attributes and no `@use` tag: of the 4.0 model's imports, only the
 * classes its body names, the traits, the relations' classes and the enums of the casts.
 */
export function legacyModelImports(entity: Entity, imports: readonly string[]): string[] {
  const named = new Set([
    ...(entity.softDeletes ? ['SoftDeletes'] : []),
    ...relationMethods(entity).map((method) => method.relationClass),
    ...writableColumns(entity).flatMap((field) => (field.type === 'enum' && field.hashed !== true && field.enumClass !== undefined ? [field.enumClass.className] : [])),
  ]);
  return imports.filter((name) => !LEGACY_MODEL_IMPORTS.has(name) && named.has(shortName(name)));
}

export interface LegacyMigrationParts {
  table: string;
  /** The Blueprint calls of the relation columns: foreign keys and morphs. */
  references: readonly string[];
  /** The Blueprint calls of the fields' columns. */
  fields: readonly string[];
  /** The Blueprint calls of the indexes over several columns (Entity.indexes). */
  indexes: readonly string[];
  softDeletes: boolean;
}

/**
 * `{{tableName}}`, `{{fields}}`, `{{foreignKeys}}` and `{{softDeletes}}` of a 3.x migration stub, which writes
 * the key and the timestamps itself and holds the last two at the margin, inside `Schema::create`.
 */
export function legacyMigrationValues(parts: LegacyMigrationParts): Required<Pick<EmitterValues<'migrations'>, 'tableName' | 'fields' | 'foreignKeys' | 'softDeletes'>> {
  const inSchemaCreate = (lines: string) => indented(lines, ' '.repeat(12));
  return {
    tableName: parts.table,
    // A 3.x stub has no place of its own for indexes; Laravel runs them after the columns wherever they stand.
    fields: blueprintCalls([...parts.fields, ...parts.indexes]),
    foreignKeys: blueprintCalls(parts.references, inSchemaCreate),
    softDeletes: parts.softDeletes ? blueprintCalls(['softDeletes()'], inSchemaCreate) : '',
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
