import type { Entity, Field, FieldType, RelationKind } from '../../../ir/ir.generated.js';
import { names3x } from '../values/legacy-stubs.js';
import { chosenFields } from '../../../passes/index-query.js';
import { AUTH_USER_MODEL } from '../values/auth-user.js';
import { ownerOf } from '../values/owner.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult } from '../../emit-result.js';
import { DTO_NAMESPACE, dtoClassName } from './dto.js';
import { writesJsonApi } from '../values/json-api.js';
import { phpString, phpStringBody, renderImports } from '../values/php-literals.js';
import { foreignKeyField } from '../values/relation-columns.js';
import { answeredRelationName } from './resource.js';
import { syncedRelations } from '../values/synced-relations.js';
import { decimalDigits, DEFAULT_DECIMAL_DIGITS } from '../../../ir/column-sizes.js';
import { DATE_FORMATS, DATE_RANGE, DATE_TIME_FORMATS } from '../values/validation-rules.js';
import { partial } from '../values/stub-values/registry.js';

/** Relations of many rows: an include of one is capped at MAX_INCLUDED rows for each row. */
const TO_MANY_KINDS: ReadonlySet<RelationKind> = new Set(['hasMany', 'belongsToMany', 'morphMany']);
/** Enough for a page of a client's own, few enough that a row with thousands of children answers as fast as one with none. */
const MAX_INCLUDED = 25;

export const SERVICE_NAMESPACE = 'App\\Services';

export function serviceClassName(entity: Entity): string {
  return `${entity.naming.className}Service`;
}

/** How the service reads a filter value for a column, so that a value the column cannot hold is ignored. */
export type FilterType = 'string' | 'integer' | 'bigint' | 'decimal' | 'number' | 'boolean' | 'date' | 'datetime' | 'uuid';

/**
 * The type a `filter[<field>]` value is read as. Null: neither filtered nor sorted on, because PostgreSQL has
 * no equality nor ordering for a `json` column.
 */
export const FILTER_TYPE: Record<FieldType, FilterType | null> = {
  string: 'string',
  text: 'string',
  boolean: 'boolean',
  integer: 'integer',
  bigint: 'bigint',
  float: 'number',
  decimal: 'decimal',
  json: null,
  date: 'date',
  datetime: 'datetime',
  timestamp: 'datetime',
  uuid: 'uuid',
  enum: 'string',
};

/**
 * A decimal filter value the entity's decimal columns hold: no exponent, no more digits before or after the point
 * than the widest of them keeps (one pattern serves every decimal filter of the service).
 */
export function decimalFilterPattern(entity: Entity): string {
  const sized = entity.fields.flatMap((field) => (field.type === 'decimal' ? [decimalDigits(field.size)] : []));
  const digits = sized.length === 0 ? [DEFAULT_DECIMAL_DIGITS] : sized;
  const whole = Math.max(1, ...digits.map(({ precision, scale }) => precision - scale));
  const scale = Math.max(0, ...digits.map((digit) => digit.scale));
  const fraction = scale === 0 ? '' : `(\\.[0-9]{1,${scale}})?`;
  return `^-?[0-9]{1,${whole}}${fraction}$`;
}

/** A column `filter[<column>]` matches, with the type its value is read as. */
export interface IndexFilter {
  column: string;
  type: FilterType;
}

/**
 * What the index allows: the filtered columns and the sorted ones (`sort=<column>`, `sort=-<column>`). The foreign
 * keys (each has an index) and the fields the entity chose (chosenFields: all but the secrets when it marks none),
 * each of a type the service can read a value of.
 */
