// `npm run docs:check` (after docs:build): the built documentation site's internal links and anchors, its llms.txt,
// and its pages in headless Chromium (console, requests, mermaid diagrams, local search). Every problem is printed
// with the page it is on; the exit code is 1 when there is any.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveConfig, type DefaultTheme } from 'vitepress';
import { repoRoot } from '../support/repo-root.js';
import { browserProblems } from './browser.js';
import { htmlFileOfPath } from './built-site.js';
import { brokenLinks, describeBrokenLink } from './links.js';
import { wordOnlyInOnePage } from './search-word.js';

const CHROMIUM = process.env['CHROMIUM'] ?? '/usr/bin/chromium';

function sidebarLinks(items: DefaultTheme.SidebarItem[]): string[] {
  return items.flatMap((item) => [...(item.link ? [item.link] : []), ...sidebarLinks(item.items ?? [])]);
}

function markdownCopy(path: string): string {
  return path.endsWith('/') ? `${path}index.md` : `${path}.md`;
}

/** llms.txt links every sidebar page's Markdown copy, which was written, and llms-full.txt carries each page. */
function llmsProblems(outDir: string, base: string, pages: string[]): string[] {
  const index = join(outDir, 'llms.txt');
  const full = join(outDir, 'llms-full.txt');
  if (!existsSync(index) || !existsSync(full)) return ['llms.txt or llms-full.txt was not written by the build'];
  const listed = new Set([...readFileSync(index, 'utf8').matchAll(/^- \[[^\]]*\]\(([^)]+)\)/gm)].map((match) => match[1]));
  const fullText = readFileSync(full, 'utf8');
  return pages.flatMap((page) => {
    const url = `${base}${markdownCopy(page).slice(1)}`;
    if (!listed.has(url)) return [`llms.txt: the sidebar page ${page} is not listed (as ${url})`];
    if (!existsSync(join(outDir, markdownCopy(page)))) return [`llms.txt: ${url} lists a Markdown copy that was not written`];
    if (!fullText.includes(`\nSource: ${url}\n`)) return [`llms-full.txt: the sidebar page ${page} is missing`];
    return [];
  });
}

/** Every page but the home page is in the sidebar: a page left out of it is one no reader finds. */
function pagesOutsideSidebar(markdownPages: string[], sidebar: string[]): string[] {
  const inSidebar = new Set(sidebar);
  return markdownPages
    .map((file) => `/${file.replace(/\.md$/, '').replace(/(^|\/)index$/, '$1')}`)
    .filter((path) => path !== '/' && !inSidebar.has(path))
    .map((path) => `${path}: a page the sidebar (docs/.vitepress/sidebar.mts) does not list`);
}

async function main(): Promise<number> {
  const started = Date.now();
  const config = await resolveConfig(join(repoRoot(), 'docs'), 'build', 'production');
  const { outDir } = config;
  const base = config.site.base;
  if (!existsSync(join(outDir, 'index.html'))) {
    console.error(`${outDir} has no built site: run npm run docs:build first`);
    return 1;
  }
  const sidebar = sidebarLinks((config.site.themeConfig as DefaultTheme.Config).sidebar as DefaultTheme.SidebarItem[]);
  const failures: string[] = [];
  const section = (name: string, problems: string[], elapsedFrom: number) => {
    const seconds = ((Date.now() - elapsedFrom) / 1000).toFixed(1);
    console.log(`${problems.length === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
    for (const problem of problems) console.log(`     ${problem}`);
    failures.push(...problems);
  };

  let from = Date.now();
  section('internal links and anchors of the built HTML', brokenLinks(outDir, base).map(describeBrokenLink), from);
  from = Date.now();
  section('every page in the sidebar, every sidebar page in llms.txt', [...pagesOutsideSidebar(config.pages, sidebar), ...llmsProblems(outDir, base, sidebar)], from);

  from = Date.now();
  const guidePage = sidebar.find((page) => page.startsWith('/guide/') && existsSync(join(outDir, htmlFileOfPath(page))));
  const search = wordOnlyInOnePage(outDir, [...(guidePage ? [guidePage] : []), ...sidebar]);
  const pagesWithDiagrams = ['/', ...sidebar].filter((page) => {
    const file = join(outDir, htmlFileOfPath(page));
    return existsSync(file) && readFileSync(file, 'utf8').includes('class="mermaid-diagram"');
  });
  const setUpProblems = [
    ...(guidePage ? [] : ['no guide page was built, to open in the browser']),
    ...(search ? [] : ['no page has a word in its body that no other page has, to search for']),
    ...(pagesWithDiagrams.length > 0 ? [] : ['no page has a mermaid diagram, to see drawn']),
    ...(existsSync(CHROMIUM) ? [] : [`no Chromium at ${CHROMIUM}: apt-get install chromium, or CHROMIUM=<binary>`]),
  ];
  if (setUpProblems.length > 0 || !guidePage || !search) {
    section('the built pages in headless Chromium', setUpProblems, from);
  } else {
    const pages = [...new Set(['/', guidePage, ...pagesWithDiagrams])];
    const problems = await browserProblems({ outDir, base, executablePath: CHROMIUM, pages, pagesWithDiagrams, search });
    section(`${pages.join(', ')} in headless Chromium (search for "${search.word}" finds ${search.page})`, problems, from);
  }

  console.log(`${failures.length === 0 ? 'docs check passed' : `docs check FAILED: ${failures.length} problem(s)`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return failures.length === 0 ? 0 : 1;
}

process.exitCode = await main();
