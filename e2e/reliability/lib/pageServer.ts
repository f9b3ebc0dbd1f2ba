/**
 * A one-page web server on a loopback origin of its own, for what a browser does on a page the backend does or
 * does not trust (frames the card page, embeds the widget). `host` picks the origin's spelling, so one machine
 * has two origins: `localhost` and `127.0.0.1`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PageServer {
  origin: string;
  /** what `/` serves from now on */
  setPage(html: string): void;
  close(): Promise<void>;
}

export async function startPageServer(host: 'localhost' | '127.0.0.1', csp?: string): Promise<PageServer> {
  let page = '<!doctype html><title>empty</title>';
  const server = createServer((req, res) => {
    if (req.url !== '/') return void res.writeHead(404).end();
    res
      .writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        ...(csp ? { 'Content-Security-Policy': csp } : {}),
      })
      .end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    setPage: (html) => {
      page = html;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
