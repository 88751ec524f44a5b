import { block, CLASS_VALUES, flag, legacy, list, NAMES_3X, partialBlock, stub, text } from './declare.js';
import type { TypedName } from './model.js';

/** A many-to-many relation the service syncs: the relation method, and the DTO property holding the keys sent. */
export interface SyncedRelationValue {
  relation: string;
  property: string;
}

const MODEL = text('The model class.');
const MODEL_VARIABLE = text('The variable of the bound model, without `$`: the route parameter in camel case.');
const OWNER_RELATION = text("The belongsTo to the signed-in user that owns each row (`owner: true`): `user`; empty without an owner.");

/** The classes of the HTTP layer of an entity: controller, service, DTO, requests, resource, policy. */
export const HTTP_STUBS = {
  controller: stub('app/Http/Controllers/<Class>Controller.php: the actions, each asking the policy first.', {
    ...CLASS_VALUES,
    model: MODEL,
    modelVariable: MODEL_VARIABLE,
    routeParameter: text('The route parameter the model binds to: `{post}`, `{medium}` for Media.'),
    service: text('The service class.'),
    dto: text('The DTO class.'),
    storeRequest: text('The store request class.'),
    updateRequest: text('The update request class.'),
    resource: text('The resource class.'),
    ownerRelation: OWNER_RELATION,
    ownerKey: text("The owner's foreign key column, as the inside of a single-quoted PHP string: `user_id`; empty without an owner."),
    softDeleteActions: partialBlock('controller.soft-delete-actions', 'With soft deletes, `restore()` and `forceDelete()`, after a blank line; else empty.'),
    ...NAMES_3X,
    softDeleteMethods: legacy(partialBlock('controller.soft-delete-actions', '3.x: `{{softDeleteActions}}`, after a blank line, with their own indentation.')),
  }),
  'controller.soft-delete-actions': stub("The controller's `{{softDeleteActions}}`: its routes resolve a soft-deleted row too.", {
    model: MODEL,
    modelVariable: MODEL_VARIABLE,
    resource: text('The resource class.'),
  }),
  service: stub('app/Services/<Class>Service.php: the index query and the writes.', {
    ...CLASS_VALUES,
    model: MODEL,
    modelVariable: MODEL_VARIABLE,
    dto: text('The DTO class.'),
    primaryKey: text('The key column, as the inside of a single-quoted PHP string.'),
    ownerRelation: OWNER_RELATION,
    allowedFilters: block("The entries of `FILTERS`, one a line: `'title' => 'string',`."),
    allowedSorts: block("The entries of `SORTS`, one a line: `'title',`."),
    allowedIncludes: block("The entries of `INCLUDES`, one a line: `'author' => 'author',`."),
    toManyIncludes: block("The entries of `TO_MANY`, the relations of many rows, one a line: `'comments',`; empty when the entity has none."),
    maxIncluded: text('How many rows an include of a relation of many rows loads for each row at most.'),
    queryBuilder: flag('`--query-builder`: the index goes through spatie/laravel-query-builder.'),
    exactFilters: block("With `--query-builder`, the arguments of `allowedFilters()`, one a line: `AllowedFilter::exact('title'),` (a date column's `$this->dateFilter('born_on'),`)."),
    filtersDates: flag('A date column is filtered: the index compares its day (whereDate), with `--query-builder` through the service\'s own `dateFilter()`.'),
    dateFormats: text("The formats a date filter is read in, as PHP strings: `'Y-m-d'`; the date rule's `date_format`."),
    dateTimeFormats: text("The formats a date-and-time filter is read in, as PHP strings; the rule's `date_format`."),
    earliestDate: text("The earliest date and time a filter may name, a PHP string: `'1000-01-01 00:00:00'`."),
    latestDate: text("The latest date and time a filter may name, a PHP string: `'9999-12-31 23:59:59'`."),
    decimalPattern: text('The regular expression of a decimal filter value the column can hold, a PHP string.'),
    perPage: text('The default page size.'),
    maxPerPage: text('The largest page size.'),
    simplePagination: flag('`--simple-pagination`: the index pages without counting the rows.'),
    paginator: text('The class `paginate()` answers: `LengthAwarePaginator`, or `Paginator` with `--simple-pagination`.'),
    pageMethod: text("The builder's method that reads the page: `paginate`, or `simplePaginate` with `--simple-pagination`."),
    softDeletes: flag('The entity has soft deletes: `delete()` soft-deletes.'),
    softDeleteMethods: partialBlock('service.soft-delete-methods', 'With soft deletes, `restore()` and `forceDelete()`, after a blank line; else empty.'),
    syncedRelations: partialBlock('service.synced-relations', 'The sync of each many-to-many relation whose keys the client may send; empty without them.'),
    restrictingRelations: text("The relations whose rows refuse a delete, by the name the resource answers each under: `'order_items' => 'orderItems'`; empty without them."),
    stillReferencedMessage: text("The message of a refused delete's 409, a PHP string."),
    ...NAMES_3X,
    firstField: legacy(text('3.x: the first field, or `id` for an entity without fields.')),
  }),
  'service.soft-delete-methods': stub("The service's `{{softDeleteMethods}}`.", {
    model: MODEL,
    modelVariable: MODEL_VARIABLE,
  }),
  'service.synced-relations': stub("The service's `{{syncedRelations}}`, each sync followed by a blank line.", {
    modelVariable: MODEL_VARIABLE,
    relations: list<SyncedRelationValue>('Each relation to sync: `{relation: "tags", property: "tags"}`.'),
  }),
  dto: stub('app/DTO/<Class>DTO.php: the data of a row to save, knowing which fields the client sent.', {
    ...CLASS_VALUES,
    model: MODEL,
    modelName: NAMES_3X.modelName,
    paramTags: partialBlock('dto.param-tags', 'The `@param` lines of the properties whose PHP type says too little: `* @param  list<int>|null  $tags`.'),
    properties: partialBlock('dto.properties', 'The promoted constructor properties, one a line: `public ?string $title = null,`.'),
    attributesFromValidated: block("The named arguments of `fromValidated()`, one a line: `title: isset($validated['title']) ? ... : null,`."),
    attributes: block("The entries of `toArray()`, one a line: `'title' => $this->title,`."),
  }),
  'dto.param-tags': stub("The DTO's `{{paramTags}}`.", {
    properties: list<TypedName>('Each property whose PHP type says too little, with its docblock type: `{type: "list<int>", name: "tags"}`.'),
  }),
  'dto.properties': stub("The DTO's `{{properties}}`: every property nullable, null by default.", {
    properties: list<TypedName>('Each property with its PHP type: `{type: "string", name: "title"}`.'),
  }),
  'request.store': stub('app/Http/Requests/Store<Class>Request.php: the rules of a new row.', {
    ...CLASS_VALUES,
    prepareForValidation: partialBlock('request.prepare-for-validation', '`prepareForValidation()`, after a blank line, when the entity has text fields; else empty.'),
    rules: block("The entries of `rules()`, one a line: `'title' => ['required', 'string', 'max:255'],`."),
  }),
  'request.update': stub('app/Http/Requests/Update<Class>Request.php: the rules of a change, PUT or PATCH.', {
    ...CLASS_VALUES,
    prepareForValidation: partialBlock('request.prepare-for-validation', '`prepareForValidation()`, after a blank line, when the entity has text fields; else empty.'),
    rules: block("The entries of `rules()`, one a line: `'title' => ['sometimes', 'required', 'string', 'max:255'],`."),
  }),
  'request.prepare-for-validation': stub("The requests' `{{prepareForValidation}}`: a number sent for a text field becomes a string.", {
    fields: list<string>("The text fields as PHP strings: `'title'`."),
  }),
  resource: stub('app/Http/Resources/<Class>Resource.php: the row as the API answers it.', {
    ...CLASS_VALUES,
    model: MODEL,
    attributes: block("The entries of `toArray()`, one a line: `'title' => $this->title,`, then the loaded relations."),
    modelName: NAMES_3X.modelName,
    fields: legacy(block('3.x: `{{attributes}}`.')),
  }),
  'resource.json-api': stub('app/Http/Resources/<Class>Resource.php with `--json-api`: a JSON:API resource object.', {
    ...CLASS_VALUES,
    attributes: block("The entries of `$attributes`, one a line: `'title',`."),
    relationships: block("The entries of `$relationships`, one a line: `'author' => AuthorResource::class,`; empty without relations."),
  }),
  policy: stub('app/Policies/<Class>Policy.php: every ability allowed, guests included; with an owner, viewing and changing a row allowed to its owner only.', {
    ...CLASS_VALUES,
    model: MODEL,
    modelVariable: text('The variable of the model, without `$`; `model` when the entity is User.'),
    ownerRelation: OWNER_RELATION,
    modelName: NAMES_3X.modelName,
    modelNameLower: legacy(text('3.x: `{{modelVariable}}`.')),
  }),
} as const;
