import { child, children, field, nameOf, stringValue, type PhpNode } from './php-source.js';

/** One class imported by a `use` statement (function and constant imports are not classes). */
export interface ClassImport {
  name: string;
  /** The name the file refers to the class by: the alias, or the last segment. */
  localName: string;
  explicitAlias: boolean;
  item: PhpNode;
  statement: PhpNode;
}

/** What a short or qualified class name means at a point of a file. */
export interface NameScope {
  namespace: string;
  imports: readonly Pick<ClassImport, 'name' | 'localName'>[];
}

export function withoutLeadingSlash(name: string): string {
  return name.startsWith('\\') ? name.slice(1) : name;
}

export function shortName(className: string): string {
  return className.slice(className.lastIndexOf('\\') + 1);
}

/** PHP class names are case-insensitive. */
export function sameClass(a: string | undefined, b: string): boolean {
  return a !== undefined && withoutLeadingSlash(a).toLowerCase() === withoutLeadingSlash(b).toLowerCase();
}

export function classImports(statements: readonly PhpNode[]): ClassImport[] {
  return statements
    .filter((statement) => statement.kind === 'usegroup' && isClassImport(statement))
    .flatMap((statement) => {
      const prefix = field(statement, 'name');
      return children(statement, 'items')
        .filter(isClassImport)
        .map((item) => {
          const name = withoutLeadingSlash(prefix ? `${prefix}\\${field(item, 'name') ?? ''}` : (field(item, 'name') ?? ''));
          const alias = nameOf(child(item, 'alias'));
          return { name, localName: alias ?? shortName(name), explicitAlias: alias !== undefined, item, statement };
        });
    });
}

function isClassImport(node: PhpNode): boolean {
  const type = field(node, 'type');
  return type === undefined || type === 'class';
}

function importedAs(scope: NameScope, localName: string): NameScope['imports'][number] | undefined {
  return scope.imports.find((entry) => entry.localName.toLowerCase() === localName.toLowerCase());
}

/** The fully qualified class a `name` node means, by PHP's resolution rules for class names. */
export function resolveName(scope: NameScope, name: PhpNode): string {
  const written = field(name, 'name') ?? '';
  const resolution = field(name, 'resolution');
  if (resolution === 'fqn') return withoutLeadingSlash(written);
  const [first = '', ...rest] = written.split('\\');
  const imported = resolution === 'rn' ? undefined : importedAs(scope, first);
  if (imported !== undefined) return [imported.name, ...rest].join('\\');
  return scope.namespace === '' ? written : `${scope.namespace}\\${written}`;
}

/** `\Foo\Bar`, or `Foo\Bar` when `Foo` is not an import: the name does not lean on the file's imports. */
export function isWrittenInFull(scope: NameScope, name: PhpNode): boolean {
  const resolution = field(name, 'resolution');
  const first = (field(name, 'name') ?? '').split('\\')[0] ?? '';
  return resolution === 'fqn' || (resolution === 'qn' && importedAs(scope, first) === undefined);
}

/** The class an expression names: `Foo::class` or a class-name string literal; undefined otherwise. */
export function referencedClass(scope: NameScope, node: PhpNode | undefined): string | undefined {
  const value = stringValue(node);
  if (value !== undefined) return withoutLeadingSlash(value);
  const name = classConstantTarget(node);
  return name === undefined ? undefined : resolveName(scope, name);
}

/** The name in `Foo::class`. */
function classConstantTarget(node: PhpNode | undefined): PhpNode | undefined {
  if (node?.kind !== 'staticlookup' || nameOf(child(node, 'offset'))?.toLowerCase() !== 'class') return undefined;
  const target = child(node, 'what');
  return target?.kind === 'name' ? target : undefined;
}
