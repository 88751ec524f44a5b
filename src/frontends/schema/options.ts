import type { Options } from './api-schema.generated.js';
import { booleanAt, entryOf, type MapNode } from '../../text/doc-node.js';
import { report, type Lowering } from './lowering.js';

/**
 * Whether fullapi generates what each option asks for. Typed by the schema's own option list, so an
 * option added there does not compile until it is classified here.
 */
const OPTION_SUPPORT: Readonly<Record<keyof Options, 'generated' | 'not_yet'>> = {
  soft_deletes: 'generated',
  query_builder: 'not_yet',
  pest: 'not_yet',
  auth: 'not_yet',
  client_collection: 'not_yet',
};

const SOFT_DELETES: keyof Options = 'soft_deletes';

/** The options one level of the file sets: the top-level `options:`, or an entity's own keys. */
export interface OptionValues {
  softDeletes?: boolean;
}

/**
 * Reads the option keys of a mapping. An option not generated yet is refused where it is set to true,
 * so that nobody believes it applied; false is accepted, it asks for nothing.
 */
export function readOptions(map: MapNode | undefined, lowering: Lowering): OptionValues {
  if (map === undefined) return {};
  for (const [option, support] of Object.entries(OPTION_SUPPORT)) {
    const value = entryOf(map, option)?.value;
    if (support === 'not_yet' && value?.kind === 'scalar' && value.value === true) {
      report(
        lowering,
        'option_not_supported',
        `option ${option} is accepted in schema files but not generated yet`,
        value.range,
        `remove it or set it to false; a later release generates it`,
      );
    }
  }
  const softDeletes = booleanAt(map, SOFT_DELETES);
  return softDeletes === undefined ? {} : { softDeletes };
}
