import type { FieldType, ProjectColumn } from '../../ir/ir.generated.js';
import { snake } from '../../passes/naming/str.js';
import { classImports, importsByLocalName, referencedClass, shortName, type NameScope } from '../../php/class-references.js';
import { child, children, field, nameOf, stringValue, walk, type PhpFile, type PhpNode } from '../../php/php-source.js';

/**
 * The columns a project's own migrations give a table, read through the PHP parser: the `up()` of each
 * migration, in the order Laravel runs them, its `Schema::create('<table>', ...)` and `Schema::table('<table>',
 * ...)` blocks, and in those each `$table-><method>(...)` statement with its modifiers. What cannot be read so
 * (a column added by raw SQL, a name in a variable) is not known.
 */

/** The table's columns so far, by name, in the order they were added. */
export type TableColumns = Map<string, ProjectColumn>;

export interface TableReading {
  columns: TableColumns;
  /** The migration that creates the table, if one did. */
  createdBy?: string;
  /** Every migration that created or altered it. */
  migrations: string[];
}

/**
 * The Blueprint methods that add one column named by their first argument, and the field type each gives (null:
 * a column fullapi does not map, known only by its name).
 */
const COLUMN_METHODS: Readonly<Record<string, FieldType | null>> = {
  string: 'string', char: 'string', ipAddress: 'string', macAddress: 'string', ulid: 'string', foreignUlid: 'string',
  text: 'text', tinyText: 'text', mediumText: 'text', longText: 'text',
  boolean: 'boolean',
  integer: 'integer', tinyInteger: 'integer', smallInteger: 'integer', mediumInteger: 'integer', unsignedInteger: 'integer',
  unsignedTinyInteger: 'integer', unsignedSmallInteger: 'integer', unsignedMediumInteger: 'integer', year: 'integer',
  bigInteger: 'bigint', unsignedBigInteger: 'bigint', foreignId: 'bigint',
  float: 'float', double: 'float',
  decimal: 'decimal',
  json: 'json', jsonb: 'json',
  date: 'date',
  dateTime: 'datetime', dateTimeTz: 'datetime',
  timestamp: 'timestamp', timestampTz: 'timestamp',
  uuid: 'uuid', foreignUuid: 'uuid',
  enum: 'enum',
  binary: null, time: null, timeTz: null, set: null, geometry: null, geography: null, vector: null, computed: null,
};

/** Key columns: `id()` (named `id` unless told otherwise) and the auto-incrementing integers. */
const KEY_METHODS: Readonly<Record<string, FieldType>> = {
  id: 'bigint', bigIncrements: 'bigint', increments: 'integer', mediumIncrements: 'integer', smallIncrements: 'integer', tinyIncrements: 'integer',
};

const MORPH_METHODS = new Set(['morphs', 'nullableMorphs', 'uuidMorphs', 'nullableUuidMorphs', 'ulidMorphs', 'nullableUlidMorphs']);

/** Applies one migration's `up()` to the tables being read (by table name); `fileName` is recorded. */
export function readMigration(file: PhpFile, fileName: string, tables: ReadonlyMap<string, TableReading>): void {
  const scope: NameScope = { namespace: '', imports: [importsByLocalName(classImports(children(file.program, 'children')))] };
  walk(file.program, (node) => {
    if (node.kind !== 'method' || nameOf(node)?.toLowerCase() !== 'up') return;
    walk(node, (call) => {
      const schemaCall = schemaBlock(call);
      const reading = schemaCall === undefined ? undefined : tables.get(schemaCall.table);
      if (schemaCall === undefined || reading === undefined) return;
      if (!reading.migrations.includes(fileName)) reading.migrations.push(fileName);
      if (schemaCall.creates) {
        reading.columns.clear();
        reading.createdBy = fileName;
      }
      for (const statement of children(child(schemaCall.closure, 'body'), 'children')) {
        const chain = blueprintChain(child(statement, 'expression'), schemaCall.variable);
        if (chain !== undefined) applyStatement(reading.columns, chain, scope);
      }
    });
  });
}

interface SchemaBlock {
  table: string;
  creates: boolean;
  closure: PhpNode;
  /** The closure's Blueprint parameter, `table` in `function (Blueprint $table)`. */
  variable: string;
}

/** `Schema::create('users', function (Blueprint $table) {...})` or `Schema::table(...)`. */
function schemaBlock(node: PhpNode): SchemaBlock | undefined {
  if (node.kind !== 'call') return undefined;
  const lookup = child(node, 'what');
  if (lookup?.kind !== 'staticlookup' || shortName(field(child(lookup, 'what'), 'name') ?? '') !== 'Schema') return undefined;
  const method = nameOf(child(lookup, 'offset'));
  if (method !== 'create' && method !== 'table') return undefined;
  const [tableArgument, closure] = children(node, 'arguments');
  const table = stringValue(tableArgument);
  const variable = nameOf(children(closure, 'arguments')[0]);
  if (table === undefined || closure === undefined || (closure.kind !== 'closure' && closure.kind !== 'arrowfunc') || variable === undefined) return undefined;
  return { table, creates: method === 'create', closure, variable };
}

/** One call of a chain: `string('name')` then `nullable()`. */
interface ChainCall {
  method: string;
  args: PhpNode[];
}

