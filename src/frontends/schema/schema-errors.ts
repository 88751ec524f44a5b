import type { ErrorObject } from 'ajv/dist/2020.js';
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { nearestWord } from '../../diagnostics/nearest-word.js';
import { isString, nodeAtPointer, plainValue, type DocNode, type Located, type Range } from '../../text/doc-node.js';
import type { Locate } from '../../text/positions.js';

/** How a file's own language calls its collections, so messages use the user's words. */
export type Flavor = 'yaml' | 'json';

/** A JSON Schema error placed in the file; `onString` when it is about a string the lowering reads word by word. */
export interface SchemaProblem {
  diagnostic: Diagnostic;
  onString: boolean;
}

/** A validator ajv compiled: whether the data fits, and when it does not, why on `errors`. */
export interface SchemaValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/**
 * Every place the document breaks its JSON Schema, at the YAML/JSON node concerned. `validator` is the
 * schema's, compiled by ajv at build time (scripts/generate-schema-types.mjs) with every error and its data.
 */
export function schemaProblems(schema: Readonly<Record<string, unknown>>, validator: SchemaValidator, root: DocNode, locate: Locate, flavor: Flavor): SchemaProblem[] {
  if (validator(plainValue(root))) return [];
  const describe = describer(schema, root, locate, flavor);
  return withoutSettledAlternatives(validator.errors ?? []).map(describe);
}

/**
 * An anyOf (a field is a string or a mapping) fails with one error per alternative. When the value's
 * type picks one alternative, only that alternative's errors say anything useful; when none fits, the
 * anyOf error alone does ("must be a string or a mapping").
 */
function withoutSettledAlternatives(errors: readonly ErrorObject[]): ErrorObject[] {
  const dropped = new Set<ErrorObject>();
  errors.forEach((alternatives, index) => {
    if (alternatives.keyword !== 'anyOf' && alternatives.keyword !== 'oneOf') return;
    const path = alternatives.instancePath;
    const inner: ErrorObject[] = [];
    // ajv writes an alternative's errors just before the anyOf's own.
    for (let i = index - 1; i >= 0; i--) {
      const candidate = errors[i];
      if (candidate === undefined || !(candidate.instancePath === path || candidate.instancePath.startsWith(`${path}/`))) break;
      inner.push(candidate);
    }
    const misfits = inner.filter((e) => e.instancePath === path && e.keyword === 'type');
    const branches = Array.isArray(alternatives.schema) ? alternatives.schema.length : 0;
    if (branches - misfits.length === 1) {
      dropped.add(alternatives);
      misfits.forEach((e) => dropped.add(e));
    } else {
      inner.forEach((e) => dropped.add(e));
    }
  });
  return errors.filter((e) => !dropped.has(e));
}

function describer(schema: Readonly<Record<string, unknown>>, root: DocNode, locate: Locate, flavor: Flavor) {
  const shapes: Readonly<Record<string, string>> = {
    object: flavor === 'yaml' ? 'a mapping' : 'an object',
    array: flavor === 'yaml' ? 'a list' : 'an array',
    string: 'a string',
    boolean: 'true or false',
    number: 'a number',
    integer: 'a whole number',
    null: 'null',
  };
  const shapeOf = (types: unknown): string[] => (Array.isArray(types) ? types : [types]).map((t) => shapes[String(t)] ?? String(t));
  return (e: ErrorObject): SchemaProblem => {
    const located = nodeAtPointer(root, e.instancePath) ?? { node: root };
    const label = labelOf(e.instancePath);
    const at = (range: Range, message: string, hint?: string): SchemaProblem => ({
      diagnostic: error('invalid_schema', message, locate(range), hint),
      onString: isString(located.node),
    });
    switch (e.keyword) {
      case 'additionalProperties': {
        const unknown = String(e.params['additionalProperty']);
        const known = Object.keys((e.parentSchema?.['properties'] as object | undefined) ?? {});
        const entry = located.node.kind === 'map' ? located.node.entries.find((candidate) => candidate.key === unknown) : undefined;
        const suggestion = nearestWord(unknown, known);
        const message = `unknown key "${unknown}"${suggestion === undefined ? '' : `; did you mean "${suggestion}"?`}`;
        const hint = known.length === 0 ? undefined : `known keys here: ${known.join(', ')}`;
        return { diagnostic: error('unknown_key', message, locate(entry?.keyRange ?? pointAt(located)), hint), onString: false };
      }
      case 'required': {
        const missing = String(e.params['missingProperty']);
        const property = (e.parentSchema?.['properties'] as Record<string, Record<string, unknown>> | undefined)?.[missing];
        const description = property === undefined ? undefined : resolve(schema, property)['description'];
        return at(pointAt(located), `${label} is missing "${missing}"`, typeof description === 'string' ? description : undefined);
      }
      case 'type': {
        const expected = shapeOf(e.params['type']).join(' or ');
        const message = e.data === null ? `${label} is empty: it must be ${expected}` : `${label} must be ${expected}`;
        return at(pointAt(located), message);
      }
      case 'enum':
        return at(pointAt(located), `${label} must be one of: ${(e.params['allowedValues'] as unknown[]).join(', ')}`);
      case 'anyOf':
      case 'oneOf': {
        const branches = Array.isArray(e.schema) ? (e.schema as Record<string, unknown>[]) : [];
        const expected = [...new Set(branches.flatMap((branch) => shapeOf(resolve(schema, branch)['type'])))];
        return at(pointAt(located), `${label} must be ${expected.join(' or ')}`);
      }
      default:
        return at(pointAt(located), `${label} ${e.message ?? 'is not valid'}`);
    }
  };
}

/**
 * Where a value's problem shows: a scalar itself; a mapping or list by its key, since it spans lines;
 * an empty value (YAML's `name:` alone) by its key too, as there is nothing else to underline.
 */
function pointAt(located: Located): Range {
  const { node, entry } = located;
  if (entry === undefined) return node.range;
  return node.kind === 'scalar' && node.range.end > node.range.start ? node.range : entry.keyRange;
}

/** The key or list position a pointer ends on, as a reader names it: "nullable", item 2 of "attributes". */
function labelOf(pointer: string): string {
  const tokens = pointer.split('/').slice(1).map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
  const last = tokens.at(-1);
  if (last === undefined) return 'the file';
  if (!/^\d+$/.test(last)) return `"${last}"`;
  const list = tokens.at(-2);
  return list === undefined ? `entry ${Number(last) + 1}` : `item ${Number(last) + 1} of "${list}"`;
}

/** A schema behind a local $ref (#/$defs/Name), for the shapes an anyOf accepts. */
function resolve(root: Readonly<Record<string, unknown>>, schema: Record<string, unknown>): Record<string, unknown> {
  const ref = schema['$ref'];
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  const target = ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, token) => (node as Record<string, unknown> | undefined)?.[token], root);
  return (target as Record<string, unknown> | undefined) ?? schema;
}
