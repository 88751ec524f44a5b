import { block, legacy, stub, text } from './declare.js';

const TABLE = text('The table, as the inside of a single-quoted PHP string.');

/** The migrations: of a new table, of a table of the project's own, of a migrated table's changes, of a dropped pivot. */
export const MIGRATION_STUBS = {
  migrations: stub('database/migrations/<timestamp>_create_<table>_table.php: the table of an entity or of a pivot.', {
    table: TABLE,
    columns: block('The whole table body, one `$table->...;` column definition a line: the key, the relations\' columns, the fields, the timestamps.'),
    tableName: legacy(text('3.x: the table.')),
    fields: legacy(block("3.x: the fields' column definitions.")),
    foreignKeys: legacy(block("3.x: the foreign keys' and morphs' column definitions, with their own indentation.")),
    softDeletes: legacy(block('3.x: `$table->softDeletes();` with its own indentation, or empty.')),
  }),
  'migrations.add-columns': stub("database/migrations/<timestamp>_add_<columns>_to_<table>_table.php: the columns a table of the project's own lacks.", {
    table: TABLE,
    columns: block('The column definitions `up()` adds.'),
    droppedColumns: block('What `down()` drops again: foreign keys and unique indexes first, then the columns.'),
  }),
  'migrations.update': stub("database/migrations/<timestamp>_update_<table>_table.php: a migrated table's changes.", {
    table: TABLE,
    renamedColumns: block('The `renameColumn()` calls of `up()`, run in a block of their own first; empty when nothing is renamed.'),
    changedColumns: block("`up()`'s drops, changes and additions; empty when there are none."),
    restoredColumns: block("`down()`'s undoing of the drops, changes and additions."),
    restoredNames: block("`down()`'s renames back."),
  }),
  'migrations.drop': stub('database/migrations/<timestamp>_drop_<pivot>_table.php: a pivot the input no longer has.', {
    table: TABLE,
    columns: block("The pivot's column definitions, for `down()` to create it again."),
  }),
} as const;
