import type { Range } from 'vscode-languageserver';
import { lineAt } from './ranges.js';

/**
 * Laravel's rules that name another field of the request, and which of their parameters do, after
 * Illuminate\Validation\Validator::$dependentRules: `first`, the first only (the others are values, or a rule
 * such as `after:date` reads a date when no field has the name); `all`, every one. `unique` is left out: its
 * parameters are a table and a column, which a rename of a field does not decide.
 */
const FIELD_PARAMETERS: Readonly<Record<string, 'first' | 'all'>> = {
  after: 'first',
  after_or_equal: 'first',
  before: 'first',
  before_or_equal: 'first',
  confirmed: 'first',
  different: 'first',
  same: 'first',
  gt: 'first',
  gte: 'first',
  lt: 'first',
  lte: 'first',
  accepted_if: 'first',
  declined_if: 'first',
  exclude_if: 'first',
  exclude_unless: 'first',
  required_if: 'first',
  required_unless: 'first',
  required_if_accepted: 'first',
  required_if_declined: 'first',
  present_if: 'first',
  present_unless: 'first',
  prohibited_if: 'first',
  prohibited_unless: 'first',
  prohibited_if_accepted: 'first',
  prohibited_if_declined: 'first',
  missing_if: 'first',
  missing_unless: 'first',
  exclude_with: 'first',
  exclude_without: 'first',
  required_with: 'all',
  required_with_all: 'all',
  required_without: 'all',
  required_without_all: 'all',
  present_with: 'all',
  present_with_all: 'all',
  missing_with: 'all',
  missing_with_all: 'all',
  prohibits: 'all',
};

/** A rule as a schema file writes it: its name, a colon, its comma-separated parameters, up to `|`, a quote, a bracket or a space. */
const RULE = /(?<![\w.])([a-z_]+):([^\s|"'\]}]+)/g;

/** Where a rule on the 0-based `line` names the field `name` as one of its field parameters. */
export function ruleParameterRanges(text: string, line: number, name: string): Range[] {
  const content = lineAt(text, line);
  return [...content.matchAll(RULE)].flatMap((match) => {
    const which = FIELD_PARAMETERS[match[1] ?? ''];
    if (which === undefined) return [];
    let character = match.index + (match[1]?.length ?? 0) + 1;
    const ranges: Range[] = [];
    (match[2] ?? '').split(',').forEach((parameter, index) => {
      if (parameter === name && (which === 'all' || index === 0)) ranges.push({ start: { line, character }, end: { line, character: character + name.length } });
      character += parameter.length + 1;
    });
    return ranges;
  });
}
