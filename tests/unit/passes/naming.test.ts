import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { nameEntity } from '../../../src/passes/naming.js';

/** Expected values are what Laravel 12/13 produce (laravel-facts.md section 2, checked by running Router). */
const CASES: [string, string, string, string, string][] = [
  // class, table, route segment, route parameter, controller variable
  ['Post', 'posts', 'posts', 'post', 'post'],
  ['BlogPost', 'blog_posts', 'blog-posts', 'blog_post', 'blogPost'],
  ['Media', 'media', 'media', 'medium', 'medium'],
  ['SocialMedia', 'social_media', 'social-media', 'social_medium', 'socialMedium'],
  ['Person', 'people', 'people', 'person', 'person'],
  ['Status', 'statuses', 'statuses', 'status', 'status'],
  ['Equipment', 'equipment', 'equipment', 'equipment', 'equipment'],
  ['Datum', 'data', 'data', 'data', 'data'],
  ['Axis', 'axes', 'axes', 'axe', 'axe'],
  ['Category', 'categories', 'categories', 'category', 'category'],
  ['Child', 'children', 'children', 'child', 'child'],
];

for (const [className, table, segment, parameter, variable] of CASES) {
  test(`${className}: ${table}, ${segment}/{${parameter}}, $${variable}`, () => {
    const naming = nameEntity(className);
    assert.equal(
      [naming.className, naming.table, naming.routeSegment, naming.routeParameter, naming.modelVariable],
      [className, table, segment, parameter, variable],
    );
  });
}

test('a lowercase entity name becomes the class name Laravel developers write', () => {
  assert.is(nameEntity('post').className, 'Post');
});

test.run();
