import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { brokenLinks } from './links.js';

/** A tiny built site: what `npm run docs:check` reads after `vitepress build`, with clean URLs. */
function builtSite(files: Record<string, string>): string {
  const outDir = mkdtempSync(join(tmpdir(), 'fullapi-docs-links-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(outDir, file)), { recursive: true });
    writeFileSync(join(outDir, file), content);
  }
  return outDir;
}

function page(body: string): string {
  return `<!doctype html><html><head><link rel="stylesheet" href="/assets/style.css"></head><body>${body}</body></html>`;
}

const SITE = {
  'index.html': page(`
    <a href="/guide/start">page</a>
    <a href="/guide/start#first-entity">anchor</a>
    <a href="#top" id="top">same page</a>
    <a href="/guide/">folder page</a>
    <a href="https://laravel.com/docs">external</a>
    <a href="mailto:someone@example.com">mail</a>
    <img src="/logo.svg">`),
  'guide/start.html': page('<h2 id="first-entity">First entity</h2><a href="../">home</a><a href="./start#first-entity">relative</a>'),
  'guide/index.html': page('<a href="/guide/start">start</a>'),
  'assets/style.css': 'body {}',
  'logo.svg': '<svg/>',
};

test('a site whose every internal link and anchor resolves has no broken link; external links are not followed', () => {
  const outDir = builtSite(SITE);
  try {
    assert.equal(brokenLinks(outDir, '/'), []);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});

test('a link to a page that was not built and an anchor the page lacks are reported with the pages they are on', () => {
  const outDir = builtSite({
    ...SITE,
    'guide/start.html': page('<h2 id="first-entity">First entity</h2><a href="/guide/missing">gone</a><a href="/guide/start#no-such-section">wrong anchor</a>'),
    'guide/index.html': page('<a href="/guide/missing">gone</a><img src="/missing.png">'),
  });
  try {
    assert.equal(brokenLinks(outDir, '/'), [
      { link: '/guide/missing', problem: 'no page or file guide/missing was built', pages: ['guide/index.html', 'guide/start.html'] },
      { link: '/missing.png', problem: 'no page or file missing.png was built', pages: ['guide/index.html'] },
      { link: '/guide/start#no-such-section', problem: 'guide/start.html has no element with id "no-such-section"', pages: ['guide/start.html'] },
    ]);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});

test('under a base (a GitHub Pages project site), links are resolved under it and a link outside it is reported', () => {
  const outDir = builtSite({
    'index.html': page('<a href="/fullapi/guide/start#first-entity">in</a><a href="/guide/start">outside</a>'),
    'guide/start.html': page('<h2 id="first-entity">First entity</h2>'),
    'assets/style.css': '',
  });
  try {
    assert.equal(
      brokenLinks(outDir, '/fullapi/').map(({ link, problem }) => `${link}: ${problem}`),
      ['/assets/style.css: outside the site, which is served under /fullapi/', '/guide/start: outside the site, which is served under /fullapi/'],
    );
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});

test.run();
