import { isSecretName } from '../../src/passes/secrets.js';
import { type FieldSpec, parseFields, sameValue, validPayload } from './fields.js';
import { type Answer, type ApiClient, describeAnswer } from './http.js';
import type { EntityUnderTest } from './scenario.js';

/**
 * What the live checks share: the entity's URLs and fields, the records created at the start, and
 * assertions whose messages say what was sent and what came back.
 */

export function fail(message: string): never {
  throw new Error(message);
}

export function expectStatus(answer: Answer, status: number): void {
  if (answer.status !== status) fail(`expected ${status}; ${describeAnswer(answer)}`);
}

/** A 422 whose `errors` name the field. */
export function expectValidationError(answer: Answer, field: string): void {
  expectStatus(answer, 422);
  if (answer.json?.errors?.[field] === undefined) fail(`expected a validation error on "${field}"; ${describeAnswer(answer)}`);
}

export class EntityContract {
  readonly fields: FieldSpec[];
  /** The primary key attribute: the `:primary` field, else `id`. */
  readonly keyName: string;
  readonly collectionPath: string;
  /** The records the checks created, by number (1 and 2), as the API answered them. */
  readonly records = new Map<number, Record<string, unknown>>();

  constructor(
    readonly api: ApiClient,
    readonly entity: EntityUnderTest,
    /** How the database orders text: MySQL's and MariaDB's default collations ignore case. */
    readonly textOrder: 'binary' | 'ignoring case' = 'binary',
  ) {
    this.fields = parseFields(entity.fields);
    this.keyName = this.fields.find((field) => field.primary)?.name ?? 'id';
    this.collectionPath = `/api/${entity.segment}`;
  }

  /** The same entity and records, through another server (the application restarted after an edit). */
  withApi(api: ApiClient): EntityContract {
    const contract = new EntityContract(api, this.entity, this.textOrder);
    for (const [n, record] of this.records) contract.records.set(n, record);
    return contract;
  }

  memberPath(key: unknown): string {
    return `${this.collectionPath}/${encodeURIComponent(String(key))}`;
  }

  /** The record created as number `n`; fails when the creation checks did not make it. */
  record(n: number): Record<string, unknown> {
    return this.records.get(n) ?? fail(`record ${n} was not created`);
  }

  recordPath(n: number): string {
    return this.memberPath(this.record(n)[this.keyName]);
  }

  /** The first field of one of the types, if the entity has one. */
  fieldOfType(...types: FieldSpec['type'][]): FieldSpec | undefined {
    return this.fields.find((field) => types.includes(field.type));
  }

  /** POSTs record `n`'s valid payload; expects a 201 with the values sent, and answers `data`. */
  async create(n: number): Promise<Record<string, unknown>> {
    const payload = validPayload(this.fields, n);
    const answer = await this.api.send('POST', this.collectionPath, payload);
    expectStatus(answer, 201);
    const data = answer.json?.data as Record<string, unknown> | undefined;
    if (data === undefined || data[this.keyName] === undefined) fail(`no data.${this.keyName}; ${describeAnswer(answer)}`);
    this.expectFields(data, payload, answer);
    return data;
  }

  /** Every sent field answered with the value sent; a secret (a password) never answered. */
  expectFields(data: Record<string, unknown>, sent: Record<string, unknown>, answer: Answer): void {
    for (const field of this.fields) {
      if (!(field.name in sent)) continue;
      if (isSecretName(field.name)) {
        if (field.name in data) fail(`${field.name} is a secret, and was answered; ${describeAnswer(answer)}`);
        continue;
      }
      if (!sameValue(field, sent[field.name], data[field.name])) {
        fail(`${field.name}: sent ${JSON.stringify(sent[field.name])}, answered ${JSON.stringify(data[field.name])}; ${describeAnswer(answer)}`);
      }
    }
  }
}

export interface LiveCheck {
  name: string;
  /** The checks after it need what it makes: when it fails, they are not run. */
  essential?: boolean;
  /** Only for entities this is true of. */
  appliesTo?: (contract: EntityContract) => boolean;
  run(contract: EntityContract): Promise<void>;
}

export interface LiveOutcome {
  /** How many checks ran. */
  ran: number;
  /** Each named with the entity and the check. */
  failures: string[];
}

/** Runs the checks that apply, in order. */
export async function runLiveChecks(contract: EntityContract, checks: readonly LiveCheck[]): Promise<LiveOutcome> {
  const outcome: LiveOutcome = { ran: 0, failures: [] };
  for (const check of checks) {
    if (check.appliesTo !== undefined && !check.appliesTo(contract)) continue;
    outcome.ran += 1;
    try {
      await check.run(contract);
    } catch (cause) {
      outcome.failures.push(`${contract.entity.entity}: ${check.name}: ${(cause as Error).message}`);
      if (check.essential === true) {
        outcome.failures.push(`${contract.entity.entity}: the checks after "${check.name}" were not run`);
        break;
      }
    }
  }
  return outcome;
}
