import { createHash } from 'node:crypto';

/**
 * The keys of a watch session's memoised values (run-memo.ts): what a value is computed from, given as data
 * and encoded here, and nowhere else. An input is a primitive, which is its own key, or a record of named
 * parts: `{ emitter, entity, project, stubs }`. The encoding is canonical (equal inputs, equal keys) and
 * collision-free (each piece is tagged and its length or count written before it, so no two inputs run
 * together alike), up to SHA-256 where a part is digested. The order of an object's keys is part of it, as
 * it is of the JSON and PHP arrays written from it; an absent key differs from one holding undefined.
 *
 * A part that is an object, or a string longer than a digest, stands in the key as its SHA-256 digest, made
 * once per run: the stubs and the project facts are parts of every artifact's key, and an entity of each of
 * its artifacts'. An object is digested by identity within the run, so an input must not change once given
 * (the IR never does). A function stands for itself, by identity: it must compute from its arguments alone,
 * as the module functions named in inputs (emitters, front ends) do. Anything else (a class instance, a Map,
 * a symbol) cannot be told by its contents, and is refused rather than keyed wrong.
 */
export interface MemoKeys {
  /** The key of a record of parts, naming every part (a primitive input is a key already). */
  of(input: object): string;
  /** A new run begins: the digests made so far go (an object is only ever digested within one run). */
  nextRun(): void;
}

/** Past the length of a digest in hex, a string is shorter in a key as its digest. */
const DIGEST_LENGTH = 64;

export function newMemoKeys(): MemoKeys {
  // For the whole session: a module function is the same function in every run.
  const functionIds = new WeakMap<object, number>();
  let lastFunctionId = 0;
  let objectDigests = new WeakMap<object, string>();
  // By the string: a stub's text is looked up at every render of a run, and hashed once.
  let textDigests = new Map<string, string>();

  const functionId = (fn: object): number => {
    let id = functionIds.get(fn);
    if (id === undefined) functionIds.set(fn, (id = ++lastFunctionId));
    return id;
  };
  const encodeValue = (value: unknown): string => encode(value, functionId);

  const part = (value: unknown): string => {
    if (typeof value === 'string' && value.length > DIGEST_LENGTH) {
      let digest = textDigests.get(value);
      if (digest === undefined) textDigests.set(value, (digest = sha256(value)));
      return `h${digest}`;
    }
    if (typeof value !== 'object' || value === null) return encodeValue(value);
    let digest = objectDigests.get(value);
    if (digest === undefined) objectDigests.set(value, (digest = sha256(encodeValue(value))));
    return `d${digest}`;
  };

  return {
    of(input) {
      if (!isRecord(input)) throw unkeyable(input);
      let key = '';
      for (const name of Object.keys(input)) key += `${name.length}:${name}${part(input[name])}`;
      return key;
    },
    nextRun() {
      objectDigests = new WeakMap();
      textDigests = new Map();
    },
  };
}

/** The full encoding of a value: every string, number and name in it, tagged, with lengths and counts first. */
function encode(value: unknown, functionId: (fn: object) => number): string {
  switch (typeof value) {
    case 'string':
      return `s${value.length}:${value}`;
    case 'number':
      return `n${Object.is(value, -0) ? '-0' : String(value)};`;
    case 'boolean':
      return value ? 't' : 'f';
    case 'undefined':
      return 'u';
    case 'function':
      return `F${functionId(value)};`;
    case 'object': {
      if (value === null) return 'z';
      if (Array.isArray(value)) {
        let text = `a${value.length}:`;
        for (const item of value as unknown[]) text += encode(item, functionId);
        return text;
      }
      if (!isRecord(value)) throw unkeyable(value);
      const names = Object.keys(value);
      let text = `o${names.length}:`;
      for (const name of names) text += `${name.length}:${name}${encode(value[name], functionId)}`;
      return text;
    }
    default:
      throw unkeyable(value);
  }
}

function isRecord(value: object): value is Readonly<Record<string, unknown>> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function unkeyable(value: unknown): TypeError {
  const what = typeof value === 'object' && value !== null ? (value.constructor?.name ?? 'object') : typeof value;
  return new TypeError(`a memoised value cannot be keyed by a ${what}: give what it is computed from as plain data`);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
