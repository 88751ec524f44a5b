import { error, warningAt, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { type GenerationOption } from '../../ir/generation-options.js';
import { OPTION_FLAGS } from '../../ir/options.js';
import type { CheckedModel, GenerationOptions, ProjectFacts } from '../../ir/ir.generated.js';

/** A Composer package the generated code of an option calls into. */
interface RequiredPackage {
  name: string;
  install: string;
}

/** The options whose generated code needs a package the application installs itself. */
const REQUIRED_PACKAGES: Partial<Readonly<Record<GenerationOption, RequiredPackage>>> = {
  auth: { name: 'laravel/sanctum', install: 'composer require laravel/sanctum, then php artisan install:api' },
  queryBuilder: { name: 'spatie/laravel-query-builder', install: 'composer require spatie/laravel-query-builder' },
  expressiveTests: { name: 'pestphp/pest', install: 'composer require pestphp/pest --dev --with-all-dependencies, then ./vendor/bin/pest --init' },
};

/**
 * One `package_missing` error for each option an entity asks for whose package composer.json does not require:
 * the generated code would fail on its first request. Placed at the flag when the command line asked for the
 * option, else at the first entity that asks for it: its place in the schema file, or its name on the command
 * line when the record asked.
 */
export function missingPackages(model: CheckedModel, facts: ProjectFacts, commandLine: GenerationOptions | undefined): Diagnostic[] {
  const installed = new Set(facts.composerPackages ?? []);
  return Object.entries(REQUIRED_PACKAGES).flatMap(([key, required]) => {
    const option = key as GenerationOption;
    const asking = model.entities.find((entity) => entity.options?.[option] === true);
    if (asking === undefined || installed.has(required.name)) return [];
    const flag = OPTION_FLAGS[option];
    return [
      error(
        'package_missing',
        `${asking.naming.className} asks for ${flag}, whose code uses ${required.name}, which composer.json does not require; install it with ${required.install}`,
        commandLine?.[option] === true ? { flag } : asking.span,
        `run ${required.install} in the project, then fullapi again`,
      ),
    ];
  });
}

/**
 * A `tokens_table_missing` warning when an entity asks for `--auth` and no migration creates Sanctum's
 * `personal_access_tokens` table: the code is right, but register and login fail until the table exists.
 * A warning, not an error: the user may create the table another way, or publish it after this run.
 */
export function missingTokensTable(model: CheckedModel, facts: ProjectFacts, commandLine: GenerationOptions | undefined): Diagnostic[] {
  const asking = model.entities.find((entity) => entity.options?.auth === true);
  if (asking === undefined || facts.personalAccessTokens === true) return [];
  return [
    warningAt(
      'tokens_table_missing',
      `${asking.naming.className} asks for --auth, but no migration in database/migrations creates personal_access_tokens, Sanctum's table of tokens: register and login fail without it`,
      commandLine?.auth === true ? { flag: OPTION_FLAGS.auth } : asking.span,
      'run php artisan vendor:publish --tag=sanctum-migrations (or php artisan install:api), then php artisan migrate',
    ),
  ];
}
