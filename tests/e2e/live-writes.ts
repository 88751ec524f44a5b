import { isDeepStrictEqual } from 'node:util';
import { invalidValue, validPayload, validValue } from './fields.js';
import { describeAnswer } from './http.js';
import { type EntityContract, expectStatus, expectValidationError, fail, type LiveCheck } from './live-contract.js';

/**
 * The write side of the contract, over HTTP: create, validation, show, PATCH and PUT, delete, and with soft
 * deletes restore and force-delete. Record numbers 1 and 2 are created first; 3 and up are throw-aways.
 */

const createsRecords: LiveCheck = {
  name: 'POST creates records (201, the fields answered as sent)',
  essential: true,
  run: async (contract) => {
    contract.records.set(1, await contract.create(1));
    contract.records.set(2, await contract.create(2));
  },
};

const showsARecord: LiveCheck = {
  name: 'GET of one record answers it (200)',
  run: async (contract) => {
    const answer = await contract.api.send('GET', contract.recordPath(1));
    expectStatus(answer, 200);
    if (!isDeepStrictEqual(answer.json?.data, contract.record(1))) fail(`not the record POST answered; ${describeAnswer(answer)}`);
  },
};

const refusesInvalidData: LiveCheck = {
  name: 'POST of invalid values answers 422 naming every field',
  run: async (contract) => {
    const payload = Object.fromEntries(contract.fields.map((field) => [field.name, invalidValue(field)]));
    const answer = await contract.api.send('POST', contract.collectionPath, payload);
    for (const field of contract.fields) expectValidationError(answer, field.name);
  },
};

const refusesAnEmptyBody: LiveCheck = {
  name: 'POST of an empty body answers 422 naming every required field',
  run: async (contract) => {
    const answer = await contract.api.send('POST', contract.collectionPath, {});
    for (const field of contract.fields.filter((candidate) => !candidate.nullable)) expectValidationError(answer, field.name);
  },
};

const refusesEncodedJson: LiveCheck = {
  name: 'POST of a JSON-encoded string to a json field answers 422',
  appliesTo: (contract) => contract.fieldOfType('json') !== undefined,
  run: async (contract) => {
    const json = contract.fieldOfType('json')!;
    const answer = await contract.api.send('POST', contract.collectionPath, { ...validPayload(contract.fields, 3), [json.name]: '{"number":3}' });
    expectValidationError(answer, json.name);
    const fieldsInError = Object.keys(answer.json.errors);
    if (fieldsInError.length !== 1) fail(`only ${json.name} is invalid, errors name ${fieldsInError.join(', ')}`);
  },
};

const refusesDuplicates: LiveCheck = {
  name: 'POST repeating a unique or key value answers 422 (not a database error)',
  appliesTo: (contract) => contract.fields.some((field) => field.unique || field.primary),
  run: async (contract) => {
    for (const field of contract.fields.filter((candidate) => candidate.unique || candidate.primary)) {
      const payload = { ...validPayload(contract.fields, 4), [field.name]: contract.record(1)[field.name] };
      expectValidationError(await contract.api.send('POST', contract.collectionPath, payload), field.name);
    }
  },
};

const storesANumberAsAString: LiveCheck = {
  name: 'POST of a number to a string field stores it as a string (201)',
  appliesTo: (contract) => contract.fieldOfType('string') !== undefined,
  run: async (contract) => {
    const field = contract.fieldOfType('string')!;
    const answer = await contract.api.send('POST', contract.collectionPath, { ...validPayload(contract.fields, 5), [field.name]: 12305 });
    expectStatus(answer, 201);
    if (answer.json?.data?.[field.name] !== '12305') fail(`${field.name} was not stored as "12305"; ${describeAnswer(answer)}`);
  },
};

const DATE_TYPES = ['date', 'datetime', 'timestamp'] as const;

const refusesANumberAsADate: LiveCheck = {
  name: 'POST of a number (20240102) to the date fields answers 422: a date is read in its formats only, as the filters read it',
  appliesTo: (contract) => contract.fieldOfType(...DATE_TYPES) !== undefined,
  run: async (contract) => {
    const dates = contract.fields.filter((field) => (DATE_TYPES as readonly string[]).includes(field.type));
    const numbers = Object.fromEntries(dates.map((field) => [field.name, 20240102]));
    const answer = await contract.api.send('POST', contract.collectionPath, { ...validPayload(contract.fields, 6), ...numbers });
    for (const field of dates) expectValidationError(answer, field.name);
  },
};

