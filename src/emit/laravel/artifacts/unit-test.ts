import type { Entity, Field } from '../../../ir/ir.generated.js';
import { camel } from '../../../passes/naming/str.js';
import type { EmitContext } from '../../context.js';
import { renderStubFiles, type EmitResult, type StubFile } from '../../emit-result.js';
import type { EmitterValues } from '../values/stub-values/registry.js';
import { qualifiedEnumClass } from '../values/field-types.js';
import { phpString, renderImports } from '../values/php-literals.js';
import { parentClassOf, writableColumns } from '../values/relation-columns.js';
import { savedAssertion, savedAssertionImports } from '../values/secret-tests.js';
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
import { PEST_STYLE, testStyle, type TestStyle } from '../values/test-style.js';

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
  const style = testStyle(entity);
  const parents = parentRows(entity, variable, style);
  const imports = [
    // Without columns to send the stub builds no DTO: neither create() nor update() has anything to send.
    ...(writableColumns(entity).length > 0 ? [`App\\DTO\\${dto}`] : []),
    ...parents.flatMap((parent) => parent.imports),
    ...entity.fields.filter((field) => field.type === 'enum').map(qualifiedEnumClass),
    `App\\Models\\${className}`,
    `App\\Services\\${service}`,
    ...(patched === undefined ? [] : ['Illuminate\\Support\\Arr']),
    ...savedAssertionImports(entity),
  ];
  const values: Omit<UnitTestValues, 'imports'> = {
    model: className,
    modelVariable: variable,
    service,
    dto,
    perPage: String(defaultPageSize(ctx.project)),
    maxPerPage: String(ctx.project.maxPerPage),
    pageSizeOverCap: String(pageSizeOverCap(ctx.project)),
    dtoArguments: [...parents.map((parent) => parent.dtoArgument), ...entity.fields.map((field) => `${camel(field.name)}: ${sampleDtoArgument(field)},`)].join('\n'),
    savedAssertions: [...parents.map((parent) => parent.savedAssertion), ...entity.fields.map((field) => savedAssertion(field, variable, style))].join('\n'),
    ...updateValues(patched, variable, style),
    deleteAssertion: entity.softDeletes ? `$this->assertSoftDeleted($${variable});` : `$this->assertModelMissing($${variable});`,
    softDeleteTests: entity.softDeletes ? softDeleteTests(className, variable, style) : '',
  };
  const path = unitTestPath(entity);
  // Pest's tests/Pest.php gives the folder its TestCase and RefreshDatabase (edits/pest-config.ts).
  const file: StubFile =
    style === PEST_STYLE
      ? { stub: 'test.unit.pest', path, artifact: 'UnitTest', values: { ...values, imports: renderImports(imports) } }
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
          },
        };
  return renderStubFiles([file], ctx);
}

type UnitTestValues = EmitterValues<'test.unit.pest'>;

interface ParentRow {
  dtoArgument: string;
  savedAssertion: string;
  imports: string[];
}

/**
 * A DTO built by hand needs real parents: each foreign key gets a parent created where the argument is
 * written (any published stub places the arguments, not a line before them), kept in a variable the saved
 * row is compared with. A reference of the entity to itself stays null, as in the factory.
 */
function parentRows(entity: Entity, modelVariable: string, style: TestStyle): ParentRow[] {
  return entity.foreignKeys.map((foreignKey) => {
    const argument = camel(foreignKey.column);
    const saved = `$saved[${phpString(foreignKey.column)}]`;
    const parent = parentClassOf(entity, foreignKey);
    if (parent === undefined) return { dtoArgument: `${argument}: null,`, savedAssertion: style.isNull(saved), imports: [] };
    const variable = parentVariable(foreignKey.relation, modelVariable);
    return {
      dtoArgument: `${argument}: ($${variable} = ${parent}::factory()->create())->getKey(),`,
      savedAssertion: style.same(`$${variable}->getKey()`, saved),
      imports: [`App\\Models\\${parent}`],
    };
  });
}

/** Named after the relation, unless the test's own variables have that name. */
function parentVariable(relationName: string, modelVariable: string): string {
  const name = camel(relationName);
  return name === modelVariable || name === 'saved' ? `${name}Parent` : name;
}

/** `update()` with the DTO a one-field PATCH would build: only that column may change. */
function updateValues(field: Field | undefined, variable: string, style: TestStyle): Pick<UnitTestValues, 'patchFields' | 'patchAssertion' | 'patchedColumns'> {
  if (field === undefined) return { patchFields: '', patchAssertion: '', patchedColumns: '' };
  const readBack = `$${variable}->fresh()->toArray()[${phpString(field.name)}]`;
  return {
    patchFields: patchBody(field),
    patchAssertion: style.same(phpLiteral(sampleJson(field)), readBack),
    patchedColumns: patchedColumns(field),
  };
}

function softDeleteTests(model: string, variable: string, style: TestStyle): string {
  const trashedRow = [`$${variable} = ${model}::factory()->create();`, `$${variable}->delete();`];
  const restore = style.testCase({
    method: 'restore_brings_back_a_soft_deleted_row',
    it: 'brings back a soft-deleted row',
    body: [...trashedRow, '', `(new ${model}Service)->restore($${variable});`, '', `$this->assertNotSoftDeleted($${variable});`],
  });
  const forceDelete = style.testCase({
    method: 'force_delete_removes_a_soft_deleted_row',
    it: 'force deletes a soft-deleted row',
    body: [...trashedRow, '', `(new ${model}Service)->forceDelete($${variable});`, '', `$this->assertModelMissing($${variable});`],
  });
  return `${restore}\n\n${forceDelete}`;
}
