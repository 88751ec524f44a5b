/**
 * The page size settings, from the file `vendor:publish --tag=api-generator-config` publishes.
 * The one shape accepted, both keys optional, nothing else in the array:
 *
 *   <?php
 *
 *   return [
 *       'per_page' => 15,
 *       'max_per_page' => 100,
 *   ];
 *
 * Values must be integer literals of at least 1 (with `per_page` not above `max_per_page`): the
 * generator reads the file without running it, so `env(...)` or constants cannot be evaluated, and a
 * value it cannot use is an error rather than a silent default.
 */
import type { Array as PhpArray, Entry, Node } from 'php-parser';
import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import { PAGE_SIZE_CONFIG_FILE } from '../emit/laravel/page-size-config.js';
import { readProjectText } from './project-file.js';
import { parsePhp, spanOfNode } from './php-source.js';
import type { ProjectFs } from './project-fs.js';

export const DEFAULT_PER_PAGE = 15;
export const DEFAULT_MAX_PER_PAGE = 100;

const KEYS = { per_page: 'perPage', max_per_page: 'maxPerPage' } as const;
type ConfigKey = keyof typeof KEYS;

export interface PageSizes {
  perPage: number;
  maxPerPage: number;
}

export function readPageSizeConfig(root: string, fs: ProjectFs): { pageSizes?: PageSizes; diagnostics: Diagnostic[] } {
  const read = readProjectText(root, PAGE_SIZE_CONFIG_FILE, fs);
  if (read.status === 'missing') return { pageSizes: defaults(), diagnostics: [] };
  if (read.status === 'failed') return { diagnostics: [read.diagnostic] };
  return pageSizesFromPhp(read.text);
}

/** The settings in a config file's text; exported for tests and `validate` commands. */
export function pageSizesFromPhp(text: string): { pageSizes?: PageSizes; diagnostics: Diagnostic[] } {
  const parsed = parsePhp(text, PAGE_SIZE_CONFIG_FILE);
  if (!parsed.ok) return { diagnostics: [parsed.diagnostic] };
  const returned = returnedArray(parsed.program.children);
  if (returned === undefined) {
    return {
      diagnostics: [
        error(
          'unexpected_php_shape',
          `${PAGE_SIZE_CONFIG_FILE} must consist of one \`return [...]\` statement with an array literal.`,
          { file: PAGE_SIZE_CONFIG_FILE },
        ),
      ],
    };
  }

  const pageSizes = defaults();
  const diagnostics: Diagnostic[] = [];
  for (const item of returned.items) {
    const setting = settingOfItem(item);
    if ('diagnostic' in setting) diagnostics.push(setting.diagnostic);
    else pageSizes[KEYS[setting.key]] = setting.value;
  }
  if (diagnostics.length === 0 && pageSizes.perPage > pageSizes.maxPerPage) {
    diagnostics.push(
      error(
        'invalid_config',
        `per_page (${pageSizes.perPage}) is larger than max_per_page (${pageSizes.maxPerPage}) in ${PAGE_SIZE_CONFIG_FILE}.`,
        { file: PAGE_SIZE_CONFIG_FILE },
      ),
    );
  }
  return diagnostics.length === 0 ? { pageSizes, diagnostics } : { diagnostics };
}

function defaults(): PageSizes {
  return { perPage: DEFAULT_PER_PAGE, maxPerPage: DEFAULT_MAX_PER_PAGE };
}

/** The array of the file's `return`, allowing only `declare(...)` statements around it. */
function returnedArray(statements: Node[]): PhpArray | undefined {
  const others = statements.filter((statement) => statement.kind !== 'declare');
  const [only] = others;
  if (others.length !== 1 || only === undefined || only.kind !== 'return') return undefined;
  const expression = (only as Node & { expr: Node | null }).expr;
  return expression !== null && expression.kind === 'array' ? (expression as PhpArray) : undefined;
}

type Setting = { key: ConfigKey; value: number } | { diagnostic: Diagnostic };

function settingOfItem(item: Node): Setting {
  const invalid = (node: Node, message: string): Setting => ({
    diagnostic: error('invalid_config', message, spanOfNode(node, PAGE_SIZE_CONFIG_FILE)),
  });
  if (item.kind !== 'entry') return invalid(item, `Every item of ${PAGE_SIZE_CONFIG_FILE} needs a key: 'per_page' or 'max_per_page'.`);
  const entry = item as Entry;
  const key = entry.key;
  if (key === null || key.kind !== 'string' || !isConfigKey((key as Node & { value: string }).value)) {
    return invalid(entry.key ?? entry, `Unknown key in ${PAGE_SIZE_CONFIG_FILE}: the accepted keys are 'per_page' and 'max_per_page'.`);
  }
  const name = (key as Node & { value: ConfigKey }).value;
  const value = positiveIntegerLiteral(entry.value);
  if (value === undefined) {
    return invalid(entry.value, `'${name}' must be a whole number of at least 1 written as a literal (env() and constants are not evaluated).`);
  }
  return { key: name, value };
}

function isConfigKey(name: string): name is ConfigKey {
  return Object.hasOwn(KEYS, name);
}

/** PHP integer literal forms: decimal, 0x hex, 0b binary, 0o or leading-zero octal, `_` separators. */
function positiveIntegerLiteral(node: Node): number | undefined {
  if (node.kind !== 'number') return undefined;
  const raw = String((node as Node & { value: unknown }).value).replaceAll('_', '');
  const parsed = /^(?:[1-9]\d*|0[xX][\da-fA-F]+|0[bB][01]+|0[oO][0-7]+)$/.test(raw)
    ? Number(raw)
    : /^0[0-7]*$/.test(raw)
      ? Number.parseInt(raw, 8)
      : undefined;
  return parsed !== undefined && Number.isSafeInteger(parsed) && parsed >= 1 ? parsed : undefined;
}
