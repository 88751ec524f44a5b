import { FULL_LIMITS, type GeneratorLimits } from './inputs/limits.js';

/**
 * What the suite in `npm test` does not generate yet, because it triggers a defect being fixed elsewhere
 * (issue "hostile and broken input"). Each entry names its defect and the limit that keeps the generators
 * away from it; delete the entry when the fix lands, and the suite covers that input again.
 * `npm run fuzz` ignores this list (unless given `--known-defects`), so it keeps finding them.
 */
export const KNOWN_DEFECT_EXCLUSIONS: readonly { defect: string; limits: Partial<GeneratorLimits> }[] = [
  {
    defect:
      'deep nesting: JSON (about 5,000 levels) and classDiagram namespaces (about 1,000) overflow the stack; YAML (about 2,000) ' +
      'aborts the whole process (V8 runs out of memory compiling a regular expression); long runs of `{`, `}` or `"` make ' +
      'the diagram parsers take quadratic time',
    limits: { maxDepth: 100 },
  },
  { defect: 'a YAML alias bomb is expanded alias by alias: nine levels of nine never finish', limits: { aliasBombLevels: 0 } },
  { defect: '"did you mean" compares every word in full: a word of thousands of characters takes seconds', limits: { hugeWordLength: 0 } },
  {
    defect: 'a name made only of underscores (`_`) becomes an empty PHP name: `$` in the DTO, a broken test, an enum class named as its model',
    limits: { underscoreNames: false },
  },
  {
    defect: 'a belongsToMany `pivot` is not validated: it is written into the migration as PHP (code injection), or into its file name (`/`: internal_error)',
    limits: { hostilePivots: false },
  },
  { defect: 'an empty `--fields=` is a usage error (exit 2: "value is missing") instead of `empty_fields`', limits: { emptyFields: false } },
  {
    defect: 'class_data.json opening with a byte order mark is read as a schema, then refused as the record: `invalid_class_data` without a line or column',
    limits: { classDataBom: false },
  },
];

/** The generators' limits with every known defect excluded. */
export function limitsWithoutKnownDefects(): GeneratorLimits {
  return KNOWN_DEFECT_EXCLUSIONS.reduce<GeneratorLimits>((limits, exclusion) => ({ ...limits, ...exclusion.limits }), FULL_LIMITS);
}
