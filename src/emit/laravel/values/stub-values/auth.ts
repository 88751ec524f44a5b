import { CLASS_VALUES, stub, text } from './declare.js';

const USER_MODEL = text("The project's user model class.");

/** The files `--auth` writes once per run. */
export const AUTH_STUBS = {
  'controller.auth': stub('app/Http/Controllers/AuthController.php: register, login, logout and user, on Sanctum tokens.', {
    ...CLASS_VALUES,
    loginRequest: text('The login request class.'),
    registerRequest: text('The register request class.'),
    userModel: USER_MODEL,
  }),
  'request.login': stub('app/Http/Requests/LoginRequest.php: the credentials of a login.', CLASS_VALUES),
  'request.register': stub('app/Http/Requests/RegisterRequest.php: a new user.', CLASS_VALUES),
  'test.auth': stub('tests/Feature/AuthTest.php: register, login, logout and user with real tokens, as a PHPUnit class.', {
    ...CLASS_VALUES,
    userModel: USER_MODEL,
  }),
  'test.auth.pest': stub('tests/Feature/AuthTest.php with `--expressive-tests`: the same cases in Pest.', {
    imports: CLASS_VALUES.imports,
    userModel: USER_MODEL,
  }),
} as const;
