import type { Entity } from '../../../ir/ir.generated.js';
import { relationMethods, relationReadTags } from '../values/model-relations.js';
import { phpString } from '../values/php-literals.js';

/**
 * The members the edit of a model of the project's own (model-edit.ts) declares when the model lacks them,
 * laid out as the built-in model.members.stub and model.relations.stub lay out a generated model's (a test
 * holds them to it). The edit runs without the stubs: it changes a file the user owns, which a published stub
 * does not describe.
 */

export function docblock(lines: readonly string[]): string {
  return ['/**', ...lines.map((line) => (line === '' ? ' *' : ` * ${line}`)), ' */'].join('\n');
}

export function hiddenPropertyText(columns: readonly string[]): string {
  const doc = docblock(["The attributes that hold secrets: never in the model's array or JSON form.", '', '@var list<string>']);
  return `${doc}\nprotected $hidden = [\n${columns.map((name) => `    ${phpString(name)},`).join('\n')}\n];`;
}

export function fillablePropertyText(columns: readonly string[]): string {
  const lines = columns.map((name) => `    ${phpString(name)},`);
  return `${docblock(['The attributes that are mass assignable.', '', '@var list<string>'])}\nprotected $fillable = [\n${lines.join('\n')}\n];`;
}

export function castsMethodText(entries: readonly string[]): string {
  const doc = docblock(['Get the attributes that should be cast.', '', '@return array<string, string>']);
  return `${doc}\nprotected function casts(): array\n{\n    return [\n${entries.map((entry) => `        ${entry},`).join('\n')}\n    ];\n}`;
}

export function relationMethodTexts(entity: Entity): string[] {
  return relationMethods(entity).map((method) =>
    [
      '/**',
      ` * @return ${method.relationClass}<${method.related}, $this>`,
      ' */',
      `public function ${method.name}(): ${method.relationClass}`,
      '{',
      `    return $this->${method.kind}(${method.arguments.join(', ')});`,
      '}',
    ].join('\n'),
  );
}

/** `@property-read Category $category`, `Collection<int, Post> $posts`, `Model|null $commentable`. */
export function relationPropertyTags(entity: Entity): string[] {
  return relationReadTags(entity).map((tag) => `@property-read ${tag.type} $${tag.name}`);
}
