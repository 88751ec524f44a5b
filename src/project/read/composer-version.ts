/**
 * Reading Laravel's major version, and the required packages, out of Composer's files: composer.json,
 * composer.lock and the vendor folder's installed.json. Pure functions over parsed JSON and constraint
 * strings; the file reading and the diagnostics live in framework.ts.
 */
import { isPlainObject } from '../fs/project-file.js';

const FRAMEWORK_PACKAGE = 'laravel/framework';

/** `require['laravel/framework']` of a parsed composer.json, when it is a string. */
export function requiredFrameworkConstraint(composerJson: unknown): string | undefined {
  if (!isPlainObject(composerJson) || !isPlainObject(composerJson.require)) return undefined;
  const constraint = composerJson.require[FRAMEWORK_PACKAGE];
  return typeof constraint === 'string' ? constraint : undefined;
}

/** The package names of a parsed composer.json's `require` and `require-dev`, sorted, each once. */
export function requiredPackageNames(composerJson: unknown): string[] {
  if (!isPlainObject(composerJson)) return [];
  const sections = [composerJson.require, composerJson['require-dev']].filter(isPlainObject);
  return [...new Set(sections.flatMap((section) => Object.keys(section)))].sort();
}

/** The `version` composer.lock records for laravel/framework (`v12.40.1`, `13.x-dev`), if any. */
export function lockedFrameworkVersion(composerLock: unknown): string | undefined {
  if (!isPlainObject(composerLock)) return undefined;
  return frameworkVersionIn([composerLock.packages, composerLock['packages-dev']]);
}

/**
 * The `version` of laravel/framework in a parsed vendor/composer/installed.json, if any: Composer 2 writes
 * `{"packages": [...]}`, Composer 1 the list itself.
 */
export function installedFrameworkVersion(installed: unknown): string | undefined {
  return frameworkVersionIn([Array.isArray(installed) ? installed : isPlainObject(installed) ? installed.packages : undefined]);
}

function frameworkVersionIn(sections: readonly unknown[]): string | undefined {
  for (const section of sections) {
    if (!Array.isArray(section)) continue;
    const entry = section.find((item) => isPlainObject(item) && item.name === FRAMEWORK_PACKAGE);
    if (isPlainObject(entry) && typeof entry.version === 'string') return entry.version;
  }
  return undefined;
}

/**
 * Where Composer installs the packages: composer.json's `config.vendor-dir` when it is a plain relative path,
 * else `vendor`.
 */
export function vendorDirectory(composerJson: unknown): string {
  const configured = isPlainObject(composerJson) && isPlainObject(composerJson.config) ? composerJson.config['vendor-dir'] : undefined;
  return typeof configured === 'string' && configured !== '' ? configured.replace(/\/+$/, '') : 'vendor';
}

/** Major of a concrete version; branch names such as `dev-master` have none. */
export function majorOfVersion(version: string): number | undefined {
  const major = /^v?(\d+)(?:\.|$)/.exec(version.trim())?.[1];
  return major === undefined ? undefined : Number(major);
}

type LowerBound = { kind: 'major'; major: number } | { kind: 'unbounded' } | { kind: 'unknown' };

/**
 * The lowest major a Composer constraint allows: `^12.0|^13.0` gives 12, `>=12.1 <14` gives 12.
 * Undefined when the constraint has no lower bound (`*`, `<13`) or uses a form we do not read
 * (`dev-main`), so the caller falls back instead of guessing.
 */
export function lowestAllowedMajor(constraint: string): number | undefined {
  const alternatives = constraint.split(/\|\|?/).map((alternative) => alternative.trim());
  let lowest: number | undefined;
  for (const alternative of alternatives) {
    const bound = conjunctionLowerBound(alternative);
    if (bound.kind !== 'major') return undefined;
    lowest = lowest === undefined ? bound.major : Math.min(lowest, bound.major);
  }
  return lowest;
}

/** Terms joined by spaces or commas must all hold, so the highest lower bound among them wins. */
function conjunctionLowerBound(alternative: string): LowerBound {
  const hyphenRange = /^(\S+)\s+-\s+\S+$/.exec(alternative);
  // Composer allows `>= 12.0`; glue operators to their versions before splitting on spaces.
  const glued = alternative.replace(/(>=|<=|!=|==|>|<|=|\^|~)\s+/g, '$1');
  const terms = hyphenRange?.[1] !== undefined ? [hyphenRange[1]] : glued.split(/\s*,\s*|\s+/);
  let highest: number | undefined;
  for (const term of terms.filter((t) => t !== '')) {
    const bound = termLowerBound(term);
    if (bound.kind === 'unknown') return bound;
    if (bound.kind === 'major') highest = highest === undefined ? bound.major : Math.max(highest, bound.major);
  }
  return highest === undefined ? { kind: 'unbounded' } : { kind: 'major', major: highest };
}

function termLowerBound(rawTerm: string): LowerBound {
  const term = rawTerm.replace(/@\w+$/, '');
  if (term === '*' || term === '' || /^(<|<=|!=)/.test(term)) return { kind: 'unbounded' };
  // `>12.3` still allows 12.3.1, so every lower-bounding operator keeps the written major.
  const version = /^(?:\^|~|>=|>|==|=)?\s*v?(\d+)(?:\.(?:\d+|\*|x))*$/.exec(term)?.[1];
  return version === undefined ? { kind: 'unknown' } : { kind: 'major', major: Number(version) };
}
