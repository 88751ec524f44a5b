import { partial, type PartialRender } from './stub-values/registry.js';

/**
 * Blueprint calls as migrations.blueprint.stub writes them, one `$table->...;` a line; empty when there are
 * none, as the migration stubs test. Each call is what follows `$table->`: `string('title')->nullable()`.
 */
export function blueprintCalls(calls: readonly string[], placed?: (text: string) => string): PartialRender<'migrations.blueprint'> | '' {
  return calls.length === 0 ? '' : partial('migrations.blueprint', { calls }, placed);
}
