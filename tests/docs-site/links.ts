import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { htmlFiles, pathOfHtmlFile } from './built-site.js';

/** One internal link that leads nowhere, and every page it is on. */
export interface BrokenLink {
  link: string;
  problem: string;
  pages: string[];
}

/** Stands for the site's own origin when resolving links: any link resolving elsewhere is external. */
const SITE_ORIGIN = 'http://site.invalid';
const LINKING_ATTRIBUTES = [
  ['a', 'href'],
  ['area', 'href'],
  ['link', 'href'],
  ['img', 'src'],
  ['script', 'src'],
  ['source', 'src'],
  ['iframe', 'src'],
] as const;
const NOT_A_LOCATION = /^(mailto|tel|javascript|data):/i;

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/**
 * Every internal link (href or src resolving to the site's origin) of every built page of `outDir`, a site served
 * under `base`: it must lead to a built file, under clean URLs as a static host serves them (/a is a.html, /a/ is
 * a/index.html), and its #fragment, when it has one, must be the id of an element of the page it leads to. External
 * links are not followed.
 */
export function brokenLinks(outDir: string, base: string): BrokenLink[] {
  const ids = new Map<string, Set<string>>();
  const documents = new Map<string, Document>();
  const documentOf = (file: string): Document => {
    let document = documents.get(file);
    if (!document) {
      document = new JSDOM(readFileSync(join(outDir, file), 'utf8')).window.document;
      documents.set(file, document);
    }
    return document;
  };
  const idsOf = (file: string): Set<string> => {
    let found = ids.get(file);
    if (!found) {
      const document = documentOf(file);
      found = new Set([...document.querySelectorAll('[id]')].map((element) => element.id));
      for (const anchor of document.querySelectorAll('a[name]')) found.add(anchor.getAttribute('name') ?? '');
      ids.set(file, found);
    }
    return found;
  };
  const targetFile = (path: string): string | undefined => {
    const candidates = path === '' || path.endsWith('/') ? [`${path}index.html`] : [path, `${path}.html`, `${path}/index.html`];
    return candidates.find((candidate) => isFile(join(outDir, candidate)));
  };

  const broken = new Map<string, BrokenLink>();
  const report = (page: string, link: string, problem: string) => {
    const key = `${link}\n${problem}`;
    const entry = broken.get(key) ?? { link, problem, pages: [] };
    if (!entry.pages.includes(page)) entry.pages.push(page);
    broken.set(key, entry);
  };
  for (const page of htmlFiles(outDir)) {
    const pageUrl = new URL(`${base}${pathOfHtmlFile(page).slice(1)}`, SITE_ORIGIN);
    const document = documentOf(page);
    for (const [tag, attribute] of LINKING_ATTRIBUTES) {
      for (const element of document.querySelectorAll(`${tag}[${attribute}]`)) {
        const link = element.getAttribute(attribute) ?? '';
        if (NOT_A_LOCATION.test(link)) continue;
        const url = new URL(link, pageUrl);
        if (url.origin !== SITE_ORIGIN) continue;
        if (!url.pathname.startsWith(base)) {
          report(page, link, `outside the site, which is served under ${base}`);
          continue;
        }
        const path = decodeURIComponent(url.pathname.slice(base.length));
        const target = targetFile(path);
        if (target === undefined) {
          report(page, link, `no page or file ${path || '(the home page)'} was built`);
        } else if (url.hash.length > 1 && target.endsWith('.html')) {
          const id = decodeURIComponent(url.hash.slice(1));
          if (!idsOf(target).has(id)) report(page, link, `${target} has no element with id "${id}"`);
        }
      }
    }
  }
  for (const document of documents.values()) document.defaultView?.close();
  return [...broken.values()];
}

export function describeBrokenLink({ link, problem, pages }: BrokenLink): string {
  const shown = pages.slice(0, 3).join(', ');
  const more = pages.length > 3 ? ` and ${pages.length - 3} more` : '';
  return `${link}: ${problem} (linked from ${shown}${more})`;
}
