import type { Entity, FieldType } from '../../../ir/ir.generated.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult } from '../../emit-result.js';
import { DTO_NAMESPACE, dtoClassName } from './dto.js';
import { writesJsonApi } from '../values/json-api.js';
import { phpString, phpStringBody, renderImports } from '../values/php-literals.js';
import { writableColumns } from '../values/relation-columns.js';
import { answeredRelationName } from './resource.js';
import { syncedRelations } from '../values/synced-relations.js';
import { partial } from '../values/stub-values/registry.js';

export const SERVICE_NAMESPACE = 'App\\Services';

export function serviceClassName(entity: Entity): string {
  return `${entity.naming.className}Service`;
}

/** How the service reads a filter value for a column, so that a value the column cannot hold is ignored. */
export type FilterType = 'string' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'uuid';

/**
 * The type a `filter[<field>]` value is read as. Null: neither filtered nor sorted on, because PostgreSQL has
 * no equality nor ordering for a `json` column.
 */
export const FILTER_TYPE: Record<FieldType, FilterType | null> = {
  string: 'string',
  text: 'string',
  boolean: 'boolean',
  integer: 'integer',
  bigint: 'integer',
  float: 'number',
  decimal: 'number',
  json: null,
  date: 'date',
  datetime: 'datetime',
  timestamp: 'datetime',
  uuid: 'uuid',
  enum: 'string',
};

/** A column `filter[<column>]` matches, with the type its value is read as. */
export interface IndexFilter {
  column: string;
  type: FilterType;
}

/** What the index allows: the filtered columns and the sorted ones (`sort=<column>`, `sort=-<column>`). */
export function indexQuery(entity: Entity): { filters: IndexFilter[]; sorts: string[] } {
  const filters = writableColumns(entity).flatMap((field): IndexFilter[] => {
    // A filter on a secret would let a client guess it one request at a time.
    const type = field.secret === true ? null : FILTER_TYPE[field.type];
    return type === null ? [] : [{ column: field.name, type }];
  });
  // A custom key is a field already; the conventional id is not.
  const key = entity.primaryKey.custom ? [] : [entity.primaryKey.column];
  const sorts = [...key, ...filters.map((field) => field.column), ...(entity.timestamps === false ? [] : ['created_at', 'updated_at'])];
  return { filters, sorts };
}

/**
 * `app/Services/<Class>Service.php`: the index query (filters, sorts, page size, all from allow-lists) and the
 * writes, which always save the DTO's `toArray()`: only the fields the client sent.
 */
export function servicePath(entity: Entity): string {
  return `app/Services/${serviceClassName(entity)}.php`;
}

export function emitService(entity: Entity, ctx: EmitContext): EmitResult {
  const { className } = entity.naming;
  const { filters: queried, sorts } = indexQuery(entity);
  const synced = syncedRelations(entity);
  const jsonApi = writesJsonApi(entity, ctx.project);
  const queryBuilder = entity.options?.queryBuilder === true;
  return renderStubFiles(
    [
      {
        stub: 'service',
        path: servicePath(entity),
        artifact: 'Service',
        values: {
          namespace: SERVICE_NAMESPACE,
          imports: renderImports([
            `App\\Models\\${className}`,
            `${DTO_NAMESPACE}\\${dtoClassName(entity)}`,
            'Closure',
            ...(queryBuilder ? queryBuilderImports(queried.length > 0) : ['Illuminate\\Database\\Eloquent\\Builder']),
            'Illuminate\\Database\\QueryException',
            'Illuminate\\Pagination\\LengthAwarePaginator',
            ...(synced.length > 0 ? ['Illuminate\\Support\\Facades\\DB'] : []),
            'Illuminate\\Support\\Str',
          ]),
          className: serviceClassName(entity),
          model: className,
          modelVariable: entity.naming.modelVariable,
          dto: dtoClassName(entity),
          primaryKey: phpStringBody(entity.primaryKey.column),
          allowedFilters: queried.map((field) => `${phpString(field.column)} => ${phpString(field.type)},`).join('\n'),
          allowedSorts: sorts.map((column) => `${phpString(column)},`).join('\n'),
          queryBuilder,
          exactFilters: queryBuilder ? queried.map((field) => `AllowedFilter::exact(${phpString(field.column)}),`).join('\n') : '',
          perPage: String(ctx.project.perPage),
          maxPerPage: String(ctx.project.maxPerPage),
          softDeletes: entity.softDeletes,
          softDeleteMethods: entity.softDeletes ? partial('service.soft-delete-methods', { model: className, modelVariable: entity.naming.modelVariable }) : '',
          allowedIncludes: entity.relations.map((relation) => `${phpString(answeredRelationName(relation.name, jsonApi))} => ${phpString(relation.name)},`).join('\n'),
          syncedRelations:
            synced.length === 0
              ? ''
              : partial('service.synced-relations', { modelVariable: entity.naming.modelVariable, relations: synced.map(({ relation, property }) => ({ relation, property })) }),
          restrictingRelations: restrictingRelations(entity).map(phpString).join(', '),
          stillReferencedMessage: phpString(`This ${entity.naming.snake.replace(/_/g, ' ')} cannot be deleted: other rows still refer to it.`),
        },
      },
    ],
    ctx,
  );
}

/**
 * What the index of `--query-builder` uses (spatie/laravel-query-builder): the package's builder, its exact
 * filter when there is a column to filter, and the request it reads the allowed query string from.
 */
function queryBuilderImports(filtered: boolean): string[] {
  return ['Illuminate\\Http\\Request', ...(filtered ? ['Spatie\\QueryBuilder\\AllowedFilter'] : []), 'Spatie\\QueryBuilder\\QueryBuilder'];
}

/**
 * The hasOne and hasMany whose children's foreign key restricts the deletion of their parent: a delete is
 * refused while they have rows.
 */
function restrictingRelations(entity: Entity): string[] {
  return entity.relations.flatMap((relation) =>
    (relation.kind === 'hasOne' || relation.kind === 'hasMany') && relation.onDelete === 'restrict' ? [relation.name] : [],
  );
}
