/**
 * The yes-or-no modifiers of a field, the same words in every input: `--fields` (`token:string:hidden`), a schema
 * file's shorthand (`token: string hidden`) and mapping (`hidden: true`), a diagram's modifiers, the wizard's
 * answers and class_data.json's attributes. One list, so that no input forgets one.
 */
export const FIELD_FLAGS = ['nullable', 'unique', 'primary', 'hidden', 'index'] as const;

export type FieldFlag = (typeof FIELD_FLAGS)[number];

/** What the flags found say, as a SourceField holds them: `hidden` and `index` only when written. */
export function fieldFlags(found: ReadonlySet<string>): { nullable: boolean; unique: boolean; primary: boolean; hidden?: true; index?: true } {
  return {
    nullable: found.has('nullable'),
    unique: found.has('unique'),
    primary: found.has('primary'),
    ...(found.has('hidden') ? { hidden: true } : {}),
    ...(found.has('index') ? { index: true } : {}),
  };
}
