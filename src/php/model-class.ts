import { classImports, importsByLocalName, resolveName, sameClass, type NameScope } from './class-references.js';
import { child, children, field, nameOf, shapeError, start, stringValue, type Parsed, type PhpFile, type PhpNode, type PhpParses } from './php-source.js';

/**
 * What fullapi reads off a model of the project's own (Laravel's `User`): where its lists of fillable,
 * hidden and cast attributes are, written as properties (`protected $fillable = [...]`) or, since Laravel
 * 13, as class attributes (`#[Fillable([...])]`), and what its class already declares. Read by the project
 * reader (the table, the hidden columns) and by the edit of the model.
 */

const ATTRIBUTES_NAMESPACE = 'Illuminate\\Database\\Eloquent\\Attributes';

/** A list of attribute names: a PHP array of strings, or the arguments of an attribute such as `#[Hidden('a', 'b')]`. */
export interface NameList {
  /** The array node, or the attribute node whose arguments are the names. */
  node: PhpNode;
  kind: 'array' | 'arguments';
  names: string[];
}

export interface ModelClass {
  className: string;
  /** The statements of the class's namespace (or of the file, without one): where imports go. */
  statements: PhpNode[];
  scope: NameScope;
  classNode: PhpNode;
  /** The class members in order. */
  members: PhpNode[];
  /** Where the class's declaration starts, its attributes included: a docblock goes right above. */
  declarationStart: number;
  table?: string;
  fillable?: NameList;
  hidden?: NameList;
  /** `$guarded` or `#[Guarded]`/`#[Unguarded]`: the model says what is not mass assignable; fullapi leaves that alone. */
  guarded: boolean;
  /** The array `casts()` returns, or the `$casts` property's. */
  casts?: PhpNode;
  /** Method names in lower case (PHP's are case-insensitive). */
  methods: ReadonlySet<string>;
  traitUses: PhpNode[];
}

/** The one class of a model file; `path` for messages. */
/** The text parsed (or its parse reused) and its class read: what every edit of a project's class starts from. */
export function parseModelClass(parses: PhpParses, path: string, existing: string): Parsed<{ file: PhpFile; model: ModelClass }> {
  const parsed = parses.parse(path, existing);
  if (!parsed.ok) return parsed;
  const read = readModelClass(parsed.value);
  return read.ok ? { ok: true, value: { file: parsed.value, model: read.value } } : read;
}

export function readModelClass(file: PhpFile): Parsed<ModelClass> {
  const top = children(file.program, 'children');
  const namespace = top.find((statement) => statement.kind === 'namespace');
  const statements = namespace === undefined ? top : children(namespace, 'children');
  const classNode = statements.find((statement) => statement.kind === 'class');
  const className = nameOf(classNode);
  if (classNode === undefined || className === undefined) {
    return { ok: false, diagnostic: shapeError(file, namespace === undefined ? 0 : start(namespace), `${file.path} declares no class`) };
  }
  const scope: NameScope = { namespace: field(namespace, 'name') ?? '', imports: [importsByLocalName(classImports(statements))] };
  const members = children(classNode, 'body');
  const attributes = children(classNode, 'attrGroups').flatMap((group) => children(group, 'attrs'));
  const attribute = (name: string) => attributes.find((node) => isAttribute(scope, node, name));
  const property = (name: string) => propertyValue(members, name);
  const table = stringValue(property('table')) ?? tableOfAttribute(attribute('Table'));
  const fillable = nameList(property('fillable')) ?? attributeList(attribute('Fillable'));
  const hidden = nameList(property('hidden')) ?? attributeList(attribute('Hidden'));
  const castsMethod = members.find((member) => member.kind === 'method' && nameOf(member)?.toLowerCase() === 'casts');
  const casts = returnedArray(castsMethod) ?? arrayNode(property('casts'));
  const groups = children(classNode, 'attrGroups');
  const declarationStart = Math.min(start(classNode), ...groups.map(start));
  return {
    ok: true,
    value: {
      className,
      statements,
      scope,
      classNode,
      members,
      declarationStart,
      ...(table === undefined ? {} : { table }),
      ...(fillable === undefined ? {} : { fillable }),
      ...(hidden === undefined ? {} : { hidden }),
      guarded: property('guarded') !== undefined || attribute('Guarded') !== undefined || attribute('Unguarded') !== undefined,
      ...(casts === undefined ? {} : { casts }),
      methods: new Set(members.filter((member) => member.kind === 'method').map((member) => nameOf(member)?.toLowerCase() ?? '')),
      traitUses: members.filter((member) => member.kind === 'traituse'),
    },
  };
}

/** The keys of a casts array that are string literals. */
export function castKeys(casts: PhpNode | undefined): Set<string> {
  return new Set(children(casts, 'items').flatMap((item) => stringValue(child(item, 'key')) ?? []));
}

function isAttribute(scope: NameScope, node: PhpNode, name: string): boolean {
  const written = field(node, 'name') ?? '';
  const resolved = resolveName(scope, { kind: 'name', loc: null, name: written, resolution: written.startsWith('\\') ? 'fqn' : written.includes('\\') ? 'qn' : 'uqn' });
  return sameClass(resolved, `${ATTRIBUTES_NAMESPACE}\\${name}`);
}

/** The value of a non-static property declared in the class body, if any. */
function propertyValue(members: readonly PhpNode[], name: string): PhpNode | undefined {
  for (const member of members) {
    if (member.kind !== 'propertystatement' || member.isStatic === true) continue;
    const property = children(member, 'properties').find((node) => nameOf(node) === name);
    if (property !== undefined) return child(property, 'value') ?? property;
  }
  return undefined;
}

function arrayNode(node: PhpNode | undefined): PhpNode | undefined {
  return node?.kind === 'array' ? node : undefined;
}

function nameList(node: PhpNode | undefined): NameList | undefined {
  const array = arrayNode(node);
  if (array === undefined) return undefined;
  return { node: array, kind: 'array', names: stringsOf(children(array, 'items').map((item) => child(item, 'value') ?? item)) };
}

/** `#[Hidden(['a', 'b'])]`, or the variadic `#[Hidden('a', 'b')]` of Laravel 13.3 and later. */
function attributeList(attribute: PhpNode | undefined): NameList | undefined {
  if (attribute === undefined) return undefined;
  const args = children(attribute, 'args');
  const [first] = args;
  if (args.length === 1 && first?.kind === 'array') return nameList(first);
  return { node: attribute, kind: 'arguments', names: stringsOf(args) };
}

function stringsOf(nodes: readonly PhpNode[]): string[] {
  return nodes.flatMap((node) => stringValue(node) ?? []);
}

/** `#[Table('members')]` or `#[Table(name: 'members')]`. */
function tableOfAttribute(attribute: PhpNode | undefined): string | undefined {
  const args = children(attribute, 'args');
  const named = args.find((arg) => arg.kind === 'namedargument' && field(arg, 'name') === 'name');
  if (named !== undefined) return stringValue(child(named, 'value'));
  const [first] = args;
  return first?.kind === 'namedargument' ? undefined : stringValue(first);
}

/** The array literal a method returns, when its body is one `return [...]`-ending block. */
export function returnedArray(method: PhpNode | undefined): PhpNode | undefined {
  const body = child(method, 'body');
  const returned = children(body, 'children').filter((statement) => statement.kind === 'return');
  return arrayNode(child(returned.at(-1), 'expr'));
}
