import type { EmitContext } from '../../../context.js';
import type { StubName } from '../../../artifact-table.js';
import { renderStubFiles, type EmitResult } from '../../../emit-result.js';
import { renderImports } from '../../values/php-literals.js';
import { REQUEST_NAMESPACE } from '../requests.js';

export const LOGIN_REQUEST = 'LoginRequest';
export const REGISTER_REQUEST = 'RegisterRequest';

const AUTH_REQUESTS: readonly { stub: StubName; className: string }[] = [
  { stub: 'request.login', className: LOGIN_REQUEST },
  { stub: 'request.register', className: REGISTER_REQUEST },
];

function authRequestPath(className: string): string {
  return `app/Http/Requests/${className}.php`;
}

export const AUTH_REQUEST_PATHS: readonly string[] = AUTH_REQUESTS.map(({ className }) => authRequestPath(className));

/** `app/Http/Requests/LoginRequest.php` and `RegisterRequest.php` (`--auth`): the bodies AuthController validates. */
export function emitAuthRequests(ctx: EmitContext): EmitResult {
  const imports = renderImports(['Illuminate\\Contracts\\Validation\\ValidationRule', 'Illuminate\\Foundation\\Http\\FormRequest']);
  return renderStubFiles(
    AUTH_REQUESTS.map(({ stub, className }) => ({
      stub,
      path: authRequestPath(className),
      artifact: 'Request',
      values: { namespace: REQUEST_NAMESPACE, imports, className },
    })),
    ctx,
  );
}
