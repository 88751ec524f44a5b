import type { EmitContext } from '../../../context.js';
import { renderStubFiles, type EmitResult } from '../../../emit-result.js';
import { renderImports } from '../../values/php-literals.js';
import { REQUEST_NAMESPACE } from '../requests.js';

export const LOGIN_REQUEST = 'LoginRequest';
export const REGISTER_REQUEST = 'RegisterRequest';

function authRequestPath(className: string): string {
  return `app/Http/Requests/${className}.php`;
}

export const AUTH_REQUEST_PATHS: readonly string[] = [LOGIN_REQUEST, REGISTER_REQUEST].map(authRequestPath);

/** `app/Http/Requests/LoginRequest.php` and `RegisterRequest.php` (`--auth`): the bodies AuthController validates. */
export function emitAuthRequests(ctx: EmitContext): EmitResult {
  const imports = renderImports(['Illuminate\\Contracts\\Validation\\ValidationRule', 'Illuminate\\Foundation\\Http\\FormRequest']);
  return renderStubFiles(
    [
      { stub: 'request.login', path: authRequestPath(LOGIN_REQUEST), artifact: 'Request', values: { namespace: REQUEST_NAMESPACE, imports, className: LOGIN_REQUEST } },
      { stub: 'request.register', path: authRequestPath(REGISTER_REQUEST), artifact: 'Request', values: { namespace: REQUEST_NAMESPACE, imports, className: REGISTER_REQUEST } },
    ],
    ctx,
  );
}
