/**
 * The yes-or-no modifiers of a field, the same words in every input: `--fields` (`token:string:hidden`), a schema
 * file's shorthand (`token: string hidden`) and mapping (`hidden: true`), a diagram's modifiers, the wizard's
 * answers and class_data.json's attributes. One list, so that no input forgets one.
 */
export const FIELD_FLAGS = ['nullable', 'unique', 'primary', 'hidden', 'index', 'filterable', 'sortable'] as const;

export type FieldFlag = (typeof FIELD_FLAGS)[number];

/** The flags a SourceField holds only when written. */
const WRITTEN_ONLY = ['hidden', 'index', 'filterable', 'sortable'] as const;

type WrittenOnlyFlag = (typeof WRITTEN_ONLY)[number];

/** What the flags found say, as a SourceField holds them: `hidden`, `index`, `filterable` and `sortable` only when written. */
export function fieldFlags(found: ReadonlySet<string>): { nullable: boolean; unique: boolean; primary: boolean } & Partial<Record<WrittenOnlyFlag, true>> {
  return {
    nullable: found.has('nullable'),
    unique: found.has('unique'),
    primary: found.has('primary'),
    ...Object.fromEntries(WRITTEN_ONLY.filter((flag) => found.has(flag)).map((flag) => [flag, true])),
  };
}
