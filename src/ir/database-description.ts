/**
 * What one database holds, in terms no engine owns: each engine's reader (read-sqlite.ts, read-postgres.ts,
 * read-mysql.ts) fills it, and one lowering (lower-tables.ts) turns it into the source model.
 */

export interface DatabaseDescription {
  engine: 'sqlite' | 'pgsql' | 'mysql';
  tables: TableDescription[];
  views: string[];
}

export interface TableDescription {
  name: string;
  columns: ColumnDescription[];
  /** The primary key's columns in key order; empty when the table has none. */
  primaryKey: string[];
  foreignKeys: ForeignKeyDescription[];
}

export interface ColumnDescription {
  name: string;
  /** The engine's type as declared, lower case (`varchar(255)`, `integer`, `timestamp without time zone`). */
  type: string;
  nullable: boolean;
  /** The default as the engine states it, unquoted; absent when the column has none. */
  default?: string;
  /** Covered by a unique index or constraint of this column alone. */
  unique: boolean;
  /** The values of a MySQL ENUM, a PostgreSQL enum type, or a `CHECK (column IN (...))`. */
  enumValues?: string[];
  autoIncrement: boolean;
}

export interface ForeignKeyDescription {
  column: string;
  referencedTable: string;
  referencedColumn: string;
  onDelete?: 'cascade' | 'restrict' | 'set_null';
}
