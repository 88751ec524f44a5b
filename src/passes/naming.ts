import type { Naming } from '../ir/ir.generated.js';
import { camel, kebab, pluralStudly, singular, snake, studly } from './naming/str.js';

/**
 * The names Laravel itself derives from a model class, in the order Laravel derives them:
 * the table from `Model::getTable()`, the route wildcard from `ResourceRegistrar::getResourceWildcard()`.
 */
export function nameEntity(entityName: string): Naming {
  const className = studly(entityName);
  const pluralClass = pluralStudly(className);
  const routeSegment = kebab(pluralClass);
  const routeParameter = singular(routeSegment).replaceAll('-', '_');
  return {
    className,
    table: snake(pluralClass),
    routeSegment,
    routeParameter,
    // Implicit binding matches the controller variable by name (or its snake case) only: `Media $media`
    // against `{medium}` silently receives an empty model.
    modelVariable: camel(routeParameter),
    snake: snake(className),
  };
}
