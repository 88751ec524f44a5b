import type { Entity, ProjectFacts } from '../../ir/ir.generated.js';
import { writesJsonApi } from '../laravel/values/json-api.js';
import { answeredRelationName } from '../laravel/artifacts/resource.js';
import { decimalFilterPattern, indexQuery, type FilterType } from '../laravel/artifacts/service.js';
import type { JsonObject, JsonSchema } from './json-schema.js';

/**
 * The parameters of an entity's routes: the member routes' wildcard, named as `apiResource` names it
 * (Naming.routeParameter), and the index's query string as the service reads it (indexQuery): unknown names and
 * unreadable values are ignored there, so none of these can make a request fail.
 */

export function pathParameter(entity: Entity): JsonObject {
  const key = entity.primaryKey;
  return {
    name: entity.naming.routeParameter,
    in: 'path',
    required: true,
    description: `The ${key.column} of the ${entity.naming.className}.`,
    schema: { type: key.keyType === 'int' ? 'integer' : 'string' },
  };
}

/** How the service reads a filter value of each type (service.stub's filterValue); a decimal's pattern is the entity's. */
const FILTER_SCHEMA: Record<Exclude<FilterType, 'decimal'>, JsonSchema> = {
  string: { type: 'string' },
  integer: { type: 'integer', minimum: -2147483648, maximum: 2147483647 },
  bigint: { type: 'integer' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  date: { type: 'string', format: 'date' },
  datetime: { type: 'string', format: 'date-time' },
  uuid: { type: 'string', format: 'uuid' },
};

export function indexParameters(entity: Entity, project: ProjectFacts): JsonObject[] {
  const { filters, sorts } = indexQuery(entity);
  const queryBuilder = entity.options?.queryBuilder === true;
  const filterParameters = filters.map(
    (filter): JsonObject => ({
      name: `filter[${filter.column}]`,
      in: 'query',
      description: queryBuilder
        ? `Only the rows whose ${filter.column} equals the value (a comma lists values, any of which matches); an unreadable value is ignored.`
        : `Only the rows whose ${filter.column} equals the value; an unreadable value is ignored.`,
      schema: filter.type === 'decimal' ? { type: 'string', pattern: decimalFilterPattern(entity) } : FILTER_SCHEMA[filter.type],
    }),
  );
  const sortValues = sorts.flatMap((column) => [column, `-${column}`]);
  const trashed: JsonObject[] = entity.softDeletes
    ? [
        {
          name: 'filter[trashed]',
          in: 'query',
          description: '`with`: the soft-deleted rows too; `only`: those alone (the rows restore and force-delete take). Anything else: none of them.',
          schema: { type: 'string', enum: ['with', 'only'] },
        },
      ]
    : [];
  return [
    ...filterParameters,
    ...trashed,
    {
      name: 'sort',
      in: 'query',
      description: 'Columns to order by, comma-separated, in order; `-` before a column orders it descending. Other names are ignored; the key orders last.',
      style: 'form',
      explode: false,
      schema: { type: 'array', items: { type: 'string', enum: sortValues } },
    },
    { name: 'page', in: 'query', description: 'The page, from 1; anything else is page 1.', schema: { type: 'integer', minimum: 1, default: 1 } },
    {
      name: 'per_page',
      in: 'query',
      description: `Rows per page, at most ${project.maxPerPage} (a larger number gives ${project.maxPerPage}); anything else is ${project.perPage}.`,
      schema: { type: 'integer', minimum: 1, maximum: project.maxPerPage, default: project.perPage },
    },
    ...includeParameters(entity, project),
  ];
}

/** `include=a,b`: the relations the index and show may load, by the name the resource answers them under. */
export function includeParameters(entity: Entity, project: ProjectFacts): JsonObject[] {
  if (entity.relations.length === 0) return [];
  const jsonApi = writesJsonApi(entity, project);
  const names = entity.relations.map((relation) => answeredRelationName(relation.name, jsonApi));
  return [
    {
      name: 'include',
      in: 'query',
      description: 'Relations to load with the rows, comma-separated; other names are ignored.',
      style: 'form',
      explode: false,
      schema: { type: 'array', items: { type: 'string', enum: names } },
    },
  ];
}
