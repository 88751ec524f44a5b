import type { EmitContext } from '../../../context.js';
import { renderStubFiles, type EmitResult } from '../../../emit-result.js';
import { renderImports } from '../../values/php-literals.js';
import { LOGIN_REQUEST, REGISTER_REQUEST } from './auth-requests.js';
import { AUTH_USER_MODEL } from '../../values/auth-user.js';

export const AUTH_CONTROLLER_PATH = 'app/Http/Controllers/AuthController.php';

/** `app/Http/Controllers/AuthController.php` (`--auth`): register, login, logout and user, on Sanctum tokens. */
export function emitAuthController(ctx: EmitContext): EmitResult {
  return renderStubFiles(
    [
      {
        stub: 'controller.auth',
        path: AUTH_CONTROLLER_PATH,
        artifact: 'Controller',
        values: {
          namespace: 'App\\Http\\Controllers',
          imports: renderImports([
            `App\\Http\\Requests\\${LOGIN_REQUEST}`,
            `App\\Http\\Requests\\${REGISTER_REQUEST}`,
            AUTH_USER_MODEL,
            // The signed-in user, typed: `$request->user()` may be null as far as static analysis knows.
            'Illuminate\\Container\\Attributes\\CurrentUser',
            'Illuminate\\Http\\JsonResponse',
            'Illuminate\\Http\\Request',
            'Illuminate\\Http\\Response',
            'Illuminate\\Support\\Facades\\Hash',
            'Illuminate\\Validation\\ValidationException',
          ]),
          className: 'AuthController',
          loginRequest: LOGIN_REQUEST,
          registerRequest: REGISTER_REQUEST,
          userModel: 'User',
        },
      },
    ],
    ctx,
  );
}
