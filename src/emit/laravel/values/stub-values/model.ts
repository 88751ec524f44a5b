import { block, CLASS_VALUES, legacy, stub, text } from './declare.js';

/** The model and its enums: `app/Models/<Class>.php`, `app/Enums/<Entity><Field>.php`. */
export const MODEL_STUBS = {
  model: stub('app/Models/<Class>.php: the Eloquent model.', {
    ...CLASS_VALUES,
    docblock: block('The class docblock: a `@property` tag per column, a `@property-read` tag per relation.'),
    classAttributes: block('Laravel 13: `#[Fillable]`, `#[Hidden]` and `#[Table]` right above `class`; empty on Laravel 12.'),
    parentClass: text('The class the model extends: `Model`, or the parent entity of a child entity.'),
    members: block('The class body: the trait use, the properties, `casts()`, the relation methods.'),
    modelName: legacy(text('3.x: the class name.')),
    traits: legacy(block('3.x: `use SoftDeletes;` with its own indentation; `HasFactory` is the stub\'s own.')),
    fillable: legacy(block('3.x: the properties, `$fillable` first, and `casts()`, as properties on Laravel 13 too.')),
    relationships: legacy(block('3.x: the relation methods, each after a blank line, with their own indentation.')),
  }),
  enum: stub('app/Enums/<Entity><Field>.php: the string-backed enum of an enum field.', {
    namespace: CLASS_VALUES.namespace,
    className: CLASS_VALUES.className,
    cases: block("The cases, one a line: `case Draft = 'draft';`."),
  }),
} as const;
