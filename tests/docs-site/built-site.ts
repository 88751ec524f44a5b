import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The built HTML files under a site's output folder, as paths relative to it with forward slashes, sorted. */
export function htmlFiles(outDir: string): string[] {
  return readdirSync(outDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(outDir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

/** The address (under the base) a built file is served at with clean URLs: guide/a.html is /guide/a, guide/index.html /guide/. */
export function pathOfHtmlFile(file: string): string {
  return `/${file.replace(/\.html$/, '').replace(/(^|\/)index$/, '$1')}`;
}

/** A sidebar link's page as a built file: /guide/a is guide/a.html, /guide/ guide/index.html. */
export function htmlFileOfPath(path: string): string {
  return path.endsWith('/') ? `${path.slice(1)}index.html` : `${path.slice(1)}.html`;
}
