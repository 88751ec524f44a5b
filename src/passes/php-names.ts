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
