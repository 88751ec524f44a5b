import type { Diagnostic } from '../../../diagnostics/diagnostic.js';
import type { Entity } from '../../../ir/ir.generated.js';
import { isSecretName } from '../../../passes/secrets.js';
import type { PatchResult } from '../../../diagnostics/patch-result.js';
import { castEntries, propertyTags } from '../artifacts/model.js';
import { readsMany, relationImports, relationMethods, relationReadTags } from '../values/model-relations.js';
import { renderWithPartials, type StubRendering } from '../../emit-result.js';
import type { EmitterValues } from '../values/stub-values/registry.js';
import { qualifiedEnumClass } from '../values/field-types.js';
import { phpString } from '../values/php-literals.js';
import { clientColumns, writableColumns } from '../values/relation-columns.js';
import { appendToArray } from '../../../php/insertions.js';
import { ensureClassImports } from '../../../php/use-block.js';
import {
  children,
  closingBracket,
  expressionEnd,
  failedPatch,
  finishPatch,
  indentAt,
  leafEnd,
  lineStart,
  missingFile,
  nameOf,
  newPhpParses,
  start,
  statementEnd,
  tokensBetween,
  type Edit,
  type PhpFile,
  type PhpParses,
} from '../../../php/php-source.js';
import { castKeys, parseModelClass, type ModelClass, type NameList } from '../../../php/model-class.js';

const ELOQUENT = 'Illuminate\\Database\\Eloquent';
const COLLECTION = `${ELOQUENT}\\Collection`;

/**
 * The edit of a model the project already has (Laravel's `User`), through the PHP parser: what the entity
 * needs and the model lacks is added, and nothing the user wrote is changed or removed. The fillable
 * columns, the secrets in `$hidden`, the casts, the relation methods and the `@property` tags of the class
 * docblock are completed where the model keeps them (properties, or Laravel 13's class attributes), or
 * declared when it has none, from the partial stubs a generated model's are (model.fillable, model.hidden,
 * model.casts, model.relations: a published one shapes both); `SoftDeletes` and `HasFactory` join its traits
 * when missing. A model that already has everything is left byte for byte.
 */
export function integrateModel(existing: string | undefined, entity: Entity, path: string, rendering: StubRendering, parses: PhpParses = newPhpParses()): PatchResult {
  if (existing === undefined) return missingFile(path, `Restore ${path}, or remove the entity ${entity.naming.className}, then run fullapi again.`);
  const read = parseModelClass(parses, path, existing);
  if (!read.ok) return failedPatch(read.diagnostic);
  const { file, model } = read.value;
  const edits: Edit[] = [];
  const imports: string[] = [];
  const members: string[] = [];
  const blocks = memberBlocks(rendering);

  const fillable = missing(model.fillable, clientColumns(entity).map((field) => field.name));
  if (model.fillable !== undefined) edits.push(...appendNames(file, model.fillable, fillable));
  else if (!model.guarded && fillable.length > 0) members.push(blocks.render('model.fillable', { fillable: fillable.map(phpString) }));

  const secrets = [...entity.fields.filter((field) => field.secret === true).map((field) => field.name), ...(entity.existing?.tableColumns ?? []).filter(isSecretName)];
  const hidden = missing(model.hidden, [...new Set(secrets)]);
  if (model.hidden !== undefined) edits.push(...appendNames(file, model.hidden, hidden));
  else if (hidden.length > 0) members.push(blocks.render('model.hidden', { hidden: hidden.map(phpString) }));

  const cast = castKeys(model.casts);
  const castFields = writableColumns(entity).filter((field) => !cast.has(field.name));
  const casts = castEntries(castFields);
  imports.push(...castFields.filter((field) => field.type === 'enum').map(qualifiedEnumClass));
  if (model.casts !== undefined) edits.push(...(casts.length === 0 ? [] : appendToArray(file, model.casts, casts)));
  else if (casts.length > 0) members.push(blocks.render('model.casts', { casts }));

  const traits = missingTraits(model, entity);
  imports.push(...traits.map((trait) => TRAIT_CLASS[trait]));

  const relations = entity.relations.filter((relation) => !model.methods.has(relation.name.toLowerCase()));
  const withRelations = { ...entity, relations };
  // An empty class gets its methods with the rest of what opens its body.
  const methods = relationMethods(withRelations).map((method) => blocks.render('model.relations', { relations: [method] }));
  if (model.members.length === 0) members.push(...methods.splice(0));
  // The collection type is named by the tags only, which bring their own imports.
  imports.push(...relationImports(withRelations).filter((name) => name !== COLLECTION), ...(relations.some((relation) => relation.kind === 'morphTo') ? [`${ELOQUENT}\\Model`] : []));

  const tags = missingTags(file, model, entity);
  imports.push(...tags.imports);

  const [failed] = blocks.failures;
  if (failed !== undefined) return failedPatch(failed);
  edits.push(...traitEdits(file, model, traits, members), ...memberEdits(file, model, methods), ...docblockEdits(file, model, tags.lines));
  if (edits.length === 0) return { ok: true, content: existing };
  const imported = ensureClassImports(file, model.statements, [...new Set(imports)]);
  if (!imported.ok) return failedPatch(imported.diagnostic);
  return finishPatch(file, [...edits, ...imported.value.edits], imported.value.tail, parses);
}

