import type { EmitContext } from '../../../context.js';
import { renderStubFiles, type EmitResult, type StubFile } from '../../../emit-result.js';
import { renderImports } from '../../values/php-literals.js';
import { AUTH_USER_MODEL } from '../../values/auth-user.js';

export const AUTH_TEST_PATH = 'tests/Feature/AuthTest.php';

/**
 * `tests/Feature/AuthTest.php` (`--auth`): register, login, a wrong password, user, logout and a request
 * without a token, with real tokens. In Pest style when `pest` (an auth entity's tests are Pest's).
 */
export function emitAuthTest(pest: boolean, ctx: EmitContext): EmitResult {
  const imports = [AUTH_USER_MODEL, 'Illuminate\\Support\\Facades\\Hash'];
  // Pest's tests/Pest.php gives the folder its TestCase and RefreshDatabase (edits/pest-config.ts).
  const file: StubFile = pest
    ? { stub: 'test.auth.pest', path: AUTH_TEST_PATH, artifact: 'FeatureTest', values: { imports: renderImports(imports), userModel: 'User' } }
    : {
        stub: 'test.auth',
        path: AUTH_TEST_PATH,
        artifact: 'FeatureTest',
        values: {
          namespace: 'Tests\\Feature',
          imports: renderImports([...imports, 'Illuminate\\Foundation\\Testing\\RefreshDatabase', 'Tests\\TestCase']),
          className: 'AuthTest',
          userModel: 'User',
        },
      };
  return renderStubFiles([file], ctx);
}
