import { FAMILIES, familyInfo, type Family } from './families.js';
import { TARGETS, type Scenario, type Target } from './scenario.js';

/** Which scenarios prove each feature family on each target: what run.js --matrix prints and docs/contributing/testing.md shows. */

export type Matrix = Map<Family, Map<Target, string[]>>;

export function engineMatrix(scenarios: readonly Scenario[]): Matrix {
  const matrix: Matrix = new Map((Object.keys(FAMILIES) as Family[]).map((family) => [family, new Map(TARGETS.map((target) => [target, []]))]));
  for (const scenario of scenarios) {
    for (const family of scenario.families) {
      for (const target of scenario.engines) matrix.get(family)?.get(target)?.push(scenario.name);
    }
  }
  return matrix;
}

function exemption(family: Family, target: Target): string | undefined {
  return familyInfo(family).notOn?.[target];
}

/** `relations on mariadb`, for each family a target proves in none of its scenarios, though no exemption says why. */
export function unprovenFamilies(matrix: Matrix): string[] {
  return [...matrix].flatMap(([family, byTarget]) =>
    [...byTarget].filter(([target, names]) => names.length === 0 && exemption(family, target) === undefined).map(([target]) => `${family} on ${target}`),
  );
}

/** Exemptions no longer needed: a scenario of the family runs on the target after all. */
export function needlessExemptions(matrix: Matrix): string[] {
  return [...matrix].flatMap(([family, byTarget]) =>
    [...byTarget].filter(([target, names]) => names.length > 0 && exemption(family, target) !== undefined).map(([target]) => `${family} on ${target}`),
  );
}

/** The matrix as a Markdown table: a row per family, a column per target, the scenarios in each cell. */
export function formatMatrix(matrix: Matrix): string {
  const header = `| family | ${TARGETS.join(' | ')} |\n|---|${TARGETS.map(() => '---').join('|')}|`;
  const rows = [...matrix].map(([family, byTarget]) => {
    const cells = TARGETS.map((target) => {
      const names = byTarget.get(target) ?? [];
      return names.length > 0 ? names.join(', ') : `none: ${exemption(family, target) ?? 'NOT PROVEN'}`;
    });
    return `| ${family} | ${cells.join(' | ')} |`;
  });
  return [header, ...rows].join('\n');
}
