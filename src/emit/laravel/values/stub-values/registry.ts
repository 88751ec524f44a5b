import { STUB_NAMES, type StubName } from '../../../artifact-table.js';
import { AUTH_STUBS } from './auth.js';
import { CONFIG_STUBS } from './config.js';
import { DATABASE_STUBS } from './database.js';
import type { StubDeclaration, ValueDeclaration, ValueKind } from './declare.js';
import { HTTP_STUBS } from './http.js';
import { MIGRATION_STUBS } from './migrations.js';
import { MODEL_STUBS } from './model.js';
import { TEST_STUBS } from './tests.js';

/**
 * The values of every stub, declared once: the emitters are type-checked against them, `validate-stubs` checks
 * published stubs against their names, and the docs list them (stubValueReference).
 */
export const STUB_VALUES = {
  ...MODEL_STUBS,
  ...MIGRATION_STUBS,
  ...DATABASE_STUBS,
  ...HTTP_STUBS,
  ...TEST_STUBS,
  ...AUTH_STUBS,
  ...CONFIG_STUBS,
} satisfies Record<StubName, StubDeclaration>;

type Declared<N extends StubName> = (typeof STUB_VALUES)[N]['values'];

type LegacyName<D> = { [K in keyof D]: D[K] extends { legacy: true } ? K : never }[keyof D];

type EmitterValue<D> = D extends { partial: infer P extends StubName } ? PartialRender<P> | '' : D extends ValueDeclaration<infer T> ? T : never;

/** What an emitter passes a stub: every declared value, but the 3.x names, which it may leave out. */
export type EmitterValues<N extends StubName> = { readonly [K in Exclude<keyof Declared<N>, LegacyName<Declared<N>>>]: EmitterValue<Declared<N>[K]> } & {
  readonly [K in LegacyName<Declared<N>>]?: EmitterValue<Declared<N>[K]>;
};

/**
 * A block to render from a partial stub before its stub is rendered; the partial's text goes in without the
 * newlines it ends with. `placed` reshapes it where a 3.x stub expects its own indentation.
 */
export interface PartialRender<N extends StubName> {
  readonly partial: N;
  readonly values: EmitterValues<N>;
  readonly placed?: (text: string) => string;
}

export function partial<N extends StubName>(name: N, values: EmitterValues<N>, placed?: (text: string) => string): PartialRender<N> {
  return placed === undefined ? { partial: name, values } : { partial: name, values, placed };
}

export function isPartialRender(value: unknown): value is PartialRender<StubName> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'partial' in value && 'values' in value;
}

/** The names a stub receives. */
export function declaredValueNames(name: StubName): ReadonlySet<string> {
  return new Set(Object.keys(STUB_VALUES[name].values));
}

export interface StubValueReference {
  stub: StubName;
  description: string;
  values: {
    name: string;
    kind: ValueKind;
    description: string;
    /** The partial stub the block is rendered from. */
    partial?: StubName;
    /** Placed only by stubs published by 3.x. */
    legacy?: true;
  }[];
}

/** Each stub with its values and what they hold, in the order of STUB_NAMES: the docs' stub reference. */
export function stubValueReference(): StubValueReference[] {
  return STUB_NAMES.map((name) => {
    const declaration: StubDeclaration = STUB_VALUES[name];
    return {
      stub: name,
      description: declaration.description,
      values: Object.entries(declaration.values).map(([valueName, value]) => ({
        name: valueName,
        kind: value.kind,
        description: value.description,
        ...(value.partial === undefined ? {} : { partial: value.partial }),
        ...(value.legacy === undefined ? {} : { legacy: value.legacy }),
      })),
    };
  });
}
