import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as assert from 'uvu/assert';
import { type EmitContext } from '../../src/emit/context.js';
import { STUB_NAMES, type StubName } from '../../src/emit/artifact-table.js';
import type { EmitResult } from '../../src/emit/emit-result.js';
import type { Entity, Field, FieldType, FrameworkMajor } from '../../src/ir/ir.generated.js';
import type { GeneratedFile } from '../../src/plan/file-plan.js';
import { phpLintFailures } from './php-tools.js';
import { repoRoot } from './repo-root.js';
import { isKeyFieldType } from '../../src/passes/keys.js';

/** Hand-built checked IR for the emitter tests: what the passes would produce, without running them. */

export interface FieldOptions {
  nullable?: boolean;
  unique?: boolean;
  /** Backing values of an enum field; its class becomes `<Entity><Field>`, each case the value in StudlyCase. */
  cases?: string[];
  /** Extra validation rules, as a schema file gives them. */
  rules?: string[];
}

/** An enum field needs its cases; it gets a class named after the field, which entity() prefixes with the entity's. */
export function field(name: string, type: FieldType = 'string', options: FieldOptions = {}): Field {
  const common = { name, nullable: options.nullable ?? false, unique: options.unique ?? false, span: {}, ...(options.rules === undefined ? {} : { rules: options.rules }) };
  if (type !== 'enum') return { ...common, type };
  const [first, ...rest] = (options.cases ?? []).map((value) => ({ caseName: studly(value), value }));
  if (first === undefined) throw new Error(`the enum field ${name} needs its cases`);
  return { ...common, type, enumClass: { className: studly(name), cases: [first, ...rest] } };
}

export interface EntityOptions {
  table?: string;
  softDeletes?: boolean;
  /** The name of the field that is the custom primary key. */
  key?: string;
  /** The route wildcard when it is not the snake-case class name, e.g. `medium` for Media; the model variable follows it. */
  routeParameter?: string;
}

export function entity(className: string, fields: Field[], options: EntityOptions = {}): Entity {
  const snake = className.replace(/(.)(?=[A-Z])/g, '$1_').toLowerCase();
  const table = options.table ?? `${snake}s`;
  const routeParameter = options.routeParameter ?? snake;
  return {
    naming: {
      className,
      table,
      routeSegment: table.replace(/_/g, '-'),
      routeParameter,
      modelVariable: routeParameter.replace(/_(.)/g, (_, letter: string) => letter.toUpperCase()),
      snake,
    },
    fields: fields.map((f) => (f.type === 'enum' ? { ...f, enumClass: { ...f.enumClass, className: className + f.enumClass.className } } : f)),
    relations: [],
    foreignKeys: [],
    morphs: [],
    primaryKey: primaryKey(fields, options.key),
    softDeletes: options.softDeletes ?? false,
    span: {},
  };
}

function primaryKey(fields: Field[], key: string | undefined): Entity['primaryKey'] {
  const keyField = fields.find((f) => f.name === key);
  if (keyField === undefined || !isKeyFieldType(keyField.type)) return { column: 'id', custom: false, fieldType: 'bigint', keyType: 'int', incrementing: true };
  const keyType = keyField.type === 'integer' || keyField.type === 'bigint' ? 'int' : 'string';
  return { column: keyField.name, custom: true, fieldType: keyField.type, keyType, incrementing: false };
}

function studly(words: string): string {
  return words.split(/[^A-Za-z0-9]+/).map(capitalise).join('');
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function builtInStubs(): Record<StubName, string> {
  const entries = STUB_NAMES.map((name) => [name, readFileSync(join(repoRoot(), 'stubs', `${name}.stub`), 'utf8')] as const);
  return Object.fromEntries(entries) as Record<StubName, string>;
}

export function context(framework: FrameworkMajor = 12, overrides: Partial<EmitContext> = {}): EmitContext {
  return {
    project: { framework, perPage: 15, maxPerPage: 100 },
    stubs: builtInStubs(),
    migrationTimestamp: '2026_01_02_030405',
    existingMigrations: [],
    ...overrides,
  };
}

/** The files of a successful emit; fails the test with the diagnostics otherwise. */
export function filesOf(result: EmitResult): GeneratedFile[] {
  if (!result.ok) throw new Error(`emit failed: ${JSON.stringify(result.diagnostics)}`);
  return result.files;
}

export function onlyFile(result: EmitResult): GeneratedFile {
  const files = filesOf(result);
  if (files.length !== 1) throw new Error(`expected one file, got ${files.map((f) => f.path).join(', ')}`);
  return files[0] as GeneratedFile;
}

/**
 * A one-file emitter whose every file has passed `php -l` before the test reads it: each test proves the PHP it
 * looks at parses, and needs no other test to have run.
 */
export function parsingEmitter(emitter: (subject: Entity, ctx: EmitContext) => EmitResult): (subject: Entity, ctx: EmitContext) => GeneratedFile {
  return (subject, ctx) => {
    const file = onlyFile(emitter(subject, ctx));
    assertParses([file]);
    return file;
  };
}

/** Fails the test with `php -l`'s messages unless every file parses. */
export function assertParses(files: readonly GeneratedFile[]): void {
  const failures = phpLint(files);
  assert.equal(failures, [], failures.join('\n'));
}

/** `php -l` messages for the generated files that do not parse (none is success). */
export function phpLint(files: readonly GeneratedFile[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'fullapi-emit-'));
  try {
    const paths = files.map((file, index) => {
      const path = join(dir, `${index}-${file.path.split('/').pop() ?? 'file.php'}`);
      writeFileSync(path, file.content);
      return path;
    });
    return phpLintFailures(paths);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
