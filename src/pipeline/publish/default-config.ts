import { error } from '../../diagnostics/diagnostic.js';
import { emitterStubs } from '../../emit/artifact-table.js';
import { pageSizeConfigSource } from '../../emit/laravel/artifacts/page-size-config.js';
import type { RenderedStub } from '../../emit/render-stub.js';
import { DEFAULT_MAX_PER_PAGE, DEFAULT_PER_PAGE } from '../../project/read/page-size-config.js';

/**
 * `config/api-generator.php` with the default page sizes, from the built-in stubs: what `fullapi publish config`
 * writes into a project without one, and what the Composer package's `vendor:publish --tag=api-generator-config`
 * copies (scripts/build-composer-package.mjs renders it into the package).
 */
export function defaultConfigSource(builtInStubs: Readonly<Record<string, string>>): RenderedStub {
  const stubs = emitterStubs(builtInStubs);
  if (stubs.stubs === undefined) return { ok: false, diagnostic: stubs.diagnostics[0] ?? error('internal_error', "fullapi's built-in stubs cannot be read; reinstall fullapi.") };
  return pageSizeConfigSource(DEFAULT_PER_PAGE, DEFAULT_MAX_PER_PAGE, { stubs: stubs.stubs });
}
