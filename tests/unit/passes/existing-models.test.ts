import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ProjectColumn, ProjectModel } from '../../../src/ir/ir.generated.js';
import { integrateExistingModels } from '../../../src/passes/project/existing-models.js';
import { checked, entityOf, relation, sourceEntity, sourceField } from '../../support/source-model.js';

function column(name: string, type: ProjectColumn['type'], options: Partial<ProjectColumn> = {}): ProjectColumn {
  return { name, ...(type === undefined ? {} : { type }), nullable: false, unique: false, primary: false, hasDefault: false, hidden: false, ...options };
}

/** Laravel's User, as src/project/read/project-models.ts reads the skeleton. */
const SKELETON_USER: ProjectModel = {
  className: 'User',
  path: 'app/Models/User.php',
  table: 'users',
  factory: 'database/factories/UserFactory.php',
  createdBy: '0001_01_01_000000_create_users_table.php',
  migrations: ['0001_01_01_000000_create_users_table.php'],
  columns: [
    column('id', 'bigint', { primary: true }),
    column('name', 'string'),
    column('email', 'string', { unique: true }),
    column('email_verified_at', 'timestamp', { nullable: true }),
    column('password', 'string', { hidden: true }),
    column('remember_token', 'string', { nullable: true, hidden: true }),
    column('created_at', 'timestamp', { nullable: true }),
    column('updated_at', 'timestamp', { nullable: true }),
  ],
};

const blog = () =>
  checked([
    sourceEntity('User', [sourceField('name'), sourceField('email', 'string', { unique: true }), sourceField('bio', 'text', { nullable: true })], [relation('posts', 'hasMany', 'Post')]),
    sourceEntity('Post', [sourceField('title')]),
  ]);

test('an entity without a model of the project is left as it is', () => {
  const model = blog();
  const result = integrateExistingModels(model, []);
  assert.is(result.model, model);
  assert.equal(integrateExistingModels(model, [{ ...SKELETON_USER, className: 'Member', path: 'app/Models/Member.php', table: 'members' }]).model, model);
});

test("Laravel's User: the table's required columns join the declared fields, in the table's order, then the new ones", () => {
  const { model, diagnostics } = integrateExistingModels(blog(), [SKELETON_USER]);
  assert.equal(diagnostics, []);
  const user = entityOf(model, 'User');
  assert.equal(
    user.fields.map(({ name, type, nullable, unique, secret, hashed }) => ({ name, type, nullable, unique, secret, hashed })),
    [
      { name: 'name', type: 'string', nullable: false, unique: false, secret: undefined, hashed: undefined },
      { name: 'email', type: 'string', nullable: false, unique: true, secret: undefined, hashed: undefined },
      { name: 'password', type: 'string', nullable: false, unique: false, secret: true, hashed: true },
      { name: 'bio', type: 'text', nullable: true, unique: false, secret: undefined, hashed: undefined },
    ],
  );
  assert.equal(user.existing, {
    model: 'app/Models/User.php',
    factory: 'database/factories/UserFactory.php',
    createdBy: '0001_01_01_000000_create_users_table.php',
    tableColumns: ['id', 'name', 'email', 'email_verified_at', 'password', 'remember_token', 'created_at', 'updated_at'],
    shownColumns: [{ name: 'email_verified_at', type: 'timestamp', nullable: true, unique: false, span: {} }],
    ownMigrations: ['0001_01_01_000000_create_users_table.php'],
  });
  assert.is(entityOf(model, 'Post').existing, undefined);
});

test('a declared field the table has follows the table, with a warning where the types differ; it is nullable only when both say so', () => {
  const model = checked([sourceEntity('User', [sourceField('name', 'text', { nullable: true, span: { file: 'blog.mmd', line: 4 } })])]);
  const { model: integrated, diagnostics } = integrateExistingModels(model, [SKELETON_USER]);
  assert.equal(
    diagnostics.map(({ severity, code, span }) => ({ severity, code, span })),
    [{ severity: 'warning', code: 'existing_column_differs', span: { file: 'blog.mmd', line: 4 } }],
  );
  assert.match(diagnostics[0]?.message ?? '', 'User.name is a text here but a string column of table users');
  const name = entityOf(integrated, 'User').fields.find((field) => field.name === 'name');
  assert.equal([name?.type, name?.nullable], ['string', false]);
});

test("a column the model hides is a secret; a required enum column gets the entity's enum class", () => {
  const projectModel: ProjectModel = {
    ...SKELETON_USER,
    columns: [...SKELETON_USER.columns, column('pin', 'string', { hidden: true, nullable: true }), column('role', 'enum', { enumValues: ['admin', 'member'] })],
  };
  const model = checked([sourceEntity('User', [sourceField('pin', 'string', { nullable: true })])]);
  const user = entityOf(integrateExistingModels(model, [projectModel]).model, 'User');
  assert.equal(user.fields.find((field) => field.name === 'pin')?.secret, true);
  const role = user.fields.find((field) => field.name === 'role');
  assert.equal(role?.type === 'enum' ? role.enumClass : undefined, {
    className: 'UserRole',
    cases: [
      { caseName: 'Admin', value: 'admin' },
      { caseName: 'Member', value: 'member' },
    ],
  });
  assert.not.ok(user.existing?.shownColumns.some((shown) => shown.name === 'pin'), 'a hidden column is never shown');
});

test('a model whose table the project does not create keeps the declared fields: fullapi creates the table', () => {
  const projectModel: ProjectModel = { className: 'User', path: 'app/Models/User.php', table: 'users', columns: [], migrations: [] };
  const user = entityOf(integrateExistingModels(blog(), [projectModel]).model, 'User');
  assert.equal(user.fields.map((field) => field.name), ['name', 'email', 'bio']);
  assert.equal(user.existing, { model: 'app/Models/User.php', tableColumns: [], shownColumns: [], ownMigrations: [] });
});

test('a model on another table, or a table with another key, is an error at the entity', () => {
  const renamed = integrateExistingModels(blog(), [{ ...SKELETON_USER, table: 'members' }]);
  assert.equal(renamed.diagnostics.map((diagnostic) => diagnostic.code), ['unsupported_existing_model']);
  assert.match(renamed.diagnostics[0]?.message ?? '', 'app/Models/User.php keeps its rows in table members');
  const uuidKey = integrateExistingModels(blog(), [{ ...SKELETON_USER, columns: [column('id', 'uuid', { primary: true }), ...SKELETON_USER.columns.slice(1)] }]);
  assert.equal(uuidKey.diagnostics.map((diagnostic) => diagnostic.code), ['unsupported_existing_model']);
  assert.match(uuidKey.diagnostics[0]?.message ?? '', 'has the primary key id (uuid), not the key id of User');
});

test.run();
