import { nearestWord } from '../../diagnostics/nearest-word.js';
import type { OnDelete, RelationKind, SourceRelation } from '../../ir/ir.generated.js';
import { pivotTableProblem } from '../../passes/php-names.js';
import type { RelationMapping } from './api-schema.generated.js';
import { booleanAt, entryOf, isString, keyOf, type MapNode, type Range, type StringNode } from '../../text/doc-node.js';
import { report, type DraftRelation, type Lowering } from './lowering.js';
import { verbatimWord, wordsOf, type Word } from './words.js';

/** Every kind word, lower-cased, and the Eloquent relation it means; the older words as users have them. */
const RELATION_KINDS: Readonly<Record<string, RelationKind>> = {
  belongsto: 'belongsTo',
  hasone: 'hasOne',
  hasmany: 'hasMany',
  belongstomany: 'belongsToMany',
  morphto: 'morphTo',
  morphone: 'morphOne',
  morphmany: 'morphMany',
  manytoone: 'belongsTo',
  onetomany: 'hasMany',
  onetoone: 'hasOne',
  manytomany: 'belongsToMany',
};

const KIND_NAMES: readonly string[] = [
  'belongsTo', 'hasOne', 'hasMany', 'belongsToMany', 'morphTo', 'morphOne', 'morphMany', 'manyToOne', 'oneToMany', 'oneToOne', 'manyToMany',
];

const SHORTHAND_HINT = 'a relation is <kind> <Entity> [nullable], or morphTo alone';
const NULLABLE = 'nullable';

/** `posts: hasMany Post`, `category: belongsTo Category nullable`, `commentable: morphTo`. */
export function relationFromShorthand(name: string, nameRange: Range, node: StringNode, lowering: Lowering): DraftRelation | undefined {
  const words = wordsOf(node);
  // After a kind and a target only: `belongsTo Nullable` names an entity.
  const nullable = words.length > 2 && words.at(-1)?.text.toLowerCase() === NULLABLE;
  const [kindWord, targetWord, ...extra] = nullable ? words.slice(0, -1) : words;
  if (kindWord === undefined) {
    report(lowering, 'unknown_relation_kind', `relation "${name}" has no kind`, node.range, SHORTHAND_HINT);
    return undefined;
  }
  for (const word of extra) report(lowering, 'invalid_schema', `unexpected "${word.text}" after the target of relation "${name}"`, word.range, SHORTHAND_HINT);
  const relation = draftRelation({ name, nameRange, kindWord, targetWord, nullable }, lowering);
  return extra.length === 0 ? relation : undefined;
}

/** `followers: { kind: belongsToMany, target: User, pivot: user_follows }`. */
export function relationFromMapping(name: string, nameRange: Range, map: MapNode, lowering: Lowering): DraftRelation | undefined {
  const key = keyOf<RelationMapping>;
  const kindNode = entryOf(map, key('kind'))?.value;
  if (!isString(kindNode)) return undefined;
  const targetNode = entryOf(map, key('target'))?.value;
  const pivotEntry = entryOf(map, key('pivot'));
  return draftRelation(
    {
      name,
      nameRange,
      kindWord: verbatimWord(kindNode),
      ...(isString(targetNode) ? { targetWord: verbatimWord(targetNode) } : {}),
      ...(isString(pivotEntry?.value) ? { pivot: pivotEntry.value.value, pivotRange: verbatimWord(pivotEntry.value).range } : {}),
      nullable: booleanAt(map, key('nullable')) === true,
      owner: booleanAt(map, key('owner')) === true,
      ...onDeleteAt(map, key('on_delete')),
    },
    lowering,
  );
}

const DELETE_RULES: readonly string[] = ['cascade', 'restrict', 'set_null'] satisfies OnDelete[];

/** The schema's validation has checked the word; a front end that lowers another format checks it again here. */
export function onDeleteAt(map: MapNode, key: string): { onDelete?: OnDelete } {
  const node = entryOf(map, key)?.value;
  return isString(node) && DELETE_RULES.includes(node.value) ? { onDelete: node.value as OnDelete } : {};
}

export interface RelationWords {
  name: string;
  nameRange: Range;
  kindWord: Word;
  targetWord?: Word | undefined;
  pivot?: string;
  pivotRange?: Range;
  /** The foreign key of the pair may be null (the passes check the kind has one). */
  nullable?: boolean;
  onDelete?: OnDelete;
  /** The row belongs to the signed-in user (the passes check the relation can be an owner). */
  owner?: boolean;
}

/** The checks one relation allows alone; those needing the other entities come with the whole file. */
export function draftRelation(words: RelationWords, lowering: Lowering): DraftRelation | undefined {
  const { name, kindWord, targetWord } = words;
  const kind = RELATION_KINDS[kindWord.text.toLowerCase()];
  const before = lowering.diagnostics.length;
  if (kind === undefined) {
    const nearest = nearestWord(kindWord.text.toLowerCase(), Object.keys(RELATION_KINDS));
    const suggestion = KIND_NAMES.find((known) => known.toLowerCase() === nearest);
    const didYouMean = suggestion === undefined ? '' : `; did you mean "${suggestion}"?`;
    report(lowering, 'unknown_relation_kind', `unknown relation kind "${kindWord.text}"${didYouMean}`, kindWord.range, `kinds: ${KIND_NAMES.join(', ')}`);
    return undefined;
  }
  if (kind === 'morphTo' && targetWord !== undefined) {
    report(
      lowering,
      'morph_to_with_target',
      `morphTo "${name}" takes no target: its owner can be any entity with a morphOne or morphMany to it`,
      targetWord.range,
      `write ${name}: morphTo`,
    );
  }
  if (kind !== 'morphTo' && targetWord === undefined) {
    report(lowering, 'missing_relation_target', `${kind} "${name}" needs a target entity`, kindWord.range, `write ${name}: ${kind} <Entity>`);
  }
  if (words.pivot !== undefined && words.pivotRange !== undefined) {
    const pivotProblem = pivotTableProblem(words.pivot);
    if (kind !== 'belongsToMany') report(lowering, 'invalid_schema', `pivot names the table of a belongsToMany, and "${name}" is a ${kind}`, words.pivotRange);
    else if (pivotProblem !== undefined) report(lowering, 'invalid_identifier', pivotProblem, words.pivotRange);
  }
  if (lowering.diagnostics.length > before) return undefined;
  const relation: SourceRelation = { name, kind, span: lowering.locate(words.nameRange) };
  if (targetWord !== undefined) relation.target = targetWord.text;
  if (words.pivot !== undefined) relation.pivot = words.pivot;
  if (words.nullable === true) relation.nullable = true;
  if (words.onDelete !== undefined) relation.onDelete = words.onDelete;
  if (words.owner === true) relation.owner = true;
  return targetWord === undefined ? { relation } : { relation, targetSpan: lowering.locate(targetWord.range) };
}
