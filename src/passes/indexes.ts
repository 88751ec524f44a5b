import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import { nearestWord } from '../diagnostics/nearest-word.js';
import type { Entity, Field, TableIndex } from '../ir/ir.generated.js';

/** MySQL and MariaDB refuse an index of more columns (MAX_KEY_PARTS). */
const MAX_INDEX_COLUMNS = 16;

/**
 * The indexes an entity lists (`indexes: [[status, placed_at]]`) over the columns its migration makes: each
 * column once, none that MySQL cannot index whole (text, json) or PostgreSQL cannot order (json), and no index
 * that the migration makes already: a field's `index` or `unique`, a foreign key's, a morph's, the key.
 */
export function indexProblems(entities: readonly Entity[]): Diagnostic[] {
  return entities.flatMap((entity) => {
    const columns = tableColumns(entity);
    const made = madeIndexes(entity);
    const seen = new Set<string>();
    return (entity.indexes ?? []).flatMap((index): Diagnostic[] => {
      const problems = columnProblems(entity, index, columns);
      if (problems.length > 0) return problems;
      const key = index.columns.join(',');
      const already = made.get(key);
      if (already !== undefined) return [invalid(index, `${entity.naming.table} has the index (${index.columns.join(', ')}) already: ${already}`, 'remove it from indexes')];
      const field = index.columns.length === 1 ? entity.fields.find((candidate) => candidate.name === index.columns[0]) : undefined;
      if (field !== undefined) return [invalid(index, `a one-column index of ${entity.naming.table} is written on its field: ${field.name} marked index`, `remove it from indexes and mark ${field.name} index`)];
      if (seen.has(key)) return [invalid(index, `the index (${index.columns.join(', ')}) of ${entity.naming.table} is listed twice`, 'remove one')];
      seen.add(key);
      return [];
    });
  });
}

/** Every column the table has, and the field behind each field column. */
function tableColumns(entity: Entity): Map<string, Field | undefined> {
  const columns = new Map<string, Field | undefined>([[entity.primaryKey.column, undefined]]);
  for (const field of entity.fields) columns.set(field.name, field);
  for (const key of entity.foreignKeys) columns.set(key.column, undefined);
  for (const morph of entity.morphs) for (const column of [`${morph}_type`, `${morph}_id`]) columns.set(column, undefined);
  if (entity.timestamps !== false) for (const column of ['created_at', 'updated_at']) columns.set(column, undefined);
  if (entity.softDeletes) columns.set('deleted_at', undefined);
  return columns;
}

function columnProblems(entity: Entity, index: TableIndex, columns: Map<string, Field | undefined>): Diagnostic[] {
  const { table } = entity.naming;
  const problems: Diagnostic[] = [];
  if (index.columns.length > MAX_INDEX_COLUMNS) problems.push(invalid(index, `an index of ${table} lists ${index.columns.length} columns; MySQL and MariaDB index ${MAX_INDEX_COLUMNS} at most`));
  const listed = new Set<string>();
  for (const column of index.columns) {
    if (listed.has(column)) problems.push(invalid(index, `the index (${index.columns.join(', ')}) of ${table} lists ${column} twice`));
    listed.add(column);
    if (!columns.has(column)) {
      const suggestion = nearestWord(column, [...columns.keys()]);
      problems.push(
        invalid(
          index,
          `${table} has no column ${column} to index; its columns are ${[...columns.keys()].join(', ')}`,
          suggestion === undefined ? 'list columns of the table: fields, foreign keys, created_at, updated_at or deleted_at' : `did you mean ${suggestion}?`,
        ),
      );
      continue;
    }
    const field = columns.get(column);
    if (field?.type === 'json') problems.push(invalid(index, `${table}.${column} is a json column, which PostgreSQL cannot order and MySQL cannot index: it cannot be in an index`));
    if (field?.type === 'text') problems.push(invalid(index, `${table}.${column} is a text column, which MySQL indexes only by a prefix: it cannot be in an index`, `make it a string (string(<length>) up to a few hundred characters)`));
  }
  return problems;
}

/** The indexes the migration makes without being asked, by their columns, and what makes each. */
function madeIndexes(entity: Entity): Map<string, string> {
  const made = new Map<string, string>([[entity.primaryKey.column, 'the primary key']]);
  for (const field of entity.fields) {
    if (field.unique) made.set(field.name, `${field.name} is unique`);
    else if (field.index === true) made.set(field.name, `${field.name} is marked index`);
  }
  for (const key of entity.foreignKeys) made.set(key.column, `every foreign key column has one`);
  for (const morph of entity.morphs) made.set(`${morph}_type,${morph}_id`, `the morph ${morph} has one`);
  return made;
}

function invalid(index: TableIndex, message: string, hint?: string): Diagnostic {
  return error('invalid_index', message, index.span, hint);
}