export function indexQuery(entity: Entity): { filters: IndexFilter[]; sorts: string[] } {
  const readable = (fields: readonly Field[]): IndexFilter[] =>
    fields.flatMap((field): IndexFilter[] => {
      const type = FILTER_TYPE[field.type];
      return type === null ? [] : [{ column: field.name, type }];
    });
  // Every row of an owner's index has the same owner.
  const ownerKey = ownerOf(entity)?.foreignKey;
  const foreignKeys = entity.foreignKeys.filter((key) => key.column !== ownerKey).map(foreignKeyField);
  const filters = readable([...foreignKeys, ...chosenFields(entity.fields, 'filterable')]);
  const sortedFields = readable([...foreignKeys, ...chosenFields(entity.fields, 'sortable')]).map((field) => field.column);
  // The key orders every page already, and has its index: it stays sortable whatever the marks say.
  const key = sortedFields.includes(entity.primaryKey.column) ? [] : [entity.primaryKey.column];
  const sorts = [...key, ...sortedFields, ...(entity.timestamps === false ? [] : ['created_at', 'updated_at'])];
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
  const owner = ownerOf(entity);
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
            'DateTimeImmutable',
            'DateTimeZone',
            ...(queryBuilder ? queryBuilderImports(queried, entity.softDeletes) : ['Illuminate\\Database\\Eloquent\\Builder']),
            ...(entity.relations.some((relation) => TO_MANY_KINDS.has(relation.kind)) ? ['Illuminate\\Database\\Eloquent\\Model', 'Illuminate\\Database\\Eloquent\\Relations\\Relation'] : []),
            'Illuminate\\Database\\QueryException',
            `Illuminate\\Pagination\\${pageOf(entity).paginator}`,
            ...(synced.length > 0 ? ['Illuminate\\Support\\Facades\\DB'] : []),
            'Illuminate\\Support\\Str',
            ...(owner === undefined ? [] : [AUTH_USER_MODEL]),
          ]),
          className: serviceClassName(entity),
          model: className,
          modelVariable: entity.naming.modelVariable,
          dto: dtoClassName(entity),
          primaryKey: phpStringBody(entity.primaryKey.column),
          ownerRelation: owner?.name ?? '',
          allowedFilters: queried.map((field) => `${phpString(field.column)} => ${phpString(field.type)},`).join('\n'),
          allowedSorts: sorts.map((column) => `${phpString(column)},`).join('\n'),
          queryBuilder,
          // The package's trashed filter reads filter[trashed]=with|only as the service's own does.
          exactFilters: queryBuilder ? [...queried.map(allowedFilter), ...(entity.softDeletes ? ['AllowedFilter::trashed(),'] : [])].join('\n') : '',
          filtersDates: queried.some((filter) => filter.type === 'date'),
          dateFormats: DATE_FORMATS.map(phpString).join(', '),
          dateTimeFormats: DATE_TIME_FORMATS.map(phpString).join(', '),
          earliestDate: phpString(DATE_RANGE.earliest),
          latestDate: phpString(DATE_RANGE.latest),
          decimalPattern: phpString(`/${decimalFilterPattern(entity)}/`),
          perPage: String(ctx.project.perPage),
          maxPerPage: String(ctx.project.maxPerPage),
          simplePagination: entity.options?.simplePagination === true,
          ...pageOf(entity),
          softDeletes: entity.softDeletes,
          softDeleteMethods: entity.softDeletes ? partial('service.soft-delete-methods', { model: className, modelVariable: entity.naming.modelVariable }) : '',
          allowedIncludes: entity.relations.map((relation) => `${phpString(answeredRelationName(relation.name, jsonApi))} => ${phpString(relation.name)},`).join('\n'),
          toManyIncludes: entity.relations
            .filter((relation) => TO_MANY_KINDS.has(relation.kind))
            .map((relation) => `${phpString(relation.name)},`)
            .join('\n'),
          maxIncluded: String(MAX_INCLUDED),
          syncedRelations:
            synced.length === 0
              ? ''
              : partial('service.synced-relations', { modelVariable: entity.naming.modelVariable, relations: synced.map(({ relation, property }) => ({ relation, property })) }),
          restrictingRelations: restrictingRelations(entity)
            .map((relation) => `${phpString(answeredRelationName(relation, jsonApi))} => ${phpString(relation)}`)
            .join(', '),
          stillReferencedMessage: phpString(`This ${entity.naming.snake.replace(/_/g, ' ')} cannot be deleted: other rows still refer to it.`),
          ...names3x(entity),
          firstField: entity.fields[0]?.name ?? 'id',
        },
      },
    ],
    ctx,
  );
}

/**
 * How the index reads its page: Laravel's length-aware paginator counts the rows for `total` and `last_page`;
 * with `--simple-pagination` its simple paginator reads one row past the page instead, and counts nothing.
 */
function pageOf(entity: Entity): { paginator: 'LengthAwarePaginator' | 'Paginator'; pageMethod: 'paginate' | 'simplePaginate' } {
  return entity.options?.simplePagination === true ? { paginator: 'Paginator', pageMethod: 'simplePaginate' } : { paginator: 'LengthAwarePaginator', pageMethod: 'paginate' };
}

/**
 * What the index of `--query-builder` uses (spatie/laravel-query-builder): the package's builder, its filters
 * when there is a column to filter (and Eloquent's builder for a date's), and the request it reads the allowed
 * query string from.
 */
function queryBuilderImports(filters: readonly IndexFilter[], softDeletes: boolean): string[] {
  return [
    ...(filters.some((filter) => filter.type === 'date') ? ['Illuminate\\Database\\Eloquent\\Builder'] : []),
    'Illuminate\\Http\\Request',
    ...(filters.length > 0 || softDeletes ? ['Spatie\\QueryBuilder\\AllowedFilter'] : []),
    'Spatie\\QueryBuilder\\QueryBuilder',
  ];
}

/** The package's exact filter, or the service's own for a date, which compares the day alone (whereDate). */
function allowedFilter(filter: IndexFilter): string {
  return filter.type === 'date' ? `$this->dateFilter(${phpString(filter.column)}),` : `AllowedFilter::exact(${phpString(filter.column)}),`;
}

/**
 * The relations whose rows a deletion would leave pointing at nothing, so it is refused while they have rows: the
 * hasOne and hasMany whose children's foreign key restricts it, and every morphOne and morphMany, whose
 * children's `<name>_id` no foreign key guards.
 */
function restrictingRelations(entity: Entity): string[] {
  return entity.relations.flatMap((relation) => {
    const restricts = relation.kind === 'morphOne' || relation.kind === 'morphMany' || ((relation.kind === 'hasOne' || relation.kind === 'hasMany') && relation.onDelete === 'restrict');
    return restricts ? [relation.name] : [];
  });
}
