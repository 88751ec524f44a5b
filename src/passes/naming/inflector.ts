/**
 * English singular/plural inflection, ported from doctrine/inflector 2.1.1
 * (`Rules/English/{Inflectible,Uninflected}.php` and `RulesetInflector.php`),
 * the version Laravel 12 installs. The rule data below must stay in step with
 * that release; `tests/php/str-oracle.test.ts` proves it against the real PHP.
 *
 * Porting notes that decide behaviour:
 * - PHP `preg_replace` replaces every match, so rules run with the `g` flag.
 * - PHP substitutes an empty string for a group that did not take part in the
 *   match or does not exist (`$2` in `(s)tatuses$`), while JavaScript's string
 *   replacement would keep a literal `$2`; templates are expanded by hand.
 * - doctrine's regexes carry no `u` flag: matching is per byte and
 *   case-insensitivity is ASCII-only. JavaScript's non-unicode `i` flag never
 *   folds a non-ASCII character onto an ASCII one, so it agrees for these rules.
 * - PCRE's `.` only excludes "\n" and its `$` also matches before a final
 *   "\n"; the rules are written in PCRE terms and translated by `fromPcre`.
 */

/** A regular rule: the regex as doctrine writes it (PCRE semantics), and a `$n` template. */
type RegularRule = readonly [pattern: RegExp, template: string];

interface Transformation {
  readonly matcher: RegExp;
  readonly everyMatch: RegExp;
  readonly template: string;
}

interface Ruleset {
  readonly uninflected: RegExp;
  readonly irregular: ReadonlyMap<string, string>;
  readonly regular: readonly Transformation[];
}

const UNINFLECTED_IN_BOTH_DIRECTIONS: readonly string[] = [
  '\\w+media', 'advice', 'aircraft', 'amoyese', 'art', 'audio', 'baggage', 'bison', 'borghese',
  'bream', 'breeches', 'britches', 'buffalo', 'butter', 'cantus', 'carp', 'cattle', 'chassis',
  'clippers', 'clothing', 'coal', 'cod', 'coitus', 'compensation', 'congoese', 'contretemps',
  'coreopsis', 'corps', 'cotton', 'data', 'debris', 'deer', 'diabetes', 'djinn', 'education',
  'eland', 'elk', 'emoji', 'equipment', 'evidence', 'faroese', 'feedback', 'fish', 'flounder',
  'flour', 'foochowese', 'food', 'furniture', 'gallows', 'genevese', 'genoese', 'gilbertese',
  'gold', 'headquarters', 'herpes', 'hijinks', 'homework', 'hottentotese', 'impatience',
  'information', 'innings', 'jackanapes', 'jeans', 'jedi', 'kin', 'kiplingese', 'knowledge',
  'kongoese', 'leather', 'love', 'lucchese', 'luggage', 'mackerel', 'Maltese', 'management',
  'metadata', 'mews', 'money', 'moose', 'mumps', 'music', 'nankingese', 'news', 'nexus', 'niasese',
  'nutrition', 'offspring', 'oil', 'patience', 'pekingese', 'piedmontese', 'pincers', 'pistoiese',
  'plankton', 'pliers', 'pokemon', 'police', 'polish', 'portuguese', 'proceedings', 'progress',
  'rabies', 'rain', 'research', 'rhinoceros', 'rice', 'salmon', 'sand', 'sarawakese', 'scissors',
  'sea[- ]bass', 'series', 'shavese', 'shears', 'sheep', 'siemens', 'silk', 'sms', 'soap',
  'social media', 'spam', 'species', 'staff', 'sugar', 'swine', 'talent', 'toothpaste', 'traffic',
  'travel', 'trousers', 'trout', 'tuna', 'us', 'vermontese', 'vinegar', 'weather', 'wenchowese',
  'wheat', 'whiting', 'wildebeest', 'wood', 'wool', 'yengeese',
];

