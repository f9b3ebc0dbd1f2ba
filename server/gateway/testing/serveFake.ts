import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AddressInfo } from 'node:net';

export interface FakeServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a small Hono app on 127.0.0.1 at a free port, for tests that provoke faults the sandbox cannot
 * produce on demand (a gateway that never answers, a 5xx, a garbled or badly signed answer).
 * close() also drops open connections, so a handler that never answers cannot hold the test up.
 */
export function serveFake(app: Hono): Promise<FakeServer> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            if ('closeAllConnections' in server) server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
