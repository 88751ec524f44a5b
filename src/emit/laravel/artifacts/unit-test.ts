import type { Entity, Field } from '../../../ir/ir.generated.js';
import { AUTH_USER_MODEL } from '../values/auth-user.js';
import { ownerOf } from '../values/owner.js';
import { camel } from '../../../passes/naming/str.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult, type StubFile } from '../../emit-result.js';
import { partial, type EmitterValues } from '../values/stub-values/registry.js';
import type { Check } from '../values/stub-values/tests.js';
import { qualifiedEnumClass } from '../values/field-types.js';
import { phpString, renderImports } from '../values/php-literals.js';
import { parentClassOf, writableColumns } from '../values/relation-columns.js';
import { savedAssertionImports, savedChecks } from '../values/secret-tests.js';
import {
  databaseTestTrait,
  defaultPageSize,
  pageSizeOverCap,
  patchBody,
  patchedColumns,
  patchField,
  phpLiteral,
  sampleDtoArgument,
  sampleJson,
  testVariable,
} from '../values/test-values.js';
import { shortName } from '../../../php/class-references.js';

/**
 * `tests/Unit/<Class>ServiceTest.php`: the service without HTTP. It extends the application's TestCase, not
 * PHPUnit's, because the service needs the database. Saved values are read back through the model's
 * `toArray()`, so the expectations are the same JSON forms the API answers. Pest tests keep the same path.
 */
export function unitTestPath(entity: Entity): string {
  return `tests/Unit/${entity.naming.className}ServiceTest.php`;
}

export function emitUnitTest(entity: Entity, ctx: EmitContext): EmitResult {
  const { className } = entity.naming;
  const variable = testVariable(entity);
  const service = `${className}Service`;
  const dto = `${className}DTO`;
  const patched = patchField(entity);
  const parents = parentRows(entity, variable);
  const owner = ownerOf(entity);
  const imports = [
    // Without columns to send the stub builds no DTO: neither create() nor update() has anything to send.
    ...(writableColumns(entity).length > 0 ? [`App\\DTO\\${dto}`] : []),
    ...parents.flatMap((parent) => parent.imports),
    ...entity.fields.filter((field) => field.type === 'enum').map(qualifiedEnumClass),
    `App\\Models\\${className}`,
    `App\\Services\\${service}`,
    ...(patched === undefined ? [] : ['Illuminate\\Support\\Arr']),
    ...savedAssertionImports(entity),
    ...(owner === undefined ? [] : [AUTH_USER_MODEL]),
  ];
  const values: Omit<UnitTestValues, 'imports'> = {
    model: className,
    modelVariable: variable,
    service,
    dto,
    perPage: String(defaultPageSize(ctx.project)),
    maxPerPage: String(ctx.project.maxPerPage),
    pageSizeOverCap: String(pageSizeOverCap(ctx.project)),
    simplePagination: entity.options?.simplePagination === true,
    dtoArguments: [...parents.map((parent) => parent.dtoArgument), ...entity.fields.map((field) => `${camel(field.name)}: ${sampleDtoArgument(field)},`)].join('\n'),
    patchFields: patched === undefined ? '' : patchBody(patched),
    patchedColumns: patched === undefined ? '' : patchedColumns(patched),
    ownerRelation: owner?.name ?? '',
  };
  const saved = [...parents.map((parent) => parent.savedCheck), ...entity.fields.flatMap((field) => savedChecks(field, variable))];
  const changed = patched === undefined ? undefined : patchCheck(patched, variable);
  const deleted: Check = { assert: entity.softDeletes ? 'softDeleted' : 'modelMissing', actual: `$${variable}` };
  const cases = { model: className, modelVariable: variable, service };
  const path = unitTestPath(entity);
  // Pest's tests/Pest.php gives the folder its TestCase and RefreshDatabase (edits/pest-config.ts).
  const file: StubFile =
    entity.options?.expressiveTests === true
      ? {
          stub: 'test.unit.pest',
          path,
          artifact: 'UnitTest',
          values: {
            ...values,
            imports: renderImports(imports),
            savedAssertions: partial('test.assertions.pest', { checks: saved }),
            patchAssertion: changed === undefined ? '' : partial('test.assertions.pest', { checks: [changed] }),
            deleteAssertion: partial('test.assertions.pest', { checks: [deleted] }),
            softDeleteTests: entity.softDeletes ? partial('test.unit.pest.soft-deletes', cases) : '',
          },
        }
      : {
          stub: 'test.unit',
          path,
          artifact: 'UnitTest',
          values: {
            ...values,
            namespace: 'Tests\\Unit',
            imports: renderImports([...imports, databaseTestTrait(entity), 'Tests\\TestCase']),
            databaseTrait: shortName(databaseTestTrait(entity)),
            className: `${service}Test`,
            savedAssertions: partial('test.assertions', { checks: saved }),
            patchAssertion: changed === undefined ? '' : partial('test.assertions', { checks: [changed] }),
            deleteAssertion: partial('test.assertions', { checks: [deleted] }),
            softDeleteTests: entity.softDeletes ? partial('test.unit.soft-deletes', cases) : '',
          },
        };
  return renderStubFiles([file], ctx);
}

/** The values both styles share; the checks and cases each writes its own way are added per style. */
type UnitTestValues = Omit<EmitterValues<'test.unit.pest'>, 'savedAssertions' | 'patchAssertion' | 'deleteAssertion' | 'softDeleteTests'>;

interface ParentRow {
  dtoArgument: string;
  savedCheck: Check;
  imports: string[];
}

/**
 * A DTO built by hand needs real parents: each foreign key gets a parent created where the argument is
 * written (any published stub places the arguments, not a line before them), kept in a variable the saved
 * row is compared with. A reference of the entity to itself stays null, as in the factory.
 */
function parentRows(entity: Entity, modelVariable: string): ParentRow[] {
  return entity.foreignKeys.map((foreignKey) => {
    const argument = camel(foreignKey.column);
    const saved = `$saved[${phpString(foreignKey.column)}]`;
    const parent = parentClassOf(entity, foreignKey);
    if (parent === undefined) return { dtoArgument: `${argument}: null,`, savedCheck: { assert: 'null', actual: saved }, imports: [] };
    const variable = parentVariable(foreignKey.relation, modelVariable);
    return {
      dtoArgument: `${argument}: ($${variable} = ${parent}::factory()->create())->getKey(),`,
      savedCheck: { assert: 'same', expected: `$${variable}->getKey()`, actual: saved },
      imports: [`App\\Models\\${parent}`],
    };
  });
}

/** Named after the relation, unless the test's own variables have that name. */
function parentVariable(relationName: string, modelVariable: string): string {
  const name = camel(relationName);
  return name === modelVariable || name === 'saved' ? `${name}Parent` : name;
}

/** `update()` with the DTO a one-field PATCH would build: the field reads back as its sample. */
function patchCheck(field: Field, variable: string): Check {
  return { assert: 'same', expected: phpLiteral(sampleJson(field)), actual: `$${variable}->refresh()->attributesToArray()[${phpString(field.name)}] ?? null` };
}