/** The field a PATCH changes: the first one that is not the key. */
function patchedField(contract: EntityContract) {
  return contract.fields.find((field) => !field.primary) ?? fail('no field besides the key to PATCH');
}

const patchesOneField: LiveCheck = {
  name: 'PATCH of one field changes it and leaves the others (200)',
  run: async (contract) => {
    const field = patchedField(contract);
    const before = contract.record(2);
    const value = validValue(field, 20);
    const answer = await contract.api.send('PATCH', contract.recordPath(2), { [field.name]: value });
    expectStatus(answer, 200);
    contract.expectFields(answer.json.data, { [field.name]: value }, answer);
    const reread = await contract.api.send('GET', contract.recordPath(2));
    for (const other of contract.fields.filter((candidate) => candidate !== field)) {
      const [was, is] = [before[other.name], reread.json?.data?.[other.name]];
      if (!isDeepStrictEqual(is, was)) fail(`PATCH of ${field.name} changed ${other.name}: ${JSON.stringify(was)} became ${JSON.stringify(is)}`);
    }
  },
};

const putsTheSameValues: LiveCheck = {
  name: "PUT of the record's own values, unique ones included, answers 200",
  run: async (contract) => {
    const payload = validPayload(contract.fields, 1);
    for (const field of contract.fields.filter((candidate) => candidate.unique || candidate.primary || candidate.type === 'uuid')) {
      payload[field.name] = contract.record(1)[field.name];
    }
    const answer = await contract.api.send('PUT', contract.recordPath(1), payload);
    expectStatus(answer, 200);
    contract.expectFields(answer.json.data, payload, answer);
  },
};

const deletesARecord: LiveCheck = {
  name: 'DELETE answers 204, then GET answers 404',
  run: async (contract) => {
    expectStatus(await contract.api.send('DELETE', contract.recordPath(2)), 204);
    expectStatus(await contract.api.send('GET', contract.recordPath(2)), 404);
  },
};

const restoresAndForceDeletes: LiveCheck = {
  name: 'restore answers the record (200); force-delete answers 204 and removes it',
  appliesTo: (contract) => contract.entity.softDeletes,
  run: async (contract) => {
    const path = contract.recordPath(2);
    const restored = await contract.api.send('POST', `${path}/restore`);
    expectStatus(restored, 200);
    const key = contract.record(2)[contract.keyName];
    if (restored.json?.data?.[contract.keyName] !== key) fail(`restore did not answer the record; ${describeAnswer(restored)}`);
    expectStatus(await contract.api.send('GET', path), 200);
    expectStatus(await contract.api.send('DELETE', `${path}/force-delete`), 204);
    expectStatus(await contract.api.send('GET', path), 404);
    expectStatus(await contract.api.send('POST', `${path}/restore`), 404);
  },
};

/** The order matters: the first creates the records; deletion comes last. */
export const WRITE_CHECKS: readonly LiveCheck[] = [
  createsRecords,
  showsARecord,
  refusesInvalidData,
  refusesAnEmptyBody,
  refusesEncodedJson,
  refusesDuplicates,
  storesANumberAsAString,
  refusesANumberAsADate,
  patchesOneField,
  putsTheSameValues,
];

export const DELETE_CHECKS: readonly LiveCheck[] = [deletesARecord, restoresAndForceDeletes];

/** After the policy's update() is made to return false: a valid PATCH is refused, an invalid one still a 422. */
export const REFUSED_UPDATE_CHECKS: readonly LiveCheck[] = [
  {
    name: 'with update() returning false, a valid PATCH answers 403',
    run: async (contract) => {
      const field = patchedField(contract);
      expectStatus(await contract.api.send('PATCH', contract.recordPath(1), { [field.name]: validValue(field, 21) }), 403);
    },
  },
  {
    name: 'with update() returning false, an invalid PATCH still answers 422',
    run: async (contract) => {
      const field = patchedField(contract);
      expectValidationError(await contract.api.send('PATCH', contract.recordPath(1), { [field.name]: invalidValue(field) }), field.name);
    },
  },
];