/** `$table->string('name')->nullable()` as its calls in order; undefined for any other statement. */
function blueprintChain(expression: PhpNode | undefined, variable: string): ChainCall[] | undefined {
  const calls: ChainCall[] = [];
  let node = expression;
  while (node?.kind === 'call') {
    const lookup = child(node, 'what');
    const method = nameOf(child(lookup, 'offset'));
    if (lookup?.kind !== 'propertylookup' || method === undefined) return undefined;
    calls.unshift({ method, args: children(node, 'arguments') });
    node = child(lookup, 'what');
  }
  return node?.kind === 'variable' && field(node, 'name') === variable && calls.length > 0 ? calls : undefined;
}

function newColumn(name: string, type: FieldType | null, overrides: Partial<ProjectColumn> = {}): ProjectColumn {
  return { name, ...(type === null ? {} : { type }), nullable: false, unique: false, primary: false, hasDefault: false, hidden: false, ...overrides };
}

function applyStatement(columns: TableColumns, [first, ...modifiers]: ChainCall[], scope: NameScope): void {
  if (first === undefined) return;
  const added = addedColumns(first, scope);
  if (added === undefined) {
    applyTableCommand(columns, first);
    return;
  }
  const changing = modifiers.some((modifier) => modifier.method === 'change');
  for (const column of added) {
    const target = changing ? { ...(columns.get(column.name) ?? column), ...(column.type === undefined ? {} : { type: column.type }), nullable: false } : column;
    for (const modifier of modifiers) applyModifier(target, modifier);
    columns.set(target.name, target);
  }
}

/** The columns a Blueprint method adds; undefined when it adds none (an index, a drop, a rename). */
function addedColumns({ method, args }: ChainCall, scope: NameScope): ProjectColumn[] | undefined {
  const [firstArgument, secondArgument] = args;
  const name = stringValue(firstArgument);
  const keyType = KEY_METHODS[method];
  if (keyType !== undefined) return [newColumn(name ?? 'id', keyType, { primary: true })];
  if (method === 'timestamps' || method === 'timestampsTz' || method === 'nullableTimestamps') {
    return ['created_at', 'updated_at'].map((column) => newColumn(column, 'timestamp', { nullable: true }));
  }
  if (method === 'softDeletes' || method === 'softDeletesTz') return [newColumn(name ?? 'deleted_at', 'timestamp', { nullable: true })];
  if (method === 'rememberToken') return [newColumn('remember_token', 'string', { nullable: true })];
  if (MORPH_METHODS.has(method) && name !== undefined) {
    const nullable = method.startsWith('nullable');
    return [newColumn(`${name}_type`, 'string', { nullable }), newColumn(`${name}_id`, method.includes('Uuid') ? 'uuid' : method.includes('Ulid') ? 'string' : 'bigint', { nullable })];
  }
  if (method === 'foreignIdFor') {
    const model = referencedClass(scope, firstArgument);
    const column = stringValue(secondArgument) ?? (model === undefined ? undefined : `${snake(shortName(model))}_id`);
    return column === undefined ? undefined : [newColumn(column, 'bigint')];
  }
  const type = COLUMN_METHODS[method];
  if (type === undefined || name === undefined) return undefined;
  const enumValues = type === 'enum' ? children(secondArgument, 'items').flatMap((item) => stringValue(child(item, 'value') ?? item) ?? []) : [];
  return [newColumn(name, type, enumValues.length > 0 ? { enumValues } : {})];
}

function applyModifier(column: ProjectColumn, { method, args }: ChainCall): void {
  const [argument] = args;
  const flag = argument === undefined || (argument.kind === 'boolean' && argument.value === true);
  if (method === 'nullable') column.nullable = flag;
  else if (method === 'unique') column.unique = true;
  else if (method === 'primary') column.primary = true;
  else if (method === 'default' || method === 'useCurrent' || method === 'autoIncrement' || method === 'storedAs' || method === 'virtualAs') column.hasDefault = true;
}

/** Table-level commands about single columns: `unique('email')`, `primary('code')`, drops and renames. */
function applyTableCommand(columns: TableColumns, { method, args }: ChainCall): void {
  const [firstArgument, secondArgument] = args;
  const named = firstArgument?.kind === 'array' ? children(firstArgument, 'items').flatMap((item) => stringValue(child(item, 'value') ?? item) ?? []) : [stringValue(firstArgument)].flatMap((name) => name ?? []);
  const single = named.length === 1 ? columns.get(named[0] ?? '') : undefined;
  if (method === 'unique' && single !== undefined) single.unique = true;
  else if (method === 'primary' && single !== undefined) single.primary = true;
  else if (method === 'dropColumn' || method === 'dropColumns') for (const name of named) columns.delete(name);
  else if (method === 'dropTimestamps' || method === 'dropTimestampsTz') for (const name of ['created_at', 'updated_at']) columns.delete(name);
  else if (method === 'dropSoftDeletes' || method === 'dropSoftDeletesTz') columns.delete(stringValue(firstArgument) ?? 'deleted_at');
  else if (method === 'dropRememberToken') columns.delete('remember_token');
  else if (method === 'renameColumn') renameColumn(columns, stringValue(firstArgument), stringValue(secondArgument));
}

function renameColumn(columns: TableColumns, from: string | undefined, to: string | undefined): void {
  const column = from === undefined ? undefined : columns.get(from);
  if (column === undefined || to === undefined || from === undefined) return;
  const renamed = new Map([...columns].map(([name, value]) => (name === from ? [to, { ...value, name: to }] : [name, value])));
  columns.clear();
  for (const [name, value] of renamed) columns.set(name, value);
}
