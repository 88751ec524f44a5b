import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SourceEntity } from '../../ir/ir.generated.js';
import { lowerTables } from './lower-tables.js';
import type { DatabaseDescription, TableDescription } from '../../ir/database-description.js';

/**
 * `fullapi introspect --json`: what the database holds, and what --from-database makes of it, for tools and
 * editors. `table` narrows both to one table (as `--tables` would, users included).
 */
export interface Introspection {
  engine: DatabaseDescription['engine'];
  tables: TableDescription[];
  views: string[];
  entities: IntrospectedEntity[];
  /** What --from-database leaves out or changes, as its warnings say. */
  notes: Array<{ code: string; message: string }>;
}

export interface IntrospectedEntity {
  name: string;
  table: string;
  softDeletes: boolean;
  timestamps: boolean;
  fields: Array<Omit<SourceEntity['fields'][number], 'span'>>;
  relations: Array<Omit<SourceEntity['relations'][number], 'span'>>;
}

export function introspect(database: DatabaseDescription, table?: string): { introspection: Introspection; diagnostics: Diagnostic[] } {
  const lowered = lowerTables(database, { ...(table === undefined ? {} : { requested: [table] }), flag: '--table' });
  const tables = table === undefined ? database.tables : database.tables.filter((described) => described.name === table);
  const tableOf = new Map([...lowered.entities].map(([tableName, entity]) => [entity, tableName]));
  const entities = lowered.model.entities.map((entity) => ({
    name: entity.name,
    table: tableOf.get(entity.name) ?? '',
    softDeletes: entity.softDeletes,
    timestamps: entity.timestamps !== false,
    fields: entity.fields.map(({ span: _span, ...field }) => field),
    relations: entity.relations.map(({ span: _span, ...relation }) => relation),
  }));
  const errors = lowered.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  const notes = lowered.diagnostics.filter((diagnostic) => diagnostic.severity === 'warning').map(({ code, message }) => ({ code, message }));
  return { introspection: { engine: database.engine, tables, views: table === undefined ? database.views : [], entities, notes }, diagnostics: errors };
}
