import { error } from '../../../diagnostics/diagnostic.js';
import type { Span } from '../../../ir/ir.generated.js';
import type { PatchResult } from '../../../diagnostics/patch-result.js';
import { failedPatch, finishPatch, newPhpParses, type PhpParses } from '../../../php/php-source.js';
import { ensureClassImports } from '../../../php/use-block.js';
import { parseModelClass } from '../../../php/model-class.js';
import { traitEdits, usedTraits } from './model-edit.js';

export const USER_MODEL_PATH = 'app/Models/User.php';
const HAS_API_TOKENS = 'Laravel\\Sanctum\\HasApiTokens';

/**
 * Gives the project's `User` model Sanctum's `HasApiTokens` (without it a token authenticates nobody), joined to its
 * traits in Pint's order and imported. A model that already uses a `HasApiTokens` (imported or written fully
 * qualified) is left byte for byte. `asking` is where `--auth` was asked for, for the error of a project without the model.
 */
export function addApiTokens(existing: string | undefined, path: string, asking: Span, parses: PhpParses = newPhpParses()): PatchResult {
  if (existing === undefined) {
    const message = `--auth needs the project's App\\Models\\User (the AuthController registers and logs in users), and ${path} does not exist`;
    return failedPatch(error('user_model_missing', message, asking, `Restore ${path} from the Laravel skeleton, or leave out --auth.`));
  }
  const read = parseModelClass(parses, path, existing);
  if (!read.ok) return failedPatch(read.diagnostic);
  const { file, model } = read.value;
  if (usedTraits(model).has('hasapitokens')) return { ok: true, content: existing };
  const imported = ensureClassImports(file, model.statements, [HAS_API_TOKENS]);
  if (!imported.ok) return failedPatch(imported.diagnostic);
  return finishPatch(file, [...traitEdits(file, model, ['HasApiTokens'], []), ...imported.value.edits], imported.value.tail, parses);
}
