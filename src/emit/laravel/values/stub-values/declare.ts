import type { StubName } from '../../../artifact-table.js';

/**
 * How a stub uses a value: `text` inside a line; `block` alone on its line (each line indented there, the line
 * removed when the value is empty); `flag` in an EJS condition; `list` in an EJS loop.
 */
export type ValueKind = 'text' | 'block' | 'flag' | 'list';

declare const VALUE_TYPE: unique symbol;

/** One value a stub receives: what it is, how a stub uses it, and (as a type only) what the emitter passes. */
export interface ValueDeclaration<T = unknown> {
  kind: ValueKind;
  description: string;
  /** The partial stub this block is rendered from; a published copy of that partial changes it. */
  partial?: StubName;
  /** A name only stubs published by 3.x place: passed so that they keep generating. */
  legacy?: true;
  readonly [VALUE_TYPE]?: T;
}

export type ValueDeclarations = Readonly<Record<string, ValueDeclaration>>;

/** A stub's declaration: what it writes (or which block it renders), and its values. */
export interface StubDeclaration<D extends ValueDeclarations = ValueDeclarations> {
  description: string;
  values: D;
}

export function stub<D extends ValueDeclarations>(description: string, values: D): StubDeclaration<D> {
  return { description, values };
}

export function text(description: string): ValueDeclaration<string> {
  return { kind: 'text', description };
}

/** Lines of PHP the emitter computed (entries, arguments), placed as a block. */
export function block(description: string): ValueDeclaration<string> {
  return { kind: 'block', description };
}

/** A block rendered from a partial stub: the emitter passes that partial with its values, or `''` for none. */
export function partialBlock<N extends StubName>(partial: N, description: string): ValueDeclaration<string> & { partial: N } {
  return { kind: 'block', description, partial };
}

export function flag(description: string): ValueDeclaration<boolean> {
  return { kind: 'flag', description };
}

export function list<T>(description: string): ValueDeclaration<readonly T[]> {
  return { kind: 'list', description };
}

/** A name of 3.x kept for its published stubs; an emitter that cannot fill it (a pivot's migration) leaves it out. */
export function legacy<D extends ValueDeclaration>(declaration: D): D & { legacy: true } {
  return { ...declaration, legacy: true };
}

/** The names 3.x's class stubs place (version-3.ts), filled so that those stubs keep generating. */
export const NAMES_3X = {
  modelName: legacy(text('3.x: the model class.')),
  modelNameLower: legacy(text("3.x: the model's variable, without `$`: 4.0's `modelVariable`.")),
  pluralName: legacy(text('3.x: the lowercase plural of the class, `blogposts`: the route segment of 3.x, a word of names in 4.0.')),
} as const;

/** The values every class stub receives. */
export const CLASS_VALUES = {
  namespace: text('The namespace of the class.'),
  imports: block('The `use` lines of the classes the file names, in the order Pint sorts them.'),
  className: text('The short name of the class.'),
} as const;
