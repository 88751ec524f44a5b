import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

export interface StaticSite {
  /** The site's address, base included, ending in a slash. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a built site under `base` on a free local port, as a static host does with clean URLs: /a is a.html,
 * /a/ is a/index.html, anything else 404 with the site's 404.html.
 */
export async function serveStaticSite(outDir: string, base: string): Promise<StaticSite> {
  const root = normalize(outDir + sep);
  const fileOf = (pathname: string): string | undefined => {
    if (!pathname.startsWith(base)) return undefined;
    const path = decodeURIComponent(pathname.slice(base.length));
    const candidates = path === '' || path.endsWith('/') ? [`${path}index.html`] : [path, `${path}.html`];
    return candidates
      .map((candidate) => normalize(join(root, candidate)))
      .find((file) => file.startsWith(root) && existsSync(file) && statSync(file).isFile());
  };
  const server: Server = createServer((request, response) => {
    const file = fileOf(new URL(request.url ?? '/', 'http://localhost').pathname);
    const served = file ?? join(root, '404.html');
    response.writeHead(file ? 200 : 404, { 'content-type': CONTENT_TYPES[extname(served)] ?? 'application/octet-stream' });
    createReadStream(served).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${base}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
