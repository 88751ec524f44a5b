import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isReservedClassName, reservedClassNames } from '../../src/passes/php-names.js';

/** Asks PHP itself, so the list of reserved class names cannot hold a word PHP accepts. */
function phpAcceptsClassName(name: string): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'fullapi-names-'));
  const file = join(dir, 'probe.php');
  writeFileSync(file, `<?php\n\nclass ${name}\n{\n}\n`);
  try {
    execFileSync('php', ['-n', '-l', file], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

test('PHP refuses every name we call reserved, in any case', () => {
  const accepted = reservedClassNames().filter((name) => phpAcceptsClassName(name[0]?.toUpperCase() + name.slice(1)));
  assert.equal(accepted, []);
});

test('PHP accepts the ordinary names we accept', () => {
  for (const name of ['Post', 'Enum', 'Resource', 'Record', 'Media']) {
    assert.not.ok(isReservedClassName(name), name);
    assert.ok(phpAcceptsClassName(name), name);
  }
});

test.run();
