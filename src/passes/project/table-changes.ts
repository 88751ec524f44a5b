import { error, warningAt, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { decimalDigits, stringLength, typeWithSize } from '../../ir/column-sizes.js';
import type { CheckedModel, Entity, Field, FieldType, ForeignKey, Pivot, TableChange, TableIndex } from '../../ir/ir.generated.js';
import type { DatabaseMigrations } from '../../ir/database-migrations.js';

/** What decides, for each table, between rewriting its create migration and a migration of the changes. */
export interface MigrationHistory {
  /** The entities as class_data.json recorded them at the last generation (checked); none: every table is new. */
  before?: CheckedModel;
  /** The file names in `database/migrations`. */
  existingMigrations: readonly string[];
  /** What the project's database says it ran; undefined when it was not asked, no table of an entity having a create migration that could have run. */
  databaseMigrations?: DatabaseMigrations;
  /** `--fresh`: the database will be migrated fresh, so create migrations are rewritten. */
  fresh: boolean;
  /** `--allow-data-loss`: drops and lossy conversions are written rather than refused. */
  allowDataLoss: boolean;
}

/**
 * Lowers a regeneration of entities whose tables may have been migrated into migrations of the changes. An
 * entity's table counts as migrated when a migration of fullapi's changed it since its creation
 * (`_update_<table>_table`), or, unless `--fresh`, when its create migration may have run: the project's
 * database ran a migration named at or after it, or the database could not be read (the safe side). Such an
 * entity gets `tableChange`, the difference between the record and the input (empty when there is none),
 * and its create migration is left as it ran; any other keeps today's behaviour, its create migration
 * rewritten. A change that would lose stored values (a column or table dropped, a conversion that can lose
 * them) is a `data_loss` error unless `--allow-data-loss`.
 */
export function lowerTableChanges(model: CheckedModel, history: MigrationHistory): { model: CheckedModel; diagnostics: Diagnostic[] } {
  const { before } = history;
  if (before === undefined) return { model, diagnostics: [] };
  const recorded = new Map(before.entities.map((entity) => [entity.naming.className, entity]));
  const diagnostics: Diagnostic[] = [];
  let unknownReported = false;
  const entities = model.entities.map((entity) => {
    const previous = recorded.get(entity.naming.className);
    if (previous !== undefined && entity.existing !== undefined) diagnostics.push(...unmigratedRenames(previous, entity));
    if (previous === undefined || entity.existing !== undefined || entity.tableExists === true || previous.naming.table !== entity.naming.table) return entity;
    const migrated = tableMigrated(entity.naming.table, history, entity);
    diagnostics.push(...migrated.diagnostics);
    if (!migrated.migrated) return entity;
    const change = tableChange(previous, entity);
    const problems = changeProblems(previous, entity, change, history.allowDataLoss);
    diagnostics.push(...problems);
    if (!unknownReported && migrated.unknown !== undefined && !isEmpty(change)) {
      unknownReported = true;
      diagnostics.push(
        warningAt(
          'database_migrations_unknown',
          `the project's database could not be read (${migrated.unknown}), so ${entity.naming.table}'s create migration may have run: the changes go into a migration of their own`,
          entity.span,
          'to rewrite the create migrations instead (a database you will migrate fresh), pass --fresh',
        ),
      );
    }
    return { ...entity, tableChange: change };
  });
  const droppedPivots = droppedPivotTables(before, model, history, diagnostics);
  return { model: { ...model, entities, ...(droppedPivots.length === 0 ? {} : { droppedPivots }) }, diagnostics };
}

/**
 * A table of the project's own, or one `--add-fields` altered, is integrated rather than migrated by a migration of
 * the changes (added-fields.ts): it gets the columns it lacks and nothing else, so a rename there adds the new
 * column beside the old one, which keeps its values.
 */
function unmigratedRenames(previous: Entity, entity: Entity): Diagnostic[] {
  const recordedNames = new Set(previous.fields.map((field) => field.name));
  return entity.fields
    .filter((field) => field.renamedFrom !== undefined && recordedNames.has(field.renamedFrom) && !recordedNames.has(field.name))
    .map((field) =>
      warningAt(
        'rename_not_migrated',
        `${entity.naming.table} is altered in place (a model of the project's own, or a table --add-fields changed), which renames no column: ${field.name} is added beside ${field.renamedFrom ?? ''}, which keeps its values`,
        field.span,
        `copy the values and drop ${field.renamedFrom ?? ''} in a migration of your own`,
      ),
    );
}

/** The suffix of the migrations this pass makes fullapi write for a table. */
export function updateMigrationSuffix(table: string): string {
  return `_update_${table}_table.php`;
}

interface Migrated {
  migrated: boolean;
  /** Why the database could not tell, when it could not. */
  unknown?: string;
  diagnostics: Diagnostic[];
}

function tableMigrated(table: string, history: MigrationHistory, entity?: Entity): Migrated {
  const createdBy = history.existingMigrations.filter((name) => name.endsWith(`_create_${table}_table.php`)).sort()[0];
  if (createdBy === undefined) return { migrated: false, diagnostics: [] };
  const updatedBy = history.existingMigrations.filter((name) => name.endsWith(updateMigrationSuffix(table))).sort();
  if (updatedBy.length > 0) {
    const ignored =
      history.fresh && entity !== undefined
        ? [
            warningAt(
              'fresh_not_applied',
              `--fresh does not rewrite ${createdBy}: database/migrations/${updatedBy[updatedBy.length - 1] ?? ''} changed ${table} since it was created, so the changes go into a migration of their own`,
              entity.span,
            ),
          ]
        : [];
    return { migrated: true, diagnostics: ignored };
  }
  if (history.fresh) return { migrated: false, diagnostics: [] };
  const ran = history.databaseMigrations;
  if (ran === undefined) return { migrated: false, diagnostics: [] };
  if (ran.status === 'absent') return { migrated: false, diagnostics: [] };
  if (ran.status === 'unknown') return { migrated: true, unknown: ran.reason, diagnostics: [] };
  const last = ran.ran[ran.ran.length - 1];
  return { migrated: last !== undefined && createdBy.replace(/\.php$/, '') <= last, diagnostics: [] };
}

/** The difference between the recorded table and the input's: columns by name, after the renames the input declares. */
export function tableChange(previous: Entity, entity: Entity): TableChange {
  const keyOf = (of: Entity) => (of.primaryKey.custom ? of.primaryKey.column : undefined);
  const columnsOf = (of: Entity) => of.fields.filter((field) => field.name !== keyOf(of));
  const was = new Map(columnsOf(previous).map((field) => [field.name, field]));
  const now = columnsOf(entity);
  const renamed = now.flatMap((field) => {
    const from = field.renamedFrom;
    return from !== undefined && was.has(from) && !now.some((other) => other.name === from) && !was.has(field.name) ? [{ from, to: field.name }] : [];
  });
  const oldName = new Map(renamed.map(({ from, to }) => [to, from]));
  const kept = new Set(now.map((field) => oldName.get(field.name) ?? field.name));
  const changed = now.flatMap((field) => {
    const old = was.get(oldName.get(field.name) ?? field.name);
    return old !== undefined && columnDiffers(old, field) ? [{ from: { ...old, name: field.name }, to: field }] : [];
  });
  const keys = (of: Entity) => new Map(of.foreignKeys.map((key) => [key.column, key]));
  const wasKeys = keys(previous);
  const nowKeys = keys(entity);
  const sameReference = (a: ForeignKey, b: ForeignKey) => a.referencesTable === b.referencesTable && a.referencesColumn === b.referencesColumn && a.fieldType === b.fieldType;
  const change: TableChange = {
    renamed,
    added: now.filter((field) => !was.has(oldName.get(field.name) ?? field.name)),
    dropped: [...was.values()].filter((field) => !kept.has(field.name)),
    changed,
    addedForeignKeys: entity.foreignKeys.filter((key) => !sameKey(wasKeys.get(key.column), key, sameReference)),
    droppedForeignKeys: previous.foreignKeys.filter((key) => !sameKey(nowKeys.get(key.column), key, sameReference)),
    changedForeignKeys: entity.foreignKeys.flatMap((key) => {
      const old = wasKeys.get(key.column);
      return old !== undefined && sameReference(old, key) && (old.nullable !== key.nullable || old.onDelete !== key.onDelete) ? [{ from: old, to: key }] : [];
    }),
    addedMorphs: entity.morphs.filter((morph) => !previous.morphs.includes(morph)),
    droppedMorphs: previous.morphs.filter((morph) => !entity.morphs.includes(morph)),
    // By their columns as written, so an index over a renamed column is dropped by its recorded name and made anew.
    addedIndexes: indexesMissingFrom(entity, previous),
    droppedIndexes: indexesMissingFrom(previous, entity),
  };
  // A record from before foreign_key_indexes: its keys have no index, which this migration gives those kept.
  if (previous.foreignKeyIndexes !== true && entity.foreignKeys.some((key) => sameKey(wasKeys.get(key.column), key, sameReference))) change.foreignKeyIndexes = 'added';
  if (previous.softDeletes !== entity.softDeletes) change.softDeletes = entity.softDeletes ? 'added' : 'dropped';
  const hasTimestamps = (of: Entity) => of.timestamps !== false;
  if (hasTimestamps(previous) !== hasTimestamps(entity)) change.timestamps = hasTimestamps(entity) ? 'added' : 'dropped';
  return change;
}

/** The indexes over several columns `of` has and `other` has not. */
function indexesMissingFrom(of: Entity, other: Entity): TableIndex[] {
  const columnsOf = (index: TableIndex) => index.columns.join(',');
  const others = new Set((other.indexes ?? []).map(columnsOf));
  return (of.indexes ?? []).filter((index) => !others.has(columnsOf(index)));
}

function sameKey(other: ForeignKey | undefined, key: ForeignKey, sameReference: (a: ForeignKey, b: ForeignKey) => boolean): boolean {
  return other !== undefined && sameReference(other, key);
}

export function isEmpty(change: TableChange): boolean {
  const lists = [change.renamed, change.added, change.dropped, change.changed, change.addedForeignKeys, change.droppedForeignKeys, change.changedForeignKeys, change.addedMorphs, change.droppedMorphs, change.addedIndexes, change.droppedIndexes];
  return lists.every((list) => list.length === 0) && change.softDeletes === undefined && change.timestamps === undefined && change.foreignKeyIndexes === undefined;
}

/** An enum is a string column (field-types.ts): a change of its values alone changes no column. */
function columnType(type: FieldType): FieldType {
  return type === 'enum' ? 'string' : type;
}

function columnDiffers(was: Field, field: Field): boolean {
  return (
    columnType(was.type) !== columnType(field.type) ||
    !sameSize(was, field) ||
    was.nullable !== field.nullable ||
    was.unique !== field.unique ||
    (was.index === true) !== (field.index === true) ||
    JSON.stringify(was.defaultValue?.value) !== JSON.stringify(field.defaultValue?.value)
  );
}

/**
 * The conversions every engine makes without losing a value, and makes by `->change()` alone (PostgreSQL by
 * an assignment cast, needing no USING): widening numbers, a date into a moment, anything into text.
 */
const LOSSLESS: Readonly<Record<FieldType, readonly FieldType[]>> = {
  string: ['text'],
  text: [],
  boolean: [],
  integer: ['bigint', 'decimal', 'float', 'string', 'text'],
  bigint: ['string', 'text'],
  float: ['string', 'text'],
  decimal: ['string', 'text'],
  json: ['text'],
  date: ['datetime', 'string', 'text'],
  datetime: ['string', 'text'],
  timestamp: ['datetime', 'string', 'text'],
  uuid: ['string', 'text'],
  enum: ['text'],
};

/** Whether two fields' columns have the same size: the same length, digits or text size, written or default (`string(255)` is `string`). */
export function sameSize(was: Field, field: Field): boolean {
  return columnSize(was) === columnSize(field);
}

function columnSize(field: Field): string {
  // An enum's column is a string of the default length (columnType).
  if (field.type === 'enum') return String(stringLength(undefined));
  if (field.type === 'string') return String(stringLength(field.size));
  if (field.type === 'decimal') return JSON.stringify(decimalDigits(field.size));
  if (field.type === 'text') return field.size?.text ?? 'text';
  return '';
}

const TEXT_SIZE_ORDER = [undefined, 'medium', 'long'];

/**
 * What a change of size alone takes away from a column of the same type: a shorter string, fewer digits before or
 * after the point, a smaller text. Undefined when it narrows nothing.
 */
export function narrowing(was: Field, field: Field): string | undefined {
  if (was.type !== field.type || was.type === 'enum' || field.type === 'enum') return undefined;
  if (field.type === 'string' && stringLength(field.size) < stringLength(was.size)) return `shortens ${field.name} from ${stringLength(was.size)} to ${stringLength(field.size)} characters`;
  if (field.type === 'decimal') {
    const from = decimalDigits(was.size);
    const to = decimalDigits(field.size);
    if (to.scale < from.scale || to.precision - to.scale < from.precision - from.scale) {
      return `narrows ${field.name} from decimal(${from.precision},${from.scale}) to decimal(${to.precision},${to.scale})`;
    }
  }
  if (field.type === 'text' && TEXT_SIZE_ORDER.indexOf(field.size?.text) < TEXT_SIZE_ORDER.indexOf(was.size?.text)) {
    return `makes ${field.name} a smaller text (${typeWithSize('text', field.size)}, from ${typeWithSize('text', was.size)})`;
  }
  return undefined;
}

export function losesValues(from: FieldType, to: FieldType): boolean {
  return columnType(from) !== columnType(to) && !LOSSLESS[from].includes(columnType(to));
}

const DATA_LOSS_HINT = 'pass --allow-data-loss to write it anyway (back up the table first), or keep it in the input';

/** The `data_loss` errors of a change, and the warnings of what a migration may fail on. */
function changeProblems(previous: Entity, entity: Entity, change: TableChange, allowDataLoss: boolean): Diagnostic[] {
  const { table } = entity.naming;
  const problems: Diagnostic[] = [];
  const loss = (what: string, span = entity.span, hint = DATA_LOSS_HINT) => problems.push(error('data_loss', `this change ${what} in the migrated table ${table}`, span, hint));
  if (previous.primaryKey.column !== entity.primaryKey.column || previous.primaryKey.fieldType !== entity.primaryKey.fieldType) {
    problems.push(
      error(
        'primary_key_changed',
        `${entity.naming.className}'s primary key changes from ${previous.primaryKey.column} (${previous.primaryKey.fieldType}) to ${entity.primaryKey.column} (${entity.primaryKey.fieldType}), which a migration of the changes to the migrated table ${table} does not do`,
        entity.span,
        'keep the key, or rewrite the create migration with --fresh and migrate the database fresh',
      ),
    );
  }
  if (!allowDataLoss) {
    const renameHint = (field: Field) => `${DATA_LOSS_HINT}; if it was renamed, write renamed_from: ${field.name} on the field it became, which keeps its values`;
    for (const field of change.dropped) loss(`drops the column ${field.name} and the values it holds`, entity.span, renameHint(field));
    for (const { from, to } of change.changed) {
      if (losesValues(from.type, to.type)) loss(`converts ${to.name} from ${from.type} to ${to.type}, which can lose or refuse the values it holds`, to.span);
      const narrowed = narrowing(from, to);
      if (narrowed !== undefined) loss(`${narrowed}, which can cut or refuse the values it holds`, to.span);
    }
    for (const key of change.droppedForeignKeys) loss(`drops the column ${key.column} of the relation ${key.relation} and the links it holds`);
    for (const morph of change.droppedMorphs) loss(`drops the columns ${morph}_type and ${morph}_id of the relation ${morph} and the links they hold`);
    if (change.softDeletes === 'dropped') loss('drops deleted_at: the soft-deleted rows would come back as live ones');
    if (change.timestamps === 'dropped') loss('drops created_at and updated_at and the times they hold');
  }
  for (const { from, to } of change.changed) {
    if (from.nullable && !to.nullable) {
      problems.push(
        warningAt(
          'column_made_required',
          `${table}.${to.name} becomes NOT NULL: the migration fails on a row that holds no value for it`,
          to.span,
          `fill ${to.name} in every row before running php artisan migrate, or give it a default`,
        ),
      );
    }
  }
  for (const field of change.added) {
    if (!field.nullable && field.defaultValue === undefined) {
      problems.push(
        warningAt(
          'added_column_nullable',
          `${entity.naming.className}.${field.name} has no default, and the rows already in ${table} have no value for it: its column is nullable in the database, while the API requires it`,
          field.span,
          `fill ${field.name} in the rows already there, or give it a default`,
        ),
      );
    }
  }
  for (const key of change.addedForeignKeys) {
    if (!key.nullable) {
      problems.push(
        warningAt(
          'added_column_nullable',
          `${entity.naming.className}.${key.column} of the relation ${key.relation} is required, and the rows already in ${table} have no parent for it: its column is nullable in the database, while the API requires it`,
          entity.relations.find((relation) => relation.name === key.relation)?.span ?? entity.span,
          `give the rows already there a parent, or make the relation nullable`,
        ),
      );
    }
  }
  return problems;
}

/** The pivots of the record the input no longer has, whose create migration may have run: refused without the flag. */
function droppedPivotTables(before: CheckedModel, model: CheckedModel, history: MigrationHistory, diagnostics: Diagnostic[]): Pivot[] {
  const kept = new Set(model.pivots.map((pivot) => pivot.table));
  const planned = new Set(model.entities.map((entity) => entity.naming.className));
  const gone = before.pivots.filter((pivot) => !kept.has(pivot.table) && pivot.sides.some((side) => planned.has(side.entity)));
  return gone.filter((pivot) => {
    if (!tableMigrated(pivot.table, history).migrated) return false;
    if (history.existingMigrations.some((name) => name.endsWith(dropMigrationSuffix(pivot.table)))) return false;
    if (!history.allowDataLoss) {
      const owner = model.entities.find((entity) => pivot.sides.some((side) => side.entity === entity.naming.className));
      diagnostics.push(
        error(
          'data_loss',
          `this change drops the pivot table ${pivot.table} of a many-to-many relation the input no longer has, and the links it holds`,
          owner?.span ?? {},
          DATA_LOSS_HINT,
        ),
      );
    }
    return true;
  });
}

export function dropMigrationSuffix(table: string): string {
  return `_drop_${table}_table.php`;
}
