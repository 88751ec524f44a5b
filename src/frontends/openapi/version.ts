import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { Span } from '../../ir/ir.generated.js';
import { keySpan, type Origins } from './origins.js';
import { isObject } from './schema-shape.js';

/** The versions read. Each spells null its own way (x-nullable, nullable, a "null" type); the lowering accepts all three in any, as tools mix them. */
export type OpenApiVersion = '2.0' | '3.0' | '3.1';

/** The version the root's `openapi` or `swagger` key names, or why the document is not one read here. */
export function openApiVersion(document: unknown, origins: Origins, rootFile: string): { version: OpenApiVersion } | { problem: Diagnostic } {
  const start: Span = { file: rootFile, line: 1, column: 1 };
  if (!isObject(document)) return { problem: error('openapi_not_supported', 'the document is not a mapping, so not an OpenAPI document', start) };
  const openapi = document['openapi'];
  const swagger = document['swagger'];
  if (openapi === undefined && swagger === undefined) {
    return { problem: error('openapi_not_supported', 'the document has no "openapi" or "swagger" key, so is not an OpenAPI document', start, 'an OpenAPI document opens with openapi: 3.1.0, or swagger: "2.0"') };
  }
  const key = openapi === undefined ? 'swagger' : 'openapi';
  const written = String(openapi ?? swagger);
  const version = key === 'swagger' ? (/^2\.0(?:\.\d+)?$/.test(written) ? '2.0' : undefined) : /^3\.([01])\.\d+/.exec(written)?.[1];
  const span = keySpan(origins, document, key) ?? start;
  if (version === undefined) return { problem: error('openapi_not_supported', `${key} ${written} is not a version read here`, span, 'fullapi reads Swagger 2.0, OpenAPI 3.0 and 3.1') };
  return { version: version === '2.0' ? '2.0' : version === '0' ? '3.0' : '3.1' };
}
