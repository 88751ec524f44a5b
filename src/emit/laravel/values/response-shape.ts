import type { Entity, ProjectFacts } from '../../../ir/ir.generated.js';
import { pluralStudly, snake } from '../../../passes/naming/str.js';
import { writesJsonApi } from './json-api.js';
import { phpString } from './php-literals.js';
import { JSON_API_ID, jsonApiAttributes, resourceAttributes } from '../artifacts/resource.js';

/**
 * Where the generated tests find things in the resource's answer. A standard resource is the row's array
 * under `data`; a JSON:API one (`--json-api`) is a resource object: the key as a string `id`, the `type`, the
 * fields under `attributes`, a relation under `relationships` and its rows under `included`.
 */
export interface ResponseShape {
  jsonApi: boolean;
  /** From a resource object to its key. */
  key: string;
  /** Put before `$model->getKey()` to compare it with the key answered: JSON:API answers it as a string. */
  keyCast: string;
  /** From a resource object to a field: `title`, or `attributes.title`. */
  attribute(name: string): string;
  /** A PHP array of fields as a resource object holds them (with its type), to compare under `data`. */
  withAttributes(fields: string): string;
  /** `assertJsonStructure`'s expectation of a row of a page. */
  rowStructure: string;
  /** A row as a resource object, from the PHP expression of its model's own JSON decoded to an array. */
  resourceObject(variable: string, modelJson: string): string;
  /**
   * `assertJsonStructure`'s expectation of a page whose rows have the relation `include` names; `related`
   * when every row has a related row, which a JSON:API document then answers under `included`.
   */
  includedStructure(relation: string, related: boolean): string;
  /** From the document to the key of the row a one-row relation (a morphTo) points at, in the row answered. */
  relatedKey(relation: string, ownerKey: string): string;
}

export function responseShape(entity: Entity, project: ProjectFacts): ResponseShape {
  return writesJsonApi(entity, project) ? jsonApiShape(entity) : standardShape(entity);
}

function standardShape(entity: Entity): ResponseShape {
  return {
    jsonApi: false,
    key: entity.primaryKey.column,
    keyCast: '',
    attribute: (name) => name,
    withAttributes: (fields) => fields,
    rowStructure: resourceAttributes(entity).map(phpString).join(', '),
    resourceObject: (_variable, modelJson) => modelJson,
    includedStructure: (relation) => `['data' => ['*' => [${phpString(relation)}]]]`,
    relatedKey: (relation, ownerKey) => `data.${relation}.${ownerKey}`,
  };
}

function jsonApiShape(entity: Entity): ResponseShape {
  const attributes = jsonApiAttributes(entity).map(phpString).join(', ');
  const type = phpString(jsonApiType(entity));
  return {
    jsonApi: true,
    key: JSON_API_ID,
    keyCast: '(string) ',
    attribute: (name) => `attributes.${name}`,
    withAttributes: (fields) => `['type' => ${type}, 'attributes' => ${fields}]`,
    rowStructure: `${phpString(JSON_API_ID)}, 'type', 'attributes' => [${attributes}]`,
    resourceObject: (variable, modelJson) =>
      `['id' => (string) $${variable}->getKey(), 'type' => ${type}, 'attributes' => Arr::except(${modelJson}, [${phpString(JSON_API_ID)}])]`,
    includedStructure: (relation, related) =>
      `['data' => ['*' => ['relationships' => [${phpString(relation)} => ['data']]]]${related ? ", 'included' => ['*' => ['id', 'type', 'attributes']]" : ''}]`,
    relatedKey: (relation) => `data.relationships.${relation}.data.id`,
  };
}

/** The `type` Laravel gives a resource class of its own: the class name less `Resource`, snake-cased, plural. */
export function jsonApiType(entity: Entity): string {
  return pluralStudly(snake(entity.naming.className));
}