const UNINFLECTED_WHEN_SINGULARIZING: readonly string[] = [
  '.*ss', 'clothes', 'data', 'fascia', 'fuchsia', 'galleria', 'mafia', 'militia', 'pants',
  'petunia', 'sepia', 'trivia', 'utopia',
];

const UNINFLECTED_WHEN_PLURALIZING: readonly string[] = ['people', 'trivia', '\\w+ware$', 'media'];

/** Singular → plural. Flipped for singularizing, where a later pair wins (`axes` → `axe`). */
const IRREGULAR: readonly (readonly [singular: string, plural: string])[] = [
  ['abuse', 'abuses'], ['alga', 'algae'], ['atlas', 'atlases'],
  ['avalanche', 'avalanches'], ['axis', 'axes'], ['axe', 'axes'],
  ['beef', 'beefs'], ['blouse', 'blouses'], ['brother', 'brothers'],
  ['brownie', 'brownies'], ['cache', 'caches'], ['cafe', 'cafes'],
  ['canvas', 'canvases'], ['cave', 'caves'], ['chateau', 'chateaux'],
  ['child', 'children'], ['cookie', 'cookies'], ['corpus', 'corpuses'],
  ['cow', 'cows'], ['criterion', 'criteria'], ['curriculum', 'curricula'],
  ['curve', 'curves'], ['demo', 'demos'], ['die', 'dice'],
  ['domino', 'dominoes'], ['echo', 'echoes'], ['emphasis', 'emphases'],
  ['epoch', 'epochs'], ['foe', 'foes'], ['foot', 'feet'],
  ['fungus', 'fungi'], ['ganglion', 'ganglions'], ['gas', 'gases'],
  ['genie', 'genies'], ['genus', 'genera'], ['goose', 'geese'],
  ['graffito', 'graffiti'], ['grave', 'graves'], ['hippopotamus', 'hippopotami'],
  ['hoax', 'hoaxes'], ['hoof', 'hoofs'], ['human', 'humans'],
  ['iris', 'irises'], ['larva', 'larvae'], ['leaf', 'leaves'],
  ['lens', 'lenses'], ['loaf', 'loaves'], ['man', 'men'],
  ['medium', 'media'], ['memorandum', 'memoranda'], ['money', 'monies'],
  ['mongoose', 'mongooses'], ['motto', 'mottoes'], ['move', 'moves'],
  ['mythos', 'mythoi'], ['neurosis', 'neuroses'], ['niche', 'niches'],
  ['niveau', 'niveaux'], ['nucleus', 'nuclei'], ['numen', 'numina'],
  ['nursery', 'nurseries'], ['oasis', 'oases'], ['occiput', 'occiputs'],
  ['octopus', 'octopuses'], ['opus', 'opuses'], ['ox', 'oxen'],
  ['passerby', 'passersby'], ['penis', 'penises'], ['person', 'people'],
  ['plateau', 'plateaux'], ['runner-up', 'runners-up'], ['safe', 'safes'],
  ['save', 'saves'], ['sex', 'sexes'], ['sieve', 'sieves'],
  ['soliloquy', 'soliloquies'], ['son-in-law', 'sons-in-law'], ['stadium', 'stadiums'],
  ['syllabus', 'syllabi'], ['testis', 'testes'], ['thief', 'thieves'],
  ['tooth', 'teeth'], ['tornado', 'tornadoes'], ['trilby', 'trilbys'],
  ['turf', 'turfs'], ['valve', 'valves'], ['volcano', 'volcanoes'],
  ['wave', 'waves'], ['zombie', 'zombies'],
];

