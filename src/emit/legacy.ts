import { warning, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { CheckedModel } from '../ir/ir.generated.js';
import { studly } from '../passes/naming/str.js';

/**
 * 3.x named an entity's enum after the field alone (`App\Enums\Status`). 4.0 names it per entity and
 * field; the old class may still be used by the user's code, so it stays, and a warning names it.
 */
export function legacyEnumWarnings(model: CheckedModel, existingEnums: readonly string[]): Diagnostic[] {
  const existing = new Set(existingEnums);
  return model.entities.flatMap((entity) =>
    entity.fields.flatMap((field) => {
      const legacyClass = studly(field.name);
      const path = `app/Enums/${legacyClass}.php`;
      if (field.enumClass === undefined || legacyClass === field.enumClass.className || !existing.has(`${legacyClass}.php`)) return [];
      return [
        warning(
          'legacy_enum',
          `${path} (App\\Enums\\${legacyClass}) was written by an earlier version; ${entity.naming.className}.${field.name} now uses App\\Enums\\${field.enumClass.className}. The old enum stays in place: delete it once nothing uses it.`,
          path,
        ),
      ];
    }),
  );
}
