import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { htmlFileOfPath, htmlFiles, pathOfHtmlFile } from './built-site.js';

/** Long enough that the search's prefix and fuzzy matching are unlikely to bring up other pages before it. */
const MIN_LENGTH = 8;

function words(text: string): Set<string> {
  return new Set(text.toLowerCase().split(/[^\p{L}]+/u).filter((word) => word.length >= MIN_LENGTH));
}

/**
 * A word of one of `candidates`' paragraphs (the first of them that has one) that no other built page has anywhere,
 * and that is not in that page's headings: a search finding the page by it has read the page's body.
 */
export function wordOnlyInOnePage(outDir: string, candidates: string[]): { word: string; page: string } | undefined {
  const documents = new Map(
    htmlFiles(outDir)
      .filter((file) => file !== '404.html')
      .map((file) => [file, new JSDOM(readFileSync(join(outDir, file), 'utf8')).window.document] as const),
  );
  try {
    for (const page of candidates) {
      const file = htmlFileOfPath(page);
      const document = documents.get(file);
      if (!document) continue;
      const elsewhere = new Set<string>();
      for (const [other, otherDocument] of documents) if (other !== file) for (const word of words(otherDocument.body.textContent ?? '')) elsewhere.add(word);
      const headings = words([...document.querySelectorAll('h1, h2, h3, h4, h5, h6, title')].map((heading) => heading.textContent).join(' '));
      const paragraphs = [...document.querySelectorAll('.vp-doc p')].map((paragraph) => paragraph.textContent ?? '').join(' ');
      const word = [...words(paragraphs)].find((candidate) => !elsewhere.has(candidate) && !headings.has(candidate));
      if (word) return { word, page: pathOfHtmlFile(file) };
    }
    return undefined;
  } finally {
    for (const document of documents.values()) document.defaultView?.close();
  }
}
