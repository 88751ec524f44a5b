import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { documentationPages, MarkerError, runnableExamples, type ShellExample } from '../support/runnable-examples.js';
import { repoRoot } from '../support/repo-root.js';

/** The markers of the runnable examples (tests/e2e/docs-examples.ts runs them): a bad one fails here, not silently. */

const PAGE = 'docs/guide/page.md';

function problems(markdown: string): string {
  try {
    runnableExamples(PAGE, markdown);
  } catch (cause) {
    if (cause instanceof MarkerError) return cause.message;
    throw cause;
  }
  throw new Error('the page was accepted');
}

test('a marker with every clause, and a block of several commands', () => {
  const markdown = [
    '# Title',
    '',
    '<!-- runnable: exit 1; creates app/Models/Post.php, routes/api.php; deletes class_data.json; prints "Post; \\"quoted\\""; prints "done" -->',
    '```sh',
    '# a comment',
    'php artisan make:fullapi Post --fields="title:string;x" \\',
    '  --soft-deletes',
    '',
    'php artisan migrate && php artisan test',
    '```',
  ].join('\n');
  const [example, ...others] = runnableExamples(PAGE, markdown);
  assert.is(others.length, 0);
  assert.equal(example, {
    kind: 'shell',
    page: PAGE,
    line: 4,
    commands: [
      { text: 'php artisan make:fullapi Post --fields="title:string;x" --soft-deletes', line: 6 },
      { text: 'php artisan migrate && php artisan test', line: 9 },
    ],
    exit: 1,
    creates: ['app/Models/Post.php', 'routes/api.php'],
    deletes: ['class_data.json'],
    prints: ['Post; "quoted"', 'done'],
  } satisfies ShellExample);
});

test('a bare marker claims exit 0; unmarked blocks and markers shown inside a fence are not run', () => {
  const markdown = [
    '```sh',
    'php artisan serve',
    '```',
    '````md',
    '<!-- runnable: nonsense -->',
    '```sh',
    'rm -rf /',
    '```',
    '````',
    '<!-- runnable -->',
    '```bash',
    'npx laravel-fullapi make Post --fields=title:string',
    '```',
  ].join('\n');
  const examples = runnableExamples(PAGE, markdown);
  assert.equal(
    examples.map((example) => (example.kind === 'shell' ? [example.line, example.exit, example.commands.map((command) => command.text)] : [])),
    [[11, 0, ['npx laravel-fullapi make Post --fields=title:string']]],
  );
});

test('a file block writes its text to the path its marker names', () => {
  const markdown = ['<!-- runnable: file api-schema.yaml -->', '```yaml', 'entities:', '  Post:', '    title: string', '```'].join('\n');
  assert.equal(runnableExamples(PAGE, markdown), [{ kind: 'file', page: PAGE, line: 2, path: 'api-schema.yaml', content: 'entities:\n  Post:\n    title: string\n' }]);
});

test('a fence indented in a list item is read without its indentation', () => {
  const markdown = ['1. Save it:', '   <!-- runnable: file api-schema.yaml -->', '   ```yaml', '   entities:', '     Post: {}', '   ```', '', 'A comment of another kind: <!-- run it twice -->', '<!-- run it twice -->'].join('\n');
  assert.equal(runnableExamples(PAGE, markdown), [{ kind: 'file', page: PAGE, line: 3, path: 'api-schema.yaml', content: 'entities:\n  Post: {}\n' }]);
});

test('a malformed marker is refused with its page and line', () => {
  const refused: readonly [string, RegExp][] = [
    ['<!-- runable -->\n```sh\nphp artisan migrate\n```', /^docs\/guide\/page\.md:1: not a runnable marker/],
    ['<!-- Runnables: exit 1 -->\n```sh\nphp artisan migrate\n```', /^docs\/guide\/page\.md:1: not a runnable marker/],
    ['text\n<!-- runnable exit 1 -->\n```sh\nphp artisan migrate\n```', /^docs\/guide\/page\.md:2: not a runnable marker/],
    ['<!-- runnable: exits 1 -->\n```sh\nphp artisan migrate\n```', /:1: unknown clause "exits 1"/],
    ['<!-- runnable: exit 256 -->\n```sh\nphp artisan migrate\n```', /:1: unknown clause "exit 256"/],
    ["<!-- runnable: prints 'Post' -->\n```sh\nphp artisan migrate\n```", /:1: prints takes one text in double quotes/],
    ['<!-- runnable: prints "Post -->\n```sh\nphp artisan migrate\n```', /:1: an unclosed quote/],
    ['<!-- runnable: creates ../outside.php -->\n```sh\nphp artisan migrate\n```', /:1: "\.\.\/outside\.php" is not a path inside the application/],
    ['<!-- runnable -->\n\n```sh\nphp artisan migrate\n```', /:1: a runnable marker must be right above a fenced block/],
    ['<!-- runnable -->\n```sh\nphp artisan migrate', /:2: the fenced block is never closed/],
    ['<!-- runnable -->\n```sh\n# nothing\n```', /:1: the runnable block holds no command/],
    ['<!-- runnable -->\n```yaml\na: 1\n```', /:1: a runnable yaml block is a file/],
    ['<!-- runnable -->\n```sh\nphp artisan serve\n```', /:1: line 3: `php artisan serve` does not end by itself/],
    ['<!-- runnable -->\n```sh\nphp artisan make:fullapi --interactive\n```', /asks on a terminal/],
    ['<!-- runnable -->\n```sh\nnpx fullapi make Post\n```', /runs an unrelated npm package/],
    ['<!-- runnable -->\n```sh\ncurl http://localhost:8000/api/posts\n```', /is none of the commands an example may run/],
    ['<!-- runnable -->\n```sh\nphp artisan route:list | grep posts\n```', /uses a pipe/],
    ['<!-- runnable -->\n```sh\nphp artisan queue:work &\n```', /uses a pipe/],
    ['<!-- runnable -->\n```sh\nphp artisan migrate \\\n```', /:1: line 3: the last command ends in \\/],
  ];
  for (const [markdown, message] of refused) assert.match(problems(markdown), message, markdown);
});

test('every bad marker of a page is named, not only the first', () => {
  const message = problems('<!-- runable -->\n\n<!-- runnable: exits 1 -->\n```sh\nphp artisan migrate\n```');
  assert.match(message, /page\.md:1:/);
  assert.match(message, /page\.md:3:/);
});

test('every marker in docs/ is well formed, and the getting-started page has runnable commands', () => {
  const pages = documentationPages(repoRoot());
  const gettingStarted = pages.find((page) => page.page === 'docs/guide/getting-started.md');
  assert.ok(gettingStarted !== undefined, 'docs/guide/getting-started.md is missing');
  assert.ok(
    gettingStarted.examples.some((example) => example.kind === 'shell'),
    'docs/guide/getting-started.md has no runnable shell example',
  );
});

test.run();
