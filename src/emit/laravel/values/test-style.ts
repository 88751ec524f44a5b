import type { Entity } from '../../../ir/ir.generated.js';
import { phpString } from './php-literals.js';

/**
 * How a generated test is written: PHPUnit classes (the default) or Pest's `it(...)`/`expect(...)`
 * (`--expressive-tests`). The emitters compute each case's values once and render its checks and its
 * cases through a style, so both styles test the same things. HTTP and database assertions stay
 * `$this->...` in both: Pest binds each closure to the Laravel TestCase, and its docs write them so.
 */
export interface TestStyle {
  /** `actual` is identical (===) to `expected`. */
  same(expected: string, actual: string): string;
  isTrue(actual: string): string;
  isNull(actual: string): string;
  hasCount(count: number, actual: string): string;
  equalsCanonicalizing(expected: string, actual: string): string;
  lacksKey(key: string, array: string): string;
  /** One case: its body's lines, unindented, in a method or an `it(...)` closure. */
  testCase(testCase: TestCase): string;
}

export interface TestCase {
  /** The PHPUnit method's name after `test_`. */
  method: string;
  /** What Pest says after `it`. */
  it: string;
  body: readonly string[];
}

const indent = (lines: readonly string[]): string[] => lines.map((line) => (line === '' ? '' : `    ${line}`));

export const PHPUNIT_STYLE: TestStyle = {
  same: (expected, actual) => `$this->assertSame(${expected}, ${actual});`,
  isTrue: (actual) => `$this->assertTrue(${actual});`,
  isNull: (actual) => `$this->assertNull(${actual});`,
  hasCount: (count, actual) => `$this->assertCount(${count}, ${actual});`,
  equalsCanonicalizing: (expected, actual) => `$this->assertEqualsCanonicalizing(${expected}, ${actual});`,
  lacksKey: (key, array) => `$this->assertArrayNotHasKey(${key}, ${array});`,
  testCase: ({ method, body }) => [`public function test_${method}(): void`, '{', ...indent(body), '}'].join('\n'),
};

export const PEST_STYLE: TestStyle = {
  same: (expected, actual) => `expect(${actual})->toBe(${expected});`,
  isTrue: (actual) => `expect(${actual})->toBeTrue();`,
  isNull: (actual) => `expect(${actual})->toBeNull();`,
  hasCount: (count, actual) => `expect(${actual})->toHaveCount(${count});`,
  equalsCanonicalizing: (expected, actual) => `expect(${actual})->toEqualCanonicalizing(${expected});`,
  lacksKey: (key, array) => `expect(${array})->not->toHaveKey(${key});`,
  testCase: ({ it, body }) => [`it(${phpString(it)}, function () {`, ...indent(body), '});'].join('\n'),
};

export function testStyle(entity: Entity): TestStyle {
  return entity.options?.expressiveTests === true ? PEST_STYLE : PHPUNIT_STYLE;
}
