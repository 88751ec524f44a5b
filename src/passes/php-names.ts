/**
 * PHP's rules for names, checked against PHP 8.2 itself by tests/php/php-names.test.ts.
 */

/** Keywords the lexer refuses as a class name (`class List {}` is a parse error). */
const KEYWORDS = [
  'abstract', 'and', 'array', 'as', 'break', 'callable', 'case', 'catch', 'class', 'clone', 'const', 'continue',
  'declare', 'default', 'do', 'echo', 'else', 'elseif', 'empty', 'enddeclare', 'endfor', 'endforeach', 'endif',
  'endswitch', 'endwhile', 'eval', 'exit', 'die', 'extends', 'final', 'finally', 'fn', 'for', 'foreach', 'function',
  'global', 'goto', 'if', 'implements', 'include', 'include_once', 'instanceof', 'insteadof', 'interface', 'isset',
  'list', 'match', 'namespace', 'new', 'or', 'print', 'private', 'protected', 'public', 'readonly', 'require',
  'require_once', 'return', 'static', 'switch', 'throw', 'trait', 'try', 'unset', 'use', 'var', 'while', 'xor',
  'yield',
] as const;

/** Names the engine reserves for types (`class Mixed {}` is a fatal error). */
const RESERVED_TYPE_NAMES = [
  'bool', 'false', 'float', 'int', 'iterable', 'mixed', 'never', 'null', 'object', 'parent', 'self', 'string', 'true',
  'void',
] as const;

const RESERVED_CLASS_NAMES = new Set<string>([...KEYWORDS, ...RESERVED_TYPE_NAMES]);

export const PHP_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The names fullapi accepts for entities, fields, relations and pivot tables: a PHP identifier that starts
 * with a letter. Leading underscores are refused because the class, property and method names made from a
 * name drop them: `_` and `__` would name nothing (`public ?string $;`), `_1` a class `1`.
 */
export const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The longest identifier MySQL and PostgreSQL accept is 64 and 63 characters. */
export const MAX_DATABASE_NAME_LENGTH = 63;

/** Why a pivot table name cannot be used, or undefined when it can. It names a table and a migration file. */
export function pivotTableProblem(table: string): string | undefined {
  if (!NAME.test(table)) {
    return `pivot table "${table}" is not a valid table name: use letters, digits and underscores, starting with a letter (e.g. post_tag)`;
  }
  if (table.length > MAX_DATABASE_NAME_LENGTH) {
    return `pivot table "${table}" is longer than ${MAX_DATABASE_NAME_LENGTH} characters, too long for a database table`;
  }
  return undefined;
}

export function isReservedClassName(name: string): boolean {
  return RESERVED_CLASS_NAMES.has(name.toLowerCase());
}

/** A class constant, and so an enum case, may be any identifier but `class`. */
export function isReservedConstantName(name: string): boolean {
  return name.toLowerCase() === 'class';
}

export function reservedClassNames(): readonly string[] {
  return [...RESERVED_CLASS_NAMES];
}