/** Tried top to bottom; the first rule whose regex matches anywhere is applied. */
const PLURAL_RULES: readonly RegularRule[] = [
  [/(s)tatus$/i, '$1$2tatuses'],
  [/(quiz)$/i, '$1zes'],
  [/^(ox)$/i, '$1$2en'],
  [/([m|l])ouse$/i, '$1ice'],
  [/(matr|vert|ind)(ix|ex)$/i, '$1ices'],
  [/(x|ch|ss|sh)$/i, '$1es'],
  [/([^aeiouy]|qu)y$/i, '$1ies'],
  [/(hive|gulf)$/i, '$1s'],
  [/(?:([^f])fe|([lr])f)$/i, '$1$2ves'],
  [/sis$/i, 'ses'],
  [/([ti])um$/i, '$1a'],
  [/(tax)on$/i, '$1a'],
  [/(c)riterion$/i, '$1riteria'],
  [/(p)erson$/i, '$1eople'],
  [/(m)an$/i, '$1en'],
  [/(c)hild$/i, '$1hildren'],
  [/(f)oot$/i, '$1eet'],
  [/(buffal|her|potat|tomat|volcan)o$/i, '$1$2oes'],
  [/(alumn|bacill|cact|foc|fung|nucle|radi|stimul|syllab|termin|vir)us$/i, '$1i'],
  [/us$/i, 'uses'],
  [/(alias)$/i, '$1es'],
  [/(analys|ax|cris|test|thes)is$/i, '$1es'],
  [/s$/i, 's'],
  [/^$/i, ''],
  [/$/i, 's'],
];

/** Tried top to bottom; the first rule whose regex matches anywhere is applied. */
const SINGULAR_RULES: readonly RegularRule[] = [
  [/(s)tatuses$/i, '$1$2tatus'],
  [/(s)tatus$/i, '$1$2tatus'],
  [/(c)ampus$/i, '$1$2ampus'],
  [/^(.*)(menu)s$/i, '$1$2'],
  [/(quiz)zes$/i, '$1'],
  [/(matr)ices$/i, '$1ix'],
  [/(vert|ind)ices$/i, '$1ex'],
  [/^(ox)en/i, '$1'],
  [/(alias)(es)*$/i, '$1'],
  [/(buffal|her|potat|tomat|volcan)oes$/i, '$1o'],
  [/(alumn|bacill|cact|foc|fung|nucle|radi|stimul|syllab|termin|viri?)i$/i, '$1us'],
  [/([ftw]ax)es/i, '$1'],
  [/(analys|ax|cris|test|thes)es$/i, '$1is'],
  [/(shoe|slave)s$/i, '$1'],
  [/(o)es$/i, '$1'],
  [/ouses$/i, 'ouse'],
  [/([^a])uses$/i, '$1us'],
  [/([m|l])ice$/i, '$1ouse'],
  [/(x|ch|ss|sh)es$/i, '$1'],
  [/(m)ovies$/i, '$1$2ovie'],
  [/(s)eries$/i, '$1$2eries'],
  [/([^aeiouy]|qu)ies$/i, '$1y'],
  [/([lr])ves$/i, '$1f'],
  [/(tive)s$/i, '$1'],
  [/(hive)s$/i, '$1'],
  [/(drive)s$/i, '$1'],
  [/(dive)s$/i, '$1'],
  [/(olive)s$/i, '$1'],
  [/([^fo])ves$/i, '$1fe'],
  [/(^analy)ses$/i, '$1sis'],
  [/(analy|diagno|^ba|(p)arenthe|(p)rogno|(s)ynop|(t)he)ses$/i, '$1$2sis'],
  [/(tax)a$/i, '$1on'],
  [/(c)riteria$/i, '$1riterion'],
  [/([ti])a(?<!regatta)$/i, '$1um'],
  [/(p)eople$/i, '$1$2erson'],
  [/(m)en$/i, '$1an'],
  [/(c)hildren$/i, '$1$2hild'],
  [/(f)eet$/i, '$1oot'],
  [/(n)ews$/i, '$1$2ews'],
  [/eaus$/i, 'eau'],
  [/^tights$/i, 'tights'],
  [/^shorts$/i, 'shorts'],
  [/s$/i, ''],
];

/** An escape, a whole character class, or one of the two PCRE tokens `fromPcre` rewrites. */
const PCRE_TOKEN = /\\.|\[(?:\\.|[^\]])*\]|[.$]/g;

