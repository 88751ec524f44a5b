import type { Options } from './api-schema.generated.js';
import type { GenerationOption } from '../../ir/generation-options.js';
import type { GenerationOptions } from '../../ir/ir.generated.js';
import { booleanAt, type MapNode } from '../../text/doc-node.js';

/**
 * The IR option each key of a schema file sets. Typed by the schema's own option list, so an option added
 * there does not compile until it is mapped here. `postman` and `expressive_tests` are other names of
 * `client_collection` and `pest`.
 */
const OPTION_KEYS: Readonly<Record<keyof Options, GenerationOption | 'softDeletes'>> = {
  soft_deletes: 'softDeletes',
  query_builder: 'queryBuilder',
  pest: 'expressiveTests',
  expressive_tests: 'expressiveTests',
  auth: 'auth',
  client_collection: 'clientCollection',
  postman: 'clientCollection',
  json_api: 'jsonApi',
  simple_pagination: 'simplePagination',
};

/** The options one level of the file sets: the top-level `options:`, or an entity's own keys. */
export interface OptionValues {
  softDeletes?: boolean;
  /** Each option the level sets, true or false; one it does not set is absent. */
  options: GenerationOptions;
}

/** Reads the option keys of a mapping; false asks for nothing. */
export function readOptions(map: MapNode | undefined): OptionValues {
  const options: GenerationOptions = {};
  if (map === undefined) return { options };
  let softDeletes: boolean | undefined;
  for (const [key, option] of Object.entries(OPTION_KEYS)) {
    const value = booleanAt(map, key);
    if (value === undefined) continue;
    if (option === 'softDeletes') {
      softDeletes = value;
      continue;
    }
    options[option] = value || options[option] === true;
  }
  return softDeletes === undefined ? { options } : { softDeletes, options };
}

/** An entity's options: its own keys over the file's `options:`; only those that end up true. */
export function entityOptions(own: OptionValues, defaults: OptionValues): GenerationOptions | undefined {
  const merged = { ...defaults.options, ...own.options };
  const set = Object.entries(merged).filter(([, value]) => value === true);
  return set.length === 0 ? undefined : Object.fromEntries(set);
}
