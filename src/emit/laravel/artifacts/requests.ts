import type { Entity, Field, ForeignKey } from '../../../ir/ir.generated.js';
import { ownerOf } from '../values/owner.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult, type StubFile } from '../../emit-result.js';
import type { GeneratedFile } from '../../../plan/file-plan.js';
import { completeReturnedArray } from '../edits/returned-array-edit.js';
import { phpString, renderImports } from '../values/php-literals.js';
import { foreignKeyField, writableColumns } from '../values/relation-columns.js';
import { syncedRelations, type SyncedRelation } from '../values/synced-relations.js';
import { ROUTE_KEY_RULE, RULE_CLASS, typeRules, VALIDATION_RULES } from '../values/validation-rules.js';
import { partial, type EmitterValues } from '../values/stub-values/registry.js';

export const REQUEST_NAMESPACE = 'App\\Http\\Requests';
const VALIDATION_RULE_CLASS = 'Illuminate\\Contracts\\Validation\\ValidationRule';

export function storeRequestClassName(entity: Entity): string {
  return `Store${entity.naming.className}Request`;
}

export function updateRequestClassName(entity: Entity): string {
  return `Update${entity.naming.className}Request`;
}

export type RequestKind = 'store' | 'update';

/**
 * `app/Http/Requests/Store<Class>Request.php` and `Update<Class>Request.php`. Both authorize everyone: the
 * controller asks the policy after validation, so invalid data is a 422 whatever the policy says.
 */
/** The store and update requests of an entity. */
export function requestPaths(entity: Entity): string[] {
  return [storeRequestClassName(entity), updateRequestClassName(entity)].map(requestPath);
}

function requestPath(className: string): string {
  return `app/Http/Requests/${className}.php`;
}

export function emitRequests(entity: Entity, ctx: EmitContext): EmitResult {
  const kinds: RequestKind[] = ['store', 'update'];
  const result = renderStubFiles(kinds.map((kind) => requestFile(entity, kind)), ctx);
  if (!result.ok) return result;
  return {
    ok: true,
    files: result.files.map((file, index) => ({ ...file, content: sortImportBlock(file.content), ...rulesEdit(entity, kinds[index] ?? 'store', file.path) })),
  };
}

/** The rules a hand-edited request of an integrated entity (--add-fields, the project's own model) lacks are added to it. */
function rulesEdit(entity: Entity, kind: RequestKind, path: string): Pick<GeneratedFile, 'editInPlace'> {
  if (entity.existing === undefined) return {};
  const rules = fieldRulesOf(entity, kind);
  return { editInPlace: (existing) => completeReturnedArray(existing, path, 'rules', rules.map((rule) => rule.entry), rules.flatMap((rule) => rule.imports)) };
}

function requestFile(entity: Entity, kind: RequestKind): StubFile {
  const className = kind === 'store' ? storeRequestClassName(entity) : updateRequestClassName(entity);
  const fieldRules = fieldRulesOf(entity, kind);
  return {
    stub: `request.${kind}`,
    path: requestPath(className),
    artifact: 'Request',
    values: {
      namespace: REQUEST_NAMESPACE,
      // The stub puts these after its FormRequest import; sortImportBlock merges them into one sorted block.
      imports: renderImports([VALIDATION_RULE_CLASS, ...fieldRules.flatMap((rules) => rules.imports)]),
      className,
      prepareForValidation: prepareForValidation(entity),
      rules: fieldRules.map((rules) => rules.entry).join('\n'),
    },
  };
}

/** Each rule entry of the request, in the order the stub lists them: `'title' => ['required', 'string'],`. */
export function fieldRulesOf(entity: Entity, kind: RequestKind): FieldRules[] {
  const key = entity.primaryKey;
  return [
    // Update: the conventional id is no field, yet a client may send it.
    ...(kind === 'update' && !key.custom ? [unchangeableKey(entity, key.column)] : []),
    ...entity.foreignKeys.map((foreignKey) =>
      foreignKey.column === ownerOf(entity)?.foreignKey ? ownerKeyRules(foreignKey.column) : rulesOf(entity, foreignKeyField(foreignKey), kind, [existsRule(foreignKey)]),
    ),
    ...entity.fields.map((field) => (kind === 'update' && key.custom && field.name === key.column ? unchangeableKey(entity, field.name) : rulesOf(entity, field, kind))),
    ...morphRules(entity),
    ...syncedRelations(entity).flatMap(syncedKeysRules),
  ];
}

