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
import { error, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { PAGE_SIZE_CONFIG_FILE } from '../../plan/project-files.js';
import { readProjectText } from '../fs/project-file.js';
import { child, children, parsePhp, spanOfNode, type PhpNode } from '../../php/php-source.js';
import type { ProjectFs } from '../fs/project-fs.js';

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
  const parsed = parsePhp(PAGE_SIZE_CONFIG_FILE, text);
  if (!parsed.ok) return { diagnostics: [parsed.diagnostic] };
  const returned = returnedArray(children(parsed.value.program, 'children'));
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
  for (const item of children(returned, 'items')) {
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
function returnedArray(statements: readonly PhpNode[]): PhpNode | undefined {
  const others = statements.filter((statement) => statement.kind !== 'declare');
  const [only] = others;
  if (others.length !== 1 || only === undefined || only.kind !== 'return') return undefined;
  const expression = child(only, 'expr');
  return expression?.kind === 'array' ? expression : undefined;
}

type Setting = { key: ConfigKey; value: number } | { diagnostic: Diagnostic };

function settingOfItem(item: PhpNode): Setting {
  const invalid = (node: PhpNode, message: string): Setting => ({
    diagnostic: error('invalid_config', message, spanOfNode(node, PAGE_SIZE_CONFIG_FILE)),
  });
  if (item.kind !== 'entry') return invalid(item, `Every item of ${PAGE_SIZE_CONFIG_FILE} needs a key: 'per_page' or 'max_per_page'.`);
  const key = child(item, 'key');
  const keyName = key?.kind === 'string' ? key['value'] : undefined;
  if (typeof keyName !== 'string' || !isConfigKey(keyName)) {
    return invalid(key ?? item, `Unknown key in ${PAGE_SIZE_CONFIG_FILE}: the accepted keys are 'per_page' and 'max_per_page'.`);
  }
  const valueNode = child(item, 'value') ?? item;
  const value = positiveIntegerLiteral(valueNode);
  if (value === undefined) {
    return invalid(valueNode, `'${keyName}' must be a whole number of at least 1 written as a literal (env() and constants are not evaluated).`);
  }
  return { key: keyName, value };
}

function isConfigKey(name: string): name is ConfigKey {
  return Object.hasOwn(KEYS, name);
}

/** PHP integer literal forms: decimal, 0x hex, 0b binary, 0o or leading-zero octal, `_` separators. */
function positiveIntegerLiteral(node: PhpNode): number | undefined {
  if (node.kind !== 'number') return undefined;
  const raw = String(node['value']).replaceAll('_', '');
  const parsed = /^(?:[1-9]\d*|0[xX][\da-fA-F]+|0[bB][01]+|0[oO][0-7]+)$/.test(raw)
    ? Number(raw)
    : /^0[0-7]*$/.test(raw)
      ? Number.parseInt(raw, 8)
      : undefined;
  return parsed !== undefined && Number.isSafeInteger(parsed) && parsed >= 1 ? parsed : undefined;
}
