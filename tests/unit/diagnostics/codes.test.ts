import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DIAGNOSTIC_CODES, type CodeSeverity } from '../../../src/diagnostics/codes.js';
import { repoRoot } from '../../support/repo-root.js';

/** How the sources report each code where they name it in a call of error(), warning() or warningAt(). */
function reportedSeverities(): Map<string, Set<'error' | 'warning'>> {
  const found = new Map<string, Set<'error' | 'warning'>>();
  for (const folder of ['src', 'grammar']) {
    const files = readdirSync(join(repoRoot(), folder), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    for (const file of files) {
      const text = readFileSync(join(repoRoot(), folder, file), 'utf8');
      for (const [, call, code] of text.matchAll(/\b(error|warning|warningAt)\(\s*'([a-z_]+)'/g)) {
        if (code === undefined) continue;
        const severities = found.get(code) ?? new Set();
        severities.add(call === 'error' ? 'error' : 'warning');
        found.set(code, severities);
      }
    }
  }
  return found;
}

const ALLOWED: Record<CodeSeverity, readonly string[]> = { error: ['error'], warning: ['warning'], either: ['error', 'warning'] };

test('each code is reported with the severity codes.ts gives it (what docs/reference/codes.md says)', () => {
  const found = reportedSeverities();
  assert.ok(found.size > 80, `only ${found.size} codes found reported`);
  const wrong = [...found].flatMap(([code, severities]) => {
    const declared = DIAGNOSTIC_CODES[code as keyof typeof DIAGNOSTIC_CODES];
    if (declared === undefined) return [`${code}: not in codes.ts`];
    return [...severities].filter((severity) => !ALLOWED[declared.severity].includes(severity)).map((severity) => `${code}: reported as ${severity}, declared ${declared.severity}`);
  });
  assert.equal(wrong, []);
});

test('a code declared as either is reported as both', () => {
  const found = reportedSeverities();
  const either = Object.entries(DIAGNOSTIC_CODES).filter(([, entry]) => entry.severity === 'either');
  assert.equal(
    either.filter(([code]) => found.get(code)?.size !== 2).map(([code]) => code),
    [],
  );
});

test.run();