type MemberStub = 'model.fillable' | 'model.hidden' | 'model.casts' | 'model.relations';

/** Member blocks rendered from their stubs, without the blank lines a stub ends with; a stub that fails is kept to report. */
function memberBlocks(rendering: StubRendering): { render<N extends MemberStub>(name: N, values: EmitterValues<N>): string; failures: Diagnostic[] } {
  const failures: Diagnostic[] = [];
  return {
    render(name, values) {
      const rendered = renderWithPartials(name, values, rendering);
      if (!rendered.ok) failures.push(rendered.diagnostic);
      return rendered.ok ? rendered.text.replace(/\n+$/, '') : '';
    },
    failures,
  };
}

/** A docblock of the lines, for a class that has none or a summary on one line. */
function docblock(lines: readonly string[]): string {
  return ['/**', ...lines.map((line) => (line === '' ? ' *' : ` * ${line}`)), ' */'].join('\n');
}

const TRAIT_CLASS = {
  HasFactory: `${ELOQUENT}\\Factories\\HasFactory`,
  SoftDeletes: `${ELOQUENT}\\SoftDeletes`,
} as const;

type TraitName = keyof typeof TRAIT_CLASS;

function missing(list: NameList | undefined, wanted: readonly string[]): string[] {
  const present = new Set(list?.names ?? []);
  return wanted.filter((name) => !present.has(name));
}

/** New names at the end of a list, in an array or as an attribute's arguments. */
function appendNames(file: PhpFile, list: NameList, names: readonly string[]): Edit[] {
  if (names.length === 0) return [];
  const items = names.map(phpString);
  if (list.kind === 'array') return appendToArray(file, list.node, items);
  const last = children(list.node, 'args').at(-1);
  if (last === undefined) return [];
  const end = expressionEnd(file, start(last));
  return [{ start: end, end, text: `, ${items.join(', ')}` }];
}

/** The factory the tests use, and soft deletes when the entity has them; the model's own traits are kept. */
function missingTraits(model: ModelClass, entity: Entity): TraitName[] {
  const used = usedTraits(model);
  const wanted: TraitName[] = ['HasFactory', ...(entity.softDeletes ? (['SoftDeletes'] as const) : [])];
  return wanted.filter((trait) => !used.has(trait.toLowerCase()));
}

/** The short names of the traits the class uses, lower-cased: `use \Laravel\Sanctum\HasApiTokens;` counts as `hasapitokens`. */
export function usedTraits(model: ModelClass): Set<string> {
  return new Set(model.traitUses.flatMap((use) => children(use, 'traits').map((trait) => (nameOf(trait) ?? '').split('\\').pop()?.toLowerCase() ?? '')));
}

/** The class body's `{`, and the indentation of its members. */
function classBody(file: PhpFile, model: ModelClass): { open: number; close: number; indent: string } {
  const open = tokensBetween(file, start(model.classNode), file.text.length).find((token) => token.type === '{')?.start ?? file.text.length;
  const close = closingBracket(file, open);
  const [first] = model.members;
  const indent = first === undefined ? indentAt(file.text, start(model.classNode)) + '    ' : indentAt(file.text, start(first));
  return { open, close, indent };
}

function indented(file: PhpFile, block: string, indent: string): string {
  return block
    .split('\n')
    .map((line) => (line === '' ? '' : indent + line))
    .join(file.eol);
}

/**
 * The traits joined to the first `use` of traits, in Pint's alphabetical order, and the new properties (and
 * `casts()`) right after it, each after a blank line; in a class with no trait, a `use` line opens the body.
 */
export function traitEdits(file: PhpFile, model: ModelClass, traits: readonly string[], members: readonly string[]): Edit[] {
  const { open, close, indent } = classBody(file, model);
  const blocks = members.map((member) => indented(file, member, indent));
  const firstUse = model.traitUses.find((use) => use.adaptations === null || use.adaptations === undefined);
  if (firstUse === undefined) {
    const head = [...(traits.length > 0 ? [`${indent}use ${[...traits].sort(byName).join(', ')};`] : []), ...blocks];
    if (head.length === 0) return [];
    const empty = model.members.length === 0;
    const text = file.eol + head.join(file.eol + file.eol) + file.eol + (empty ? indentAt(file.text, close) : '');
    return [{ start: open + 1, end: empty ? close : open + 1, text }];
  }
  const edits: Edit[] = [];
  const written = children(firstUse, 'traits');
  const [firstTrait] = written;
  const lastTrait = written.at(-1);
  if (traits.length > 0 && firstTrait !== undefined && lastTrait !== undefined) {
    const names = [...written.map((trait) => file.text.slice(start(trait), leafEnd(trait))), ...traits].sort(byName);
    edits.push({ start: start(firstTrait), end: leafEnd(lastTrait), text: names.join(', ') });
  }
  const lastUse = model.traitUses.at(-1) ?? firstUse;
  if (blocks.length > 0) {
    const at = statementEnd(file, lastUse);
    edits.push({ start: at, end: at, text: blocks.map((block) => file.eol + file.eol + block).join('') });
  }
  return edits;
}