export interface FieldRules {
  /** `'title' => ['required', 'string'],` */
  entry: string;
  imports: string[];
}

/**
 * Store: `required`, or `nullable`. Update: `sometimes` before `required`, so a PATCH may leave a field out,
 * and a nullable field keeps `nullable` alone (an absent field passes it too). Then the type's rules, then
 * uniqueness, which on update ignores the row being changed, then a foreign key's `exists`.
 */
function rulesOf(entity: Entity, field: Field, kind: RequestKind, relationRules: readonly string[] = []): FieldRules {
  const presence = presenceRules(field, kind);
  const typed = typeRules(field);
  const unique = isUnique(entity, field) ? [uniqueRule(entity, field, kind)] : [];
  const ruleObjects = [...unique, ...relationRules];
  const routeKey = entity.primaryKey.custom && entity.primaryKey.column === field.name && field.type === 'string' ? [ROUTE_KEY_RULE] : [];
  const extra = [...routeKey, ...(field.rules ?? [])].map(phpString);
  return {
    entry: `${phpString(field.name)} => [${[...presence.map(phpString), ...typed.rules, ...extra, ...ruleObjects].join(', ')}],`,
    imports: [...typed.imports, ...(ruleObjects.length > 0 ? [RULE_CLASS] : [])],
  };
}

/** Whether the field must be sent, may be left out, may be null: `required`, `sometimes`, `nullable`, `present`. */
export function presenceRules(field: Field, kind: RequestKind): string[] {
  // A field with a default may be left out on create too: the column's default applies.
  const optional = kind === 'update' || field.defaultValue !== undefined;
  return field.nullable ? ['nullable'] : optional ? ['sometimes', requiredRule(field)] : [requiredRule(field)];
}

/**
 * An owner attached through the API: the type one of the owners' aliases (the morph map's), the id an existing
 * row of that owner; both or neither, and both may be null (no owner).
 */
function morphRules(entity: Entity): FieldRules[] {
  return entity.relations.flatMap((relation) => {
    if (relation.kind !== 'morphTo' || relation.morphOwners.length === 0) return [];
    const owners = relation.morphOwners;
    const type = `${relation.morphName}_type`;
    const id = `${relation.morphName}_id`;
    const aliases = owners.map((owner) => phpString(owner.snake)).join(', ');
    const exists = owners.map(
      (owner) => `Rule::when($this->input(${phpString(type)}) === ${phpString(owner.snake)}, [Rule::exists(${phpString(owner.table)}, ${phpString(owner.key)})])`,
    );
    return [
      { entry: `${phpString(type)} => ['nullable', ${phpString(`required_with:${id}`)}, Rule::in([${aliases}])],`, imports: [RULE_CLASS] },
      { entry: `${phpString(id)} => ['nullable', ${phpString(`required_with:${type}`)}, 'integer', ${exists.join(', ')}],`, imports: [RULE_CLASS] },
    ];
  });
}

/** A list of the related rows' keys, each of which must exist; the list may be empty, which relates none. */
function syncedKeysRules(sync: SyncedRelation): FieldRules[] {
  const { table, column, fieldType } = sync.relatedKey;
  const keyRules = typeRules({ name: column, type: fieldType, nullable: false, unique: false, span: {} }).rules;
  return [
    { entry: `${phpString(sync.input)} => ['sometimes', 'array'],`, imports: [] },
    { entry: `${phpString(`${sync.input}.*`)} => [${[...keyRules, `Rule::exists(${phpString(table)}, ${phpString(column)})`].join(', ')}],`, imports: [RULE_CLASS] },
  ];
}

/**
 * `required` takes an empty array for a missing value, but `{}` and `[]` are values a json column holds:
 * `present` asks for the key, and the type's `array` refuses null.
 */
