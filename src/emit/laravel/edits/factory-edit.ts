import type { Entity } from '../../../ir/ir.generated.js';
import type { PatchResult } from '../../../diagnostics/patch-result.js';
import { fieldFactoryExpression } from '../artifacts/factory.js';
import { qualifiedEnumClass } from '../values/field-types.js';
import { phpString } from '../values/php-literals.js';
import { parentClassOf } from '../values/relation-columns.js';
import { appendToArray } from '../../../php/insertions.js';
import { failedPatch, finishPatch, missingFile, nameOf, newPhpParses, shapeError, start, type PhpParses } from '../../../php/php-source.js';
import { ensureClassImports } from '../../../php/use-block.js';
import { castKeys, parseModelClass, returnedArray } from '../../../php/model-class.js';

/**
 * The edit of a factory the project already has (Laravel's `UserFactory`): each column the API writes that
 * `definition()` does not fill gets the value a generated factory would give it (a name-shaped one where the
 * name says what the column holds), at the end of the array it
 * returns. Its own values, states and helpers are kept as they are.
 */
export function integrateFactory(existing: string | undefined, entity: Entity, path: string, parses: PhpParses = newPhpParses()): PatchResult {
  if (existing === undefined) return missingFile(path, `Restore ${path}, then run fullapi again.`);
  const read = parseModelClass(parses, path, existing);
  if (!read.ok) return failedPatch(read.diagnostic);
  const { file, model: factory } = read.value;
  const definition = factory.members.find((member) => member.kind === 'method' && nameOf(member)?.toLowerCase() === 'definition');
  const array = returnedArray(definition);
  if (array === undefined) {
    const message = `${path}: definition() does not end by returning an array literal, so fullapi cannot add the values of ${entity.naming.className}'s new columns`;
    return failedPatch(shapeError(file, start(definition ?? factory.classNode), message, 'Make definition() end with `return [...];`, then run fullapi again.'));
  }
  const filled = castKeys(array);
  const parents = entity.foreignKeys
    .filter((foreignKey) => !filled.has(foreignKey.column))
    .map((foreignKey) => ({ column: foreignKey.column, parent: parentClassOf(entity, foreignKey) }));
  const fields = entity.fields.filter((field) => !filled.has(field.name));
  const entries = [
    ...parents.map(({ column, parent }) => `${phpString(column)} => ${parent === undefined ? 'null' : `${parent}::factory()`}`),
    ...fields.map((field) => `${phpString(field.name)} => ${fieldFactoryExpression(entity, field)}`),
  ];
  if (entries.length === 0) return { ok: true, content: existing };
  const imports = [
    ...parents.flatMap(({ parent }) => (parent === undefined ? [] : [`App\\Models\\${parent}`])),
    ...fields.filter((field) => field.type === 'enum').map(qualifiedEnumClass),
  ];
  const imported = ensureClassImports(file, factory.statements, [...new Set(imports)]);
  if (!imported.ok) return failedPatch(imported.diagnostic);
  return finishPatch(file, [...appendToArray(file, array, entries), ...imported.value.edits], imported.value.tail, parses);
}
