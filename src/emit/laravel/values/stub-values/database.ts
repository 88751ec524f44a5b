import { block, CLASS_VALUES, legacy, list, NAMES_3X, partialBlock, stub, text } from './declare.js';

/** A belongsToMany whose related rows the seeder attaches to each row it seeds. */
export interface AttachedRelation {
  relation: string;
  related: string;
  /** The relation relates the entity to itself: the row is never attached to itself. */
  self: boolean;
}

/** The factory and the seeder of an entity. */
export const DATABASE_STUBS = {
  factory: stub('database/factories/<Class>Factory.php: a value for every fillable column.', {
    ...CLASS_VALUES,
    model: text('The model class the factory makes.'),
    attributes: block("The entries of `definition()`'s array, one a line: `'title' => fake()->sentence(4),`."),
    modelName: NAMES_3X.modelName,
    factoryImports: legacy(text('3.x: the `use` lines but of the model and `Factory`, each after a newline, to follow the `Factory` import on its line.')),
    factoryFields: legacy(block("3.x: `{{attributes}}`.")),
  }),
  seeder: stub('database/seeders/<Class>Seeder.php: rows with their parents and related rows.', {
    ...CLASS_VALUES,
    model: text('The model class the seeder creates.'),
    count: text('How many rows it seeds.'),
    variable: text('The variable of the row just seeded, without `$`.'),
    parents: block("The factory overrides of the foreign keys, one a line: `'author_id' => Author::query()->...,`; empty without foreign keys."),
    attachments: partialBlock('seeder.attachments', 'One `attach()` statement a line per belongsToMany; empty without them.'),
    modelName: NAMES_3X.modelName,
  }),
  'seeder.attachments': stub("The seeder's `{{attachments}}`: a few existing related rows attached to the row just seeded.", {
    variable: text('The variable of the row just seeded, without `$`.'),
    perRow: text('How many related rows each relation attaches.'),
    relations: list<AttachedRelation>("Each belongsToMany: `{relation: 'tags', related: 'Tag', self: false}`."),
  }),
} as const;
