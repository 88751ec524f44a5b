import { chromium, type Page } from 'playwright-core';
import { serveStaticSite } from './static-server.js';

export interface BrowserChecks {
  outDir: string;
  base: string;
  /** The Chromium binary: Debian's `chromium` in CI. */
  executablePath: string;
  /** Site paths (under the base, as the sidebar writes them) to open, each checked for console errors and failed requests. */
  pages: string[];
  /** Of those, the pages with a mermaid diagram: each diagram must be drawn as an SVG. */
  pagesWithDiagrams: string[];
  /** Typed into the local search box on pages[1] (or pages[0]); `page` must be among the results. */
  search: { word: string; page: string };
}

const DIAGRAM_TIMEOUT_MS = 30_000;
const SEARCH_TIMEOUT_MS = 15_000;

/**
 * Opens built pages in headless Chromium over a local static server and returns what is wrong, each problem naming
 * its page: a console error, an uncaught exception, a request that failed or answered 4xx/5xx, a mermaid diagram
 * not drawn, a search that does not find its page. The server and the browser are stopped whatever happens.
 */
export async function browserProblems(checks: BrowserChecks): Promise<string[]> {
  const problems: string[] = [];
  const site = await serveStaticSite(checks.outDir, checks.base);
  try {
    const browser = await chromium.launch({ executablePath: checks.executablePath });
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const searchFrom = checks.pages[1] ?? checks.pages[0];
      for (const path of checks.pages) {
        const page = await context.newPage();
        const url = new URL(path.slice(1), site.url).href;
        const report = (problem: string) => problems.push(`${path}: ${problem}`);
        page.on('console', (message) => {
          if (message.type() === 'error') report(`console error: ${message.text()} (${message.location().url || 'no source'})`);
        });
        page.on('pageerror', (error) => report(`uncaught exception: ${error.message}`));
        page.on('requestfailed', (request) => report(`request failed: ${request.url()} (${request.failure()?.errorText ?? 'no reason given'})`));
        page.on('response', (response) => {
          if (response.status() >= 400) report(`request answered ${response.status()}: ${response.url()}`);
        });
        await page.goto(url, { waitUntil: 'load' });
        if (checks.pagesWithDiagrams.includes(path)) await checkDiagrams(page, report);
        if (path === searchFrom) await checkSearch(page, checks.base, checks.search, report);
        // Late requests (the search index, mermaid's chunks) fail after `load`: they are reported once the page is quiet.
        await page.waitForLoadState('networkidle');
        await page.close();
      }
    } finally {
      await browser.close();
    }
  } finally {
    await site.close();
  }
  return problems;
}

async function checkDiagrams(page: Page, report: (problem: string) => void): Promise<void> {
  const settled = () => {
    const diagrams = [...document.querySelectorAll('.mermaid-diagram')];
    return diagrams.length > 0 && diagrams.every((diagram) => diagram.querySelector('svg') || diagram.querySelector('.mermaid-error'));
  };
  try {
    await page.waitForFunction(settled, undefined, { timeout: DIAGRAM_TIMEOUT_MS });
  } catch {
    report(`its mermaid diagrams were not drawn within ${DIAGRAM_TIMEOUT_MS / 1000} s`);
    return;
  }
  const errors = await page.$$eval('.mermaid-diagram .mermaid-error', (elements) => elements.map((element) => element.textContent ?? ''));
  for (const error of errors) report(`a mermaid diagram was not drawn: ${error}`);
}

async function checkSearch(page: Page, base: string, search: BrowserChecks['search'], report: (problem: string) => void): Promise<void> {
  const expected = `${base}${search.page.slice(1)}`;
  await page.click('.VPNavBarSearch button.DocSearch-Button');
  await page.fill('#localsearch-input', search.word);
  const found = (path: string) =>
    [...document.querySelectorAll<HTMLAnchorElement>('.VPLocalSearchBox a.result')].some((result) => new URL(result.href).pathname === path);
  try {
    await page.waitForFunction(found, expected, { timeout: SEARCH_TIMEOUT_MS });
  } catch {
    const results = await page.$$eval('.VPLocalSearchBox a.result', (elements) => elements.map((element) => element.getAttribute('href')));
    report(`searching for "${search.word}" did not find ${search.page} within ${SEARCH_TIMEOUT_MS / 1000} s; results: ${results.join(', ') || 'none'}`);
  }
  await page.keyboard.press('Escape');
}
