import { warning, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { CheckedModel, Entity, Field } from '../ir/ir.generated.js';
import { studly } from '../passes/naming/str.js';

/**
 * Warnings about files an earlier version of the generator wrote and 4.0 no longer uses.
 */

/** Where 3.x wrote the enum of a field: `app/Enums/Status.php`, named after the field alone. */
export function legacyEnumPath(field: Field): string {
  return `app/Enums/${studly(field.name)}.php`;
}

/** Where 3.x wrote the one request class validating both create and update. */
export function legacyRequestPath(entity: Entity): string {
  return `app/Http/Requests/${entity.naming.className}Request.php`;
}

/**
 * 3.x named an entity's enum after the field alone (`App\Enums\Status`). 4.0 names it per entity and
 * field; the old class may still be used by the user's code, so it stays, and a warning names it.
 */
export function legacyEnumWarnings(model: CheckedModel, existingEnums: readonly string[]): Diagnostic[] {
  const existing = new Set(existingEnums);
  return model.entities.flatMap((entity) =>
    entity.fields.flatMap((field) => {
      const legacyClass = studly(field.name);
      const path = legacyEnumPath(field);
      if (field.type !== 'enum' || legacyClass === field.enumClass.className || !existing.has(`${legacyClass}.php`)) return [];
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

/**
 * 3.x validated both create and update with one `<Entity>Request`; 4.0 splits it. The old class is no
 * longer used after regeneration, but it is the user's to delete.
 */
export function legacyRequestWarnings(model: CheckedModel, existingRequests: readonly string[]): Diagnostic[] {
  const existing = new Set(existingRequests);
  return model.entities.flatMap((entity) => {
    const path = legacyRequestPath(entity);
    if (!existing.has(path.slice(path.lastIndexOf('/') + 1))) return [];
    return [
      warning(
        'legacy_request',
        `${path} was written by an earlier version and is no longer used: ${entity.naming.className} now validates with Store${entity.naming.className}Request and Update${entity.naming.className}Request. Delete it once nothing uses it.`,
        path,
      ),
    ];
  });
}
