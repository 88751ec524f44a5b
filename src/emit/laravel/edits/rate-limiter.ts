import type { PatchResult } from '../../../diagnostics/patch-result.js';
import { failedPatch, finishPatch, child, children, missingFile, nameOf, newPhpParses, stringValue, walk, type PhpParses } from '../../../php/php-source.js';
import { ensureClassImports } from '../../../php/use-block.js';
import { addToBoot, locateProvider, PROVIDER_PATH } from './morph-map.js';

const LIMITER_IMPORTS = ['Illuminate\\Cache\\RateLimiting\\Limit', 'Illuminate\\Http\\Request', 'Illuminate\\Support\\Facades\\RateLimiter'];
/** Laravel's documented default: sixty requests a minute for each user, or each address for a guest. */
const API_LIMITER = "RateLimiter::for('api', fn (Request $request) => Limit::perMinute(60)->by($request->user()?->id ?: $request->ip()));";

/**
 * Defines the `api` rate limiter that `throttleApi()` in bootstrap/app.php names (without it every request under
 * `api/*` would answer 429), at the end of `AppServiceProvider::boot()`, unless the provider defines one already
 * (a `::for('api', ...)` call anywhere in it): then the project's limit is the one that counts.
 */
export function defineApiRateLimiter(existing: string | undefined, parses: PhpParses = newPhpParses()): PatchResult {
  if (existing === undefined) return missingFile(PROVIDER_PATH, `Restore ${PROVIDER_PATH} from the Laravel skeleton, then run fullapi again.`);
  const parsed = parses.parse(PROVIDER_PATH, existing);
  if (!parsed.ok) return failedPatch(parsed.diagnostic);
  const file = parsed.value;
  let defined = false;
  walk(file.program, (node) => {
    const lookup = node.kind === 'call' ? child(node, 'what') : undefined;
    if (lookup?.kind === 'staticlookup' && nameOf(child(lookup, 'offset'))?.toLowerCase() === 'for' && stringValue(children(node, 'arguments')[0]) === 'api') defined = true;
  });
  if (defined) return { ok: true, content: existing };
  const provider = locateProvider(file);
  if (!provider.ok) return failedPatch(provider.diagnostic);
  const { statements, layout, boot, body } = provider.value;
  const imports = ensureClassImports(file, statements, LIMITER_IMPORTS, layout);
  if (!imports.ok) return failedPatch(imports.diagnostic);
  return finishPatch(file, [...imports.value.edits, ...addToBoot(file, boot, body, [API_LIMITER])], imports.value.tail, parses);
}
