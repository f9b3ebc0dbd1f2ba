import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A shop page on its own origin for the browser benchmarks: `/` answers `page`, `/widget/<file>` a file of
 * `widgetDir`. Nothing is cached (each load is a cold start) and nothing is compressed (loopback: the bytes
 * cost nothing; the widget's size is benchmark 4a's business).
 */
export async function serveStatic(page: () => string, widgetDir: string): Promise<StaticServer> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const send = (status: number, type: string, body: string | Buffer) => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' });
      res.end(body);
    };
    if (path === '/') return send(200, TYPES['.html']!, page());
    const file = normalize(path.slice('/widget/'.length));
    if (!path.startsWith('/widget/') || file.startsWith('..')) return send(404, 'text/plain', 'not found');
    readFile(join(widgetDir, file)).then(
      (body) => send(200, TYPES[extname(file)] ?? 'application/octet-stream', body),
      () => send(404, 'text/plain', 'not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
