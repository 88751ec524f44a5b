import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import { OPTION_FLAGS, type GenerationOption } from '../ir/generation-options.js';
import type { CheckedModel, GenerationOptions, ProjectFacts } from '../ir/ir.generated.js';

interface RequiredPackage {
  name: string;
  /** The commands that install it, in order. */
  install: readonly string[];
}

/** The Composer package an option's generated code runs on; options missing here need none. */
const REQUIRED_PACKAGES: Partial<Record<GenerationOption, RequiredPackage>> = {
  expressiveTests: { name: 'pestphp/pest', install: ['composer require pestphp/pest --dev --with-all-dependencies', './vendor/bin/pest --init'] },
};

/**
 * An error for each option that an entity asks for while composer.json lacks its package: at the flag when
 * the command line gave the option, else at each entity that asks for it (its schema or its record).
 */
export function missingOptionPackages(model: CheckedModel, facts: ProjectFacts, flagOptions: GenerationOptions | undefined): Diagnostic[] {
  const installed = new Set(facts.composerPackages ?? []);
  return Object.entries(REQUIRED_PACKAGES).flatMap(([option, required]) => {
    if (required === undefined || installed.has(required.name)) return [];
    const flag = OPTION_FLAGS[option as GenerationOption];
    const message = `${flag} writes code that needs ${required.name}, which composer.json does not require`;
    const hint = `install it first: ${required.install.join(', then ')}`;
    if (flagOptions?.[option as GenerationOption] === true) return [error('option_package_missing', message, { flag }, hint)];
    return model.entities
      .filter((entity) => entity.options?.[option as GenerationOption] === true)
      .map((entity) => error('option_package_missing', `${entity.naming.className}: ${message}`, entity.span, hint));
  });
}
