import { warningAt, type Diagnostic } from '../../../diagnostics/diagnostic.js';
import { OPTION_FLAGS } from '../../../ir/options.js';
import type { Entity, ProjectFacts } from '../../../ir/ir.generated.js';

/** The release that added `Illuminate\Http\Resources\JsonApi\JsonApiResource` (checked against the framework's tags). */
const JSON_API_SINCE: readonly [number, number] = [12, 45];

/**
 * Whether the project's Laravel has JsonApiResource: every 13, and a 12 installed (or locked) at 12.45 or
 * later. A 12 known only by its constraint, or installed from a branch (`12.x-dev`), is not known to have it.
 */
export function hasJsonApiResource(project: ProjectFacts): boolean {
  if (project.framework > JSON_API_SINCE[0]) return true;
  const release = /^v?(\d+)\.(\d+)\.\d+/.exec(project.frameworkVersion ?? '');
  if (release === null) return false;
  const [major, minor] = [Number(release[1]), Number(release[2])];
  return major > JSON_API_SINCE[0] || (major === JSON_API_SINCE[0] && minor >= JSON_API_SINCE[1]);
}

/** The entity's resource is a JSON:API document: it asks for one and the project's Laravel can answer it. */
export function writesJsonApi(entity: Entity, project: ProjectFacts): boolean {
  return entity.options?.jsonApi === true && hasJsonApiResource(project);
}

/**
 * `json_api_unavailable` when the project's Laravel predates JsonApiResource: one at `--json-api` when the command
 * line asked for it, else one at each entity whose input did. Those entities get a standard resource; the option
 * stays recorded, so a regeneration after the upgrade writes the JSON:API one.
 */
export function jsonApiUnavailable(entities: readonly Entity[], project: ProjectFacts, askedByFlag: boolean): Diagnostic[] {
  if (hasJsonApiResource(project)) return [];
  const asking = entities.filter((entity) => entity.options?.jsonApi === true);
  if (asking.length === 0) return [];
  const installed = project.frameworkVersion === undefined ? `Laravel ${project.framework} (neither vendor/composer/installed.json nor composer.lock records its version)` : `laravel/framework ${project.frameworkVersion}`;
  const message = (what: string): string =>
    `${what} gets a standard resource: JsonApiResource needs Laravel ${JSON_API_SINCE.join('.')} or later, and the project has ${installed}.`;
  const hint = 'Run composer update laravel/framework (then fullapi make again) for the JSON:API resource.';
  if (askedByFlag) return [warningAt('json_api_unavailable', message('Every entity'), { flag: OPTION_FLAGS.jsonApi }, hint)];
  return asking.map((entity) => warningAt('json_api_unavailable', message(entity.naming.className), entity.span, hint));
}

/**
 * `json_api_reserved_field` at each field named `type` of an entity answered as JSON:API: the JSON:API format
 * keeps `type` (and `id`) for the resource object itself, so a client library may refuse or drop the attribute,
 * though Laravel answers it under `attributes`.
 */
export function jsonApiReservedFields(entities: readonly Entity[], project: ProjectFacts): Diagnostic[] {
  return entities
    .filter((entity) => writesJsonApi(entity, project))
    .flatMap((entity) =>
      entity.fields
        .filter((field) => field.name === 'type')
        .map((field) =>
          warningAt(
            'json_api_reserved_field',
            `${entity.naming.className}.type is answered as an attribute named type, which the JSON:API format reserves for the resource object's own type`,
            field.span,
            'Rename the field (e.g. kind) if a JSON:API client refuses it.',
          ),
        ),
    );
}
