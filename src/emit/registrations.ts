import type { PatchResult } from '../diagnostics/patch-result.js';
import type { Span } from '../ir/ir.generated.js';
import type { PhpParses } from '../php/php-source.js';
import { addApiTokens } from './laravel/edits/api-tokens.js';
import type { ResourceRoute } from './laravel/edits/api-routes.js';
import { registerRoutes } from './laravel/edits/auth-routes.js';
import { registerApiRouting } from './laravel/edits/bootstrap-app.js';
import { registerSeeders } from './laravel/edits/database-seeder.js';
import { registerGuestResponses, registerApiDefaults } from './laravel/edits/guest-responses.js';
import { editAppProvider } from './laravel/edits/app-provider.js';
import { registerPestConfig } from './laravel/edits/pest-config.js';
import type { MorphAlias } from './laravel/values/morph-aliases.js';

/**
 * An edit that registers the entities in a file the user owns, as data: which edit, what it registers, and the
 * text of the file it edits (undefined when the file is not there). A watch session keeps each edit's result
 * by all of it (emit/memory.ts): a save nearly always applies the same registrations to the same texts.
 */
export type Registration = { existing: string | undefined } & (
  | { edit: 'routes'; routes: readonly ResourceRoute[] }
  | { edit: 'api routing' }
  | { edit: 'guest responses' }
  | { edit: 'api defaults' }
  | { edit: 'seeders'; seeders: readonly string[] }
  | { edit: 'app provider'; aliases: readonly MorphAlias[] }
  | { edit: 'pest config' }
  | { edit: 'api tokens'; path: string; asking: Span }
);

export function applyRegistration(registration: Registration, php: PhpParses): PatchResult {
  const { existing } = registration;
  switch (registration.edit) {
    case 'routes':
      return registerRoutes(existing, registration.routes, php);
    case 'api routing':
      return registerApiRouting(existing, php);
    case 'guest responses':
      return registerGuestResponses(existing, php);
    case 'api defaults':
      return registerApiDefaults(existing, php);
    case 'seeders':
      return registerSeeders(existing, registration.seeders, php);
    case 'app provider':
      return editAppProvider(existing, registration.aliases, php);
    case 'pest config':
      return registerPestConfig(existing, php);
    case 'api tokens':
      return addApiTokens(existing, registration.path, registration.asking, php);
  }
}