/**
 * Rewrites the two PCRE constructs whose meaning differs in JavaScript, outside
 * character classes: `.` becomes `[^\n]` and `$` becomes `(?=\n?$)`.
 */
function fromPcre(pcreSource: string): string {
  return pcreSource.replace(PCRE_TOKEN, (token) => (token === '.' ? '[^\\n]' : token === '$' ? '(?=\\n?$)' : token));
}

/** doctrine's `Patterns`: one case-insensitive regex that must match the whole word. */
function wholeWordPattern(patterns: readonly string[]): RegExp {
  return new RegExp(fromPcre(`^(?:${patterns.join('|')})$`), 'i');
}

function toTransformation([pattern, template]: RegularRule): Transformation {
  const source = fromPcre(pattern.source);
  return { matcher: new RegExp(source, 'i'), everyMatch: new RegExp(source, 'gi'), template };
}

const PLURAL_RULESET: Ruleset = {
  uninflected: wholeWordPattern([...UNINFLECTED_IN_BOTH_DIRECTIONS, ...UNINFLECTED_WHEN_PLURALIZING]),
  irregular: new Map(IRREGULAR),
  regular: PLURAL_RULES.map(toTransformation),
};

const SINGULAR_RULESET: Ruleset = {
  uninflected: wholeWordPattern([...UNINFLECTED_IN_BOTH_DIRECTIONS, ...UNINFLECTED_WHEN_SINGULARIZING]),
  irregular: new Map(IRREGULAR.map(([singular, plural]) => [plural, singular])),
  regular: SINGULAR_RULES.map(toTransformation),
};

/** PHP's `strtolower`, which (since PHP 8.2) only touches ASCII letters. */
export function asciiLower(value: string): string {
  // Names are nearly always ASCII, where JavaScript's lower case is PHP's.
  if (/^[\x00-\x7F]*$/.test(value)) return value.toLowerCase();
  return value.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** A `$n` template expanded the way `preg_replace` expands `\n`: missing groups give ''. */
function expandTemplate(template: string, groups: readonly (string | undefined)[]): string {
  return template.replace(/\$(\d)/g, (_reference, index: string) => groups[Number(index) - 1] ?? '');
}

function applyTransformation(word: string, transformation: Transformation): string {
  // None of the rules has named groups, so the replacer's arguments are
  // (match, ...groups, offset, input).
  return word.replace(transformation.everyMatch, (...args: unknown[]) =>
    expandTemplate(transformation.template, args.slice(1, -2) as (string | undefined)[]),
  );
}

function applyFirstMatchingRule(word: string, rules: readonly Transformation[]): string {
  const rule = rules.find((candidate) => candidate.matcher.test(word));
  return rule === undefined ? word : applyTransformation(word, rule);
}

/** The word is looked up lowercased; an uppercase first letter is carried over, nothing else. */
function substituteIrregular(word: string, irregular: ReadonlyMap<string, string>): string {
  const lowered = asciiLower(word);
  const substitute = irregular.get(lowered);
  if (substitute === undefined) {
    return word;
  }
  const firstLetterWasUppercase = lowered[0] !== word[0];
  return firstLetterWasUppercase ? substitute.charAt(0).toUpperCase() + substitute.slice(1) : substitute;
}

function inflect(word: string, ruleset: Ruleset): string {
  if (word === '' || ruleset.uninflected.test(word)) {
    return word;
  }
  const irregular = substituteIrregular(word, ruleset.irregular);
  return irregular !== word ? irregular : applyFirstMatchingRule(word, ruleset.regular);
}

/** doctrine's `Inflector::pluralize` with the English rules. */
export function pluralize(word: string): string {
  return inflect(word, PLURAL_RULESET);
}

/** doctrine's `Inflector::singularize` with the English rules. */
export function singularize(word: string): string {
  return inflect(word, SINGULAR_RULESET);
}
