import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { EnumCase, EnumClass, SourceField } from '../ir/ir.generated.js';
import { studly } from './naming/str.js';
import { isReservedConstantName } from './php-names.js';

/**
 * One backed enum per entity and field, `App\Enums\<Entity><Field>` (4.0 naming: two entities may both
 * have a `status` without sharing a class).
 */
export function enumClassOf(entityClass: string, field: SourceField): { enumClass?: EnumClass; diagnostics: Diagnostic[] } {
  if (field.type !== 'enum') return { diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  const cases: EnumCase[] = [];
  const byCaseName = new Map<string, string>();
  for (const value of field.enumValues ?? []) {
    const caseName = caseNameOf(value);
    if (caseName === undefined || isReservedConstantName(caseName)) {
      diagnostics.push(error('bad_enum_values', `enum value "${value}" of ${field.name} cannot become a PHP enum case name`, field.span));
      continue;
    }
    const clash = byCaseName.get(caseName);
    if (clash !== undefined) {
      diagnostics.push(
        error('bad_enum_values', `enum values "${clash}" and "${value}" of ${field.name} both become the case ${caseName}`, field.span),
      );
      continue;
    }
    byCaseName.set(caseName, value);
    cases.push({ caseName, value });
  }
  const [first, ...rest] = cases;
  if (first === undefined && diagnostics.length === 0) diagnostics.push(error('bad_enum_values', `the enum ${field.name} has no values: a backed enum needs one case at least`, field.span));
  if (diagnostics.length > 0 || first === undefined) return { diagnostics };
  return { enumClass: { className: `${entityClass}${studly(field.name)}`, cases: [first, ...rest] }, diagnostics };
}

/** `in-progress` gives `InProgress`, `2fa` gives `Value2fa`: a case name must not start with a digit. */
function caseNameOf(value: string): string | undefined {
  const words = value.replace(/[^A-Za-z0-9]+/g, ' ').trim();
  if (words === '') return undefined;
  const name = studly(words);
  return /^[0-9]/.test(name) ? `Value${name}` : name;
}
