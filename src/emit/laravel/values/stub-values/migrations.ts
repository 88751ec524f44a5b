import { legacy, list, partialBlock, stub, text } from './declare.js';

const TABLE = text('The table, as the inside of a single-quoted PHP string.');

/** The migrations: of a new table, of a table of the project's own, of a migrated table's changes, of a dropped pivot. */
export const MIGRATION_STUBS = {
  migrations: stub('database/migrations/<timestamp>_create_<table>_table.php: the table of an entity or of a pivot.', {
    table: TABLE,
    columns: partialBlock('migrations.blueprint', 'The whole table body, one `$table->...;` column definition a line: the key, the relations\' columns, the fields, the timestamps.'),
    tableName: legacy(text('3.x: the table.')),
    idColumn: legacy(partialBlock('migrations.blueprint', "3.x: the key column's definition, with its own indentation.")),
    fields: legacy(partialBlock('migrations.blueprint', "3.x: the fields' column definitions.")),
    foreignKeys: legacy(partialBlock('migrations.blueprint', "3.x: the foreign keys' and morphs' column definitions, with their own indentation.")),
    softDeletes: legacy(partialBlock('migrations.blueprint', '3.x: `$table->softDeletes();` with its own indentation, or empty.')),
  }),
  'migrations.add-columns': stub("database/migrations/<timestamp>_add_<columns>_to_<table>_table.php: the columns a table of the project's own lacks.", {
    table: TABLE,
    columns: partialBlock('migrations.blueprint', 'The column definitions `up()` adds.'),
    droppedColumns: partialBlock('migrations.blueprint', 'What `down()` drops again: foreign keys and unique indexes first, then the columns.'),
  }),
  'migrations.update': stub("database/migrations/<timestamp>_update_<table>_table.php: a migrated table's changes.", {
    table: TABLE,
    renamedColumns: partialBlock('migrations.blueprint', 'The `renameColumn()` calls of `up()`, run in a block of their own first; empty when nothing is renamed.'),
    changedColumns: partialBlock('migrations.blueprint', "`up()`'s drops, changes and additions; empty when there are none."),
    restoredColumns: partialBlock('migrations.blueprint', "`down()`'s undoing of the drops, changes and additions."),
    restoredNames: partialBlock('migrations.blueprint', "`down()`'s renames back."),
  }),
  'migrations.blueprint': stub('The Blueprint calls of a migration\'s blocks, one `$table->...;` a line.', {
    calls: list<string>("What follows `$table->` in each: `string('title')->nullable()`, `foreignId('author_id')->constrained('authors')`."),
  }),
  'migrations.drop': stub('database/migrations/<timestamp>_drop_<pivot>_table.php: a pivot the input no longer has.', {
    table: TABLE,
    columns: partialBlock('migrations.blueprint', "The pivot's column definitions, for `down()` to create it again."),
  }),
} as const;
