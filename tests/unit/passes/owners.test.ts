import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SourceEntity, SourceRelation } from '../../../src/ir/ir.generated.js';
import { checked, diagnosticsOf, relation, sourceEntity, sourceField } from '../../support/source-model.js';

const USER = sourceEntity('User', [sourceField('name')]);

function owned(owner: SourceRelation, auth = true, extra: SourceRelation[] = []): SourceEntity[] {
  const order = sourceEntity('Order', [sourceField('reference')], [owner, ...extra]);
  return [USER, auth ? { ...order, options: { auth: true } } : order];
}

function ownerOf(name: string, target = 'User', more: Partial<SourceRelation> = {}): SourceRelation {
  return { ...relation(name, 'belongsTo', target), owner: true, ...more };
}

function messages(entities: SourceEntity[]): string[] {
  return diagnosticsOf(entities).map((diagnostic) => `${diagnostic.code}: ${diagnostic.message}`);
}

test('an owner on a belongsTo User with auth reaches the checked belongsTo, with its key required', () => {
  const model = checked(owned(ownerOf('customer')));
  const order = model.entities.find((entity) => entity.naming.className === 'Order');
  const customer = order?.relations.find((candidate) => candidate.name === 'customer');
  assert.equal(customer?.kind === 'belongsTo' ? [customer.owner, customer.foreignKey, customer.nullable] : undefined, [true, 'customer_id', undefined]);
  // The inverse hasMany the pass adds to User is no owner.
  const user = model.entities.find((entity) => entity.naming.className === 'User');
  assert.equal(user?.relations.map((candidate) => [candidate.name, 'owner' in candidate]), [['orders', false]]);
});

test("an owner said on the user's hasMany, as a diagram drawn from the user's side says it, is the belongsTo's", () => {
  const users = { ...USER, relations: [{ ...relation('orders', 'hasMany', 'Order'), owner: true }] };
  const model = checked([users, { ...sourceEntity('Order', [sourceField('reference')]), options: { auth: true } }]);
  const order = model.entities.find((entity) => entity.naming.className === 'Order');
  assert.equal(order?.relations.map((candidate) => [candidate.name, candidate.kind, candidate.kind === 'belongsTo' ? candidate.owner : undefined]), [['user', 'belongsTo', true]]);
});

test('each owner that cannot be one is refused with invalid_owner, naming why', () => {
  assert.equal(messages(owned(ownerOf('customer'), false)), [
    'invalid_owner: the owner Order.customer: Order is made without auth, so no user is signed in to own its rows',
  ]);
  assert.equal(messages([...owned(ownerOf('shop', 'Shop')), sourceEntity('Shop', [sourceField('name')])]), [
    'invalid_owner: the owner Order.shop targets Shop: an owner is the signed-in user, a User',
  ]);
  assert.equal(messages(owned(ownerOf('customer', 'User', { nullable: true }))), [
    'invalid_owner: the owner Order.customer is nullable: a row without an owner could be seen by nobody',
  ]);
  assert.equal(messages(owned(ownerOf('customer'), true, [ownerOf('seller')])), [
    'invalid_owner: the owner Order.seller: Order has an owner already, customer; a row belongs to one user',
  ]);
  assert.equal(messages([{ ...USER, relations: [{ ...relation('tags', 'belongsToMany', 'Tag'), owner: true }] }, sourceEntity('Tag', [])]), [
    'invalid_owner: only a foreign key has an owner, and the belongsToMany tags has none',
  ]);
  const selfOwned = { ...sourceEntity('User', [sourceField('name')], [ownerOf('manager')]), options: { auth: true } };
  assert.equal(messages([selfOwned]), ['invalid_owner: the owner User.manager: a user cannot be owned by another user']);
});

test.run();