/** Pint's `ordered_traits`: by name, case-insensitively. */
function byName(a: string, b: string): number {
  const [left, right] = [a.toLowerCase(), b.toLowerCase()];
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The relation methods at the end of the class, each after a blank line. */
function memberEdits(file: PhpFile, model: ModelClass, methods: readonly string[]): Edit[] {
  if (methods.length === 0) return [];
  const { close, indent } = classBody(file, model);
  const at = lineStart(file.text, close);
  const blocks = methods.map((method) => indented(file, method, indent) + file.eol);
  return [{ start: at, end: at, text: (model.members.length === 0 ? '' : file.eol) + blocks.join(file.eol) }];
}

/** The `@property` tags the class docblock lacks, by attribute name, and the classes their types name. */
function missingTags(file: PhpFile, model: ModelClass, entity: Entity): { lines: string[]; imports: string[] } {
  const written = new Set([...(docblockOf(file, model)?.text ?? '').matchAll(/@property(?:-read|-write)?\s+[^$\n]*\$(\w+)/g)].map((match) => match[1]));
  const properties = propertyTags(entity).filter((tag) => !written.has(tag.name));
  const relations = entity.relations.filter((relation) => !written.has(relation.name));
  return {
    lines: [...properties.map((tag) => `@property ${tag.type} $${tag.name}`), ...relationReadTags({ ...entity, relations }).map((tag) => `@property-read ${tag.type} $${tag.name}`)],
    imports: [
      ...properties.flatMap((tag) => tag.imports),
      ...(relations.some((relation) => readsMany(relation.kind)) ? [COLLECTION] : []),
      ...(relations.some((relation) => relation.kind === 'morphTo') ? [`${ELOQUENT}\\Model`] : []),
    ],
  };
}

/** The doc comment right above the class (and its attributes), if any. */
function docblockOf(file: PhpFile, model: ModelClass): { start: number; end: number; text: string } | undefined {
  const before = tokensBetween(file, 0, model.declarationStart);
  for (let index = before.length - 1; index >= 0; index--) {
    const token = before[index];
    if (token?.type === 'T_WHITESPACE') continue;
    return token?.type === 'T_DOC_COMMENT' ? { start: token.start, end: token.end, text: token.text } : undefined;
  }
  return undefined;
}

/**
 * The tags after the docblock's last `@property` line, or at its end after a blank line; a docblock on one
 * line is opened up; a class without one gets one.
 */
function docblockEdits(file: PhpFile, model: ModelClass, tags: readonly string[]): Edit[] {
  if (tags.length === 0) return [];
  const doc = docblockOf(file, model);
  const lineAt = lineStart(file.text, doc?.start ?? model.declarationStart);
  const indent = indentAt(file.text, doc?.start ?? model.declarationStart);
  const tagLines = tags.map((tag) => `${indent} * ${tag}`);
  if (doc === undefined) {
    return [{ start: lineAt, end: lineAt, text: indented(file, docblock(tags), indent) + file.eol }];
  }
  const lines = doc.text.split('\n').map((line) => line.replace(/\r$/, ''));
  if (lines.length === 1) {
    const summary = doc.text.replace(/^\/\*\*\s*/, '').replace(/\s*\*\/$/, '');
    const body = summary === '' ? tags : [summary, '', ...tags];
    return [{ start: doc.start, end: doc.end, text: indented(file, docblock(body), indent).slice(indent.length) }];
  }
  const lastTag = lines.reduce((last, line, index) => (/^\s*\*\s*@property/.test(line) ? index : last), -1);
  const closing = lines.length - 1;
  const insertBefore = lastTag === -1 ? closing : lastTag + 1;
  const offset = doc.start + lines.slice(0, insertBefore).reduce((sum, line) => sum + line.length + file.eol.length, 0);
  const hasContent = lines.slice(1, closing).some((line) => line.replace(/^\s*\*/, '').trim() !== '');
  const separator = lastTag === -1 && hasContent ? [`${indent} *`] : [];
  const at = lineStart(file.text, offset);
  return [{ start: at, end: at, text: [...separator, ...tagLines].map((line) => line + file.eol).join('') }];
}

