import type { EmitContext } from '../../../context.js';
import { renderStubFiles, type EmitResult } from '../../../emit-result.js';
import { renderImports } from '../../values/php-literals.js';
import { AUTH_USER_MODEL } from '../../values/auth-user.js';

export const AUTH_TEST_PATH = 'tests/Feature/AuthTest.php';

/**
 * `tests/Feature/AuthTest.php` (`--auth`): register, login, a wrong password, user, logout and a request
 * without a token, with real tokens. In Pest style when `pest` (an auth entity's tests are Pest's).
 */
export function emitAuthTest(pest: boolean, ctx: EmitContext): EmitResult {
  const imports = [AUTH_USER_MODEL, 'Illuminate\\Support\\Facades\\Hash'];
  // Pest's tests/Pest.php gives the folder its TestCase and RefreshDatabase (registrations/pest-config.ts).
  const testClass: Record<string, string> = pest
    ? { imports: renderImports(imports) }
    : {
        namespace: 'Tests\\Feature',
        imports: renderImports([...imports, 'Illuminate\\Foundation\\Testing\\RefreshDatabase', 'Tests\\TestCase']),
        className: 'AuthTest',
      };
  return renderStubFiles(
    [{ stub: pest ? 'test.auth.pest' : 'test.auth', path: AUTH_TEST_PATH, artifact: 'FeatureTest', values: { ...testClass, userModel: 'User' } }],
    ctx,
  );
}
