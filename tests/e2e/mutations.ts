import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PhpRunner } from './php-runner.js';

/**
 * Whether the generated tests are a safety net: small breaks of the generated code, each of which a team could
 * make by hand or a generator bug could make, must each turn the generated tests red. One at a time, each
 * break is applied, the entity's tests run, and the file is restored whatever happened.
 */

export interface Mutation {
  /** What the break does, for the report. */
  name: string;
  /** The file it breaks, relative to the application. */
  file: string;
  /** The text replaced: it must occur in the file, or the mutation (and the generated code it meant) is out of date. */
  find: string;
  replace: string;
}

/** The breaks of the every-field-type scenario's Gadget, the entity of every column type. */
export function gadgetMutations(): Mutation[] {
  const service = 'app/Services/GadgetService.php';
  const store = 'app/Http/Requests/StoreGadgetRequest.php';
  return [
    { name: 'a date filter compares with = instead of whereDate', file: service, find: '$builder->whereDate($column, (string) $match);', replace: '$builder->where($column, $match);' },
    { name: 'a sort runs the other way', file: service, find: "$descending ? 'desc' : 'asc'", replace: "$descending ? 'asc' : 'desc'" },
    { name: "a text's length rule is dropped", file: store, find: "'max:16383', ", replace: '' },
    { name: "a decimal's scale rule is dropped", file: store, find: "'decimal:0,2', ", replace: '' },
    { name: 'a date is read by any parser', file: store, find: "'date_format:Y-m-d'", replace: "'date'" },
    { name: 'the email rule is dropped', file: store, find: "'not_regex:/\\\\x00/', 'email'", replace: "'not_regex:/\\\\x00/'" },
    { name: "a string's NUL rule is dropped", file: store, find: "'max:255', 'not_regex:/\\\\x00/'],", replace: "'max:255']," },
    { name: 'a unique rule no longer ignores the row', file: 'app/Http/Requests/UpdateGadgetRequest.php', find: "->ignore($this->route('gadget'))", replace: '' },
    { name: 'the controller stops asking the policy before a delete', file: 'app/Http/Controllers/GadgetController.php', find: "Gate::authorize('delete', $gadget);", replace: '' },
    { name: "a date's cast is dropped", file: 'app/Models/Gadget.php', find: "'born_on' => 'date:Y-m-d',", replace: '' },
    { name: 'the resource answers a date as a time', file: 'app/Http/Resources/GadgetResource.php', find: "$this->born_on->format('Y-m-d')", replace: '$this->born_on' },
  ];
}

/** The breaks of the owners scenario's Order, each of which would let one user reach another's orders. */
export function ownerMutations(): Mutation[] {
  const policy = 'app/Policies/OrderPolicy.php';
  return [
    { name: "the policy lets anyone reach another user's order", file: policy, find: '$order->customer()->is($user) ? Response::allow()', replace: 'true ? Response::allow()' },
    { name: "another user's order answers 403, not 404", file: policy, find: "Response::denyAsNotFound('Not Found.')", replace: 'Response::deny()' },
    { name: "the index lists every user's orders", file: 'app/Services/OrderService.php', find: "->whereBelongsTo($owner, 'customer')", replace: '' },
    { name: 'store takes the owner from the body', file: 'app/Http/Controllers/OrderController.php', find: ", 'customer_id' => $user->getKey()]", replace: ']' },
    { name: "the store request takes another user's key", file: 'app/Http/Requests/StoreOrderRequest.php', find: "'customer_id' => [Rule::prohibitedIf(", replace: "'ignored' => [Rule::prohibitedIf(" },
    { name: "the update request takes another user's key", file: 'app/Http/Requests/UpdateOrderRequest.php', find: "'customer_id' => [Rule::prohibitedIf(", replace: "'customer_id' => ['sometimes'], 'ignored' => [Rule::prohibitedIf(" },
  ];
}

/**
 * Applies each mutation alone and runs the entity's generated tests (`--filter` of its test classes), which
 * must fail. Returns `killed/total`; throws naming each survivor (and each mutation whose text is gone).
 */
export async function killMutations(app: string, php: PhpRunner, mutations: readonly Mutation[], testFilter: string): Promise<string> {
  const survivors: string[] = [];
  for (const mutation of mutations) {
    const path = join(app, mutation.file);
    const original = readFileSync(path, 'utf8');
    if (!original.includes(mutation.find)) {
      survivors.push(`${mutation.name}: ${mutation.file} has no ${JSON.stringify(mutation.find)}`);
      continue;
    }
    writeFileSync(path, original.replace(mutation.find, mutation.replace));
    try {
      const result = await php.run(['artisan', 'test', '--colors=never', `--filter=${testFilter}`], { cwd: app, timeoutMs: 120_000 });
      if (result.status === 0) survivors.push(`${mutation.name} (${mutation.file}): the generated tests still pass`);
    } finally {
      writeFileSync(path, original);
    }
  }
  const killed = mutations.length - survivors.length;
  if (survivors.length > 0) throw new Error(`${killed}/${mutations.length} mutations killed; survived:\n    ${survivors.join('\n    ')}`);
  return `${killed}/${mutations.length} mutations killed`;
}