function requiredRule(field: Field): string {
  return field.type === 'json' ? 'present' : 'required';
}

/**
 * A row keeps its key: rows elsewhere refer to it, and the database would refuse the change with a 500. Sending
 * another key is a 422; sending the row's own (a PUT of what GET answered) is allowed. `exclude` keeps the key
 * out of the validated data either way, so it is never written.
 */
function unchangeableKey(entity: Entity, column: string): FieldRules {
  const sent = `(string) $this->input(${phpString(column)})`;
  // The route's parameter is the bound model, or its key as text where nothing bound it.
  const { className } = entity.naming;
  const own = `(string) (($bound = $this->route(${phpString(entity.naming.routeParameter)})) instanceof ${className} ? $bound->getKey() : $bound)`;
  const changed = `$this->has(${phpString(column)}) && ${sent} !== ${own}`;
  return { entry: `${phpString(column)} => [Rule::prohibitedIf(fn (): bool => ${changed}), 'exclude'],`, imports: [RULE_CLASS, `App\\Models\\${className}`] };
}

/**
 * A row's owner is the signed-in user: the controller gives store their key, and no update moves the row to
 * another user. Sending another key is a 422; sending one's own (a PUT of what GET answered) is allowed, and
 * `exclude` keeps the key out of the validated data either way.
 */
function ownerKeyRules(column: string): FieldRules {
  const changed = `$this->has(${phpString(column)}) && (string) $this->input(${phpString(column)}) !== (string) $this->user()?->getKey()`;
  return { entry: `${phpString(column)} => [Rule::prohibitedIf(fn (): bool => ${changed}), 'exclude'],`, imports: [RULE_CLASS] };
}

/** A foreign key must name an existing parent: a 422 rather than the database's constraint error, a 500. */
function existsRule(foreignKey: ForeignKey): string {
  return `Rule::exists(${phpString(foreignKey.referencesTable)}, ${phpString(foreignKey.referencesColumn)})`;
}

/** A custom key is unique whether or not the field says so: two rows with one key would be a 500. */
export function isUnique(entity: Entity, field: Field): boolean {
  return field.unique || (entity.primaryKey.custom && entity.primaryKey.column === field.name);
}

/** `ignore()` of the bound model reads the model's own key name, so a custom key is ignored correctly too. */
function uniqueRule(entity: Entity, field: Field, kind: RequestKind): string {
  const rule = `Rule::unique(${phpString(entity.naming.table)}, ${phpString(field.name)})`;
  return kind === 'store' ? rule : `${rule}->ignore($this->route(${phpString(entity.naming.routeParameter)}))`;
}

/**
 * The fields the `string` rule checks would refuse a number, which a client may well send for a code or a
 * name: turning it into its digits first lets it through to be stored. None when the entity has none.
 */
function prepareForValidation(entity: Entity): EmitterValues<'request.store'>['prepareForValidation'] {
  const textFields = writableColumns(entity).filter((field) => field.type !== 'enum' && VALIDATION_RULES[field.type].includes('string'));
  return textFields.length === 0 ? '' : partial('request.prepare-for-validation', { fields: textFields.map((field) => phpString(field.name)) });
}

const IMPORT_LINE = /^use [A-Za-z_][A-Za-z0-9_\\]*;$/;

/**
 * The spec places the stub's `{{imports}}` right after its FormRequest import, but Pint wants one block in
 * alphabetical order (`App\Enums\…` sorts first), so the first run of import lines is sorted after rendering.
 * A published stub's own imports join the sort.
 */
export function sortImportBlock(php: string): string {
  const lines = php.split('\n');
  const start = lines.findIndex((line) => IMPORT_LINE.test(line));
  if (start === -1) return php;
  const length = lines.slice(start).findIndex((line) => !IMPORT_LINE.test(line));
  const end = length === -1 ? lines.length : start + length;
  const names = lines.slice(start, end).map((line) => line.slice('use '.length, -';'.length));
  return [...lines.slice(0, start), renderImports(names), ...lines.slice(end)].join('\n');
}
