import { createServer } from 'node:http';
import { join } from 'node:path';
import { loadNodeRuntime, useHostFilesystem } from '@php-wasm/node';
import { PHP, PHPRequestHandler } from '@php-wasm/universal';

/**
 * `node php83-server.js <port>`: the Laravel 13 application of the working directory served on
 * 127.0.0.1:<port>, as `php artisan serve` serves one, by PHP 8.3 in WebAssembly (see php83.ts), which cannot
 * run `php artisan serve` itself. Every path that is no file of public/ goes to public/index.php, the front
 * controller. One request at a time, each in a fresh PHP request, about a second each.
 */
const port = Number(process.argv[2]);
if (!Number.isInteger(port)) throw new Error('usage: php83-server <port>');
const php = new PHP(await loadNodeRuntime('8.3', { emscriptenOptions: { processId: process.pid } }));
useHostFilesystem(php);
const handler = new PHPRequestHandler({
  php,
  documentRoot: join(process.cwd(), 'public'),
  absoluteUrl: `http://127.0.0.1:${port}`,
  getFileNotFoundAction: () => ({ type: 'internal-redirect', uri: '/index.php' }),
});

createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks);
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]));
    handler
      .request({ method: request.method ?? 'GET', url: request.url ?? '/', headers, ...(body.length === 0 ? {} : { body: new Uint8Array(body) }) })
      .then((answer) => {
        for (const [name, values] of Object.entries(answer.headers)) response.setHeader(name, values);
        // As `php artisan serve` does: a connection kept open races the client's next request against this
        // server's idle timeout, and a request a slow, busy machine sends as the server closes it fails to fetch.
        response.setHeader('Connection', 'close');
        response.statusCode = answer.httpStatusCode;
        response.end(Buffer.from(answer.bytes));
      })
      .catch((cause: unknown) => {
        // The harness reads a 502 as the server's failure, with its reason.
        response.statusCode = 502;
        response.end(cause instanceof Error ? cause.stack : String(cause));
      });
  });
}).listen(port, '127.0.0.1');
