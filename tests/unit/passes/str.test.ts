import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { camel, kebab, plural, pluralStudly, singular, snake, studly } from '../../../src/passes/naming/str.js';

/** [input, expected] pairs, checked one by one so a failure names its input. */
function expectEach(transform: (value: string) => string, cases: readonly (readonly [string, string])[]): void {
  for (const [input, expected] of cases) {
    assert.is(transform(input), expected, `${JSON.stringify(input)} → ${JSON.stringify(expected)}`);
  }
}

test('plural follows regular, irregular and uninflected rules', () => {
  expectEach(plural, [
    ['category', 'categories'], ['address', 'addresses'], ['box', 'boxes'], ['status', 'statuses'],
    ['person', 'people'], ['child', 'children'], ['medium', 'media'], ['index', 'indices'],
    ['quiz', 'quizzes'], ['leaf', 'leaves'], ['wife', 'wives'], ['half', 'halves'], ['hero', 'heroes'],
    ['photo', 'photos'], ['virus', 'viri'], ['cactus', 'cacti'], ['bus', 'buses'], ['octopus', 'octopuses'],
    ['premium', 'premia'], ['forum', 'forums'], ['stadium', 'stadiums'], ['die', 'dice'],
  ]);
});

test('plural leaves uncountables, Laravel extras and non-word endings alone', () => {
  expectEach(plural, [
    ['media', 'media'], ['data', 'data'], ['news', 'news'], ['equipment', 'equipment'],
    ['information', 'information'], ['series', 'series'], ['software', 'software'], ['sms', 'sms'],
    ['social_media', 'social_media'], ['recommended', 'recommended'], ['Related', 'Related'],
    ['posts_', 'posts_'], ['foo-', 'foo-'], ['', ''],
  ]);
});

test('plural of an already plural word is not idempotent', () => {
  expectEach(plural, [['children', 'childrens'], ['criteria', 'criterias'], ['menus', 'menuses']]);
});

test('plural and singular keep the case of the input', () => {
  expectEach(plural, [['Person', 'People'], ['PERSON', 'PEOPLE'], ['D', 'DS'], ['iPhone', 'iPhones']]);
  expectEach(singular, [['Media', 'Medium'], ['STATUSES', 'STATUS'], ['People', 'Person']]);
});

test('singular, including the surprising results', () => {
  expectEach(singular, [
    ['people', 'person'], ['children', 'child'], ['statuses', 'status'], ['status', 'status'],
    ['categories', 'category'], ['criteria', 'criterion'], ['analyses', 'analysis'], ['buses', 'bus'],
    ['media', 'medium'], ['data', 'data'], ['axes', 'axe'], ['nurseries', 'nursery'],
    ['meta', 'metum'], ['quota', 'quotum'], ['bus', 'bu'], ['analysis', 'analysi'],
    ['social-media', 'social-medium'], ['product-data', 'product-datum'], ['blog_people', 'blog_person'],
    ['SocialMedia', 'SocialMedia'],
  ]);
});

test('pluralStudly pluralizes only the last StudlyCase word', () => {
  expectEach(pluralStudly, [
    ['BlogPost', 'BlogPosts'], ['SocialMedia', 'SocialMedia'], ['Person', 'People'],
    ['UserID', 'UserIDS'], ['APIKey', 'APIKeys'], ['Ticket3', 'Ticket3s'], ['iPhone', 'iPhones'],
  ]);
});

test('snake and kebab split before every ASCII capital', () => {
  expectEach(snake, [
    ['BlogPost', 'blog_post'], ['userId', 'user_id'], ['UserID', 'user_i_d'], ['APIKey', 'a_p_i_key'],
    ['OAuthToken', 'o_auth_token'], ['Product2Variant', 'product2_variant'], ['iPhone', 'i_phone'],
    ['HTTPRequest', 'h_t_t_p_request'], ['Foo_Bar', 'foo__bar'], ['blog post', 'blog_post'],
    ['blog_post', 'blog_post'],
  ]);
  expectEach(kebab, [['BlogPost', 'blog-post'], ['blog_post', 'blog_post'], ['social media', 'social-media']]);
  assert.is(snake('BlogPost', '.'), 'blog.post');
});

test('studly and camel', () => {
  expectEach(studly, [
    ['blog_post', 'BlogPost'], ['social-media', 'SocialMedia'], ['blog post', 'BlogPost'],
    ['iPhone', 'IPhone'], ['foo__bar', 'FooBar'], ['ärger', 'Ärger'],
  ]);
  expectEach(camel, [
    ['blog_post', 'blogPost'], ['BlogPost', 'blogPost'], ['HTTPRequest', 'hTTPRequest'],
    ['APIKey', 'aPIKey'], ['UserID', 'userID'], ['Ärger', 'Ärger'],
  ]);
});

test('order matters: tables come from pluralStudly before snake', () => {
  assert.is(snake(pluralStudly('SocialMedia')), 'social_media');
  assert.is(plural(kebab('SocialMedia')), 'social-medias');
  assert.is(snake(pluralStudly('Datum')), 'data');
});

test.run();
