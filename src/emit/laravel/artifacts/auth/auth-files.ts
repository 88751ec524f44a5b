import { error, type Diagnostic } from '../../../../diagnostics/diagnostic.js';
import type { Entity } from '../../../../ir/ir.generated.js';
import type { GeneratedFile } from '../../../../plan/file-plan.js';
import type { EmitContext } from '../../../context.js';
import { entityArtifactPaths } from '../../../artifacts.js';
import { AUTH_CONTROLLER_PATH, emitAuthController } from './auth-controller.js';
import { AUTH_REQUEST_PATHS, emitAuthRequests } from './auth-requests.js';
import { AUTH_TEST_PATH, emitAuthTest } from './auth-test.js';

const AUTH_PATHS: ReadonlySet<string> = new Set([AUTH_CONTROLLER_PATH, ...AUTH_REQUEST_PATHS, AUTH_TEST_PATH]);

/**
 * The files `--auth` writes once for the whole run, when any entity asks for it: AuthController, its two
 * requests and AuthTest, in Pest style when an auth entity's tests are. An entity whose own files would be
 * one of them (`Auth` writes AuthController) is refused: one of the two would overwrite the other. So is a `User`
 * entity fullapi generates itself (the project has no User model of its own): a plain model, not Laravel's
 * authenticatable one with `HasApiTokens`, which every token would fail against.
 */
export function authFiles(entities: readonly Entity[], ctx: EmitContext): { files: GeneratedFile[]; diagnostics: Diagnostic[] } {
  const authEntities = entities.filter((entity) => entity.options?.auth === true);
  if (authEntities.length === 0) return { files: [], diagnostics: [] };
  const clashes = [...entities.flatMap((entity) => authClashes(entity)), ...generatedUser(entities)];
  if (clashes.length > 0) return { files: [], diagnostics: clashes };
  const pest = authEntities.some((entity) => entity.options?.expressiveTests === true);
  const files: GeneratedFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const result of [emitAuthController(ctx), emitAuthRequests(ctx), emitAuthTest(pest, ctx)]) {
    if (result.ok) files.push(...result.files);
    else diagnostics.push(...result.diagnostics);
  }
  return { files, diagnostics };
}

function authClashes(entity: Entity): Diagnostic[] {
  return entityArtifactPaths(entity)
    .filter((path) => AUTH_PATHS.has(path))
    .map((path) =>
      error(
        'auth_file_clash',
        `the entity ${entity.naming.className} would write ${path}, which --auth writes for register, login and logout`,
        entity.span,
        `rename the entity (e.g. ${entity.naming.className}Entry), or generate without --auth`,
      ),
    );
}

function generatedUser(entities: readonly Entity[]): Diagnostic[] {
  const user = entities.find((entity) => entity.naming.className === 'User' && entity.existing === undefined);
  if (user === undefined) return [];
  return [
    error(
      'user_model_missing',
      '--auth needs the project\'s own App\\Models\\User (authenticatable, with HasApiTokens), and here fullapi would generate User as a plain model',
      user.span,
      'restore app/Models/User.php from the Laravel skeleton (fullapi then edits it in place), or generate without --auth',
    ),
  ];
}
