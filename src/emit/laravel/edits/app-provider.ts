import type { PatchResult } from '../../../diagnostics/patch-result.js';
import { newPhpParses, type PhpParses } from '../../../php/php-source.js';
import type { MorphAlias } from '../values/morph-aliases.js';
import { registerMorphMap } from './morph-map.js';
import { defineApiRateLimiter } from './rate-limiter.js';

/**
 * `AppServiceProvider::boot()`, one edit for the file: the `api` rate limiter, then the morph map when some model
 * has morph owners. The morph map's warnings point into the text the limiter's edit gave, which is the one written.
 */
export function editAppProvider(existing: string | undefined, aliases: readonly MorphAlias[], parses: PhpParses = newPhpParses()): PatchResult {
  const limited = defineApiRateLimiter(existing, parses);
  if (!limited.ok || aliases.length === 0) return limited;
  const mapped = registerMorphMap(limited.content, aliases, parses);
  if (!mapped.ok) return mapped;
  const warnings = [...(limited.warnings ?? []), ...(mapped.warnings ?? [])];
  return warnings.length === 0 ? { ok: true, content: mapped.content } : { ...mapped, warnings };
}
