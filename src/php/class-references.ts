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
  /**
   * Imported classes by local name in lower case (PHP class names ignore case), in layers looked at in turn:
   * the file's own imports, then those an edit is about to add.
   */
  imports: readonly ReadonlyMap<string, string>[];
}

/** Imports by local name in lower case, for a `NameScope`; of two imports of one name, the first counts. */
export function importsByLocalName(imports: readonly Pick<ClassImport, 'name' | 'localName'>[]): Map<string, string> {
  const byName = new Map<string, string>();
  for (const entry of imports) {
    const key = entry.localName.toLowerCase();
    if (!byName.has(key)) byName.set(key, entry.name);
  }
  return byName;
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

/** The class a local name imports, if any. */
function importedAs(scope: NameScope, localName: string): string | undefined {
  const key = localName.toLowerCase();
  for (const layer of scope.imports) {
    const name = layer.get(key);
    if (name !== undefined) return name;
  }
  return undefined;
}

/** The fully qualified class a `name` node means, by PHP's resolution rules for class names. */
export function resolveName(scope: NameScope, name: PhpNode): string {
  const written = field(name, 'name') ?? '';
  const resolution = field(name, 'resolution');
  if (resolution === 'fqn') return withoutLeadingSlash(written);
  const [first = '', ...rest] = written.split('\\');
  const imported = resolution === 'rn' ? undefined : importedAs(scope, first);
  if (imported !== undefined) return [imported, ...rest].join('\\');
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
