import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export interface LoopbackServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** stops listening and drops kept-alive connections (they would hold the close open until they time out) */
  close(): Promise<void>;
}

type FetchHandler = Parameters<typeof serve>[0]['fetch'];

/** Serves `fetch` over real HTTP on 127.0.0.1 and a free port, for tests and benchmarks; resolves once listening. */
export async function serveOnLoopback(fetch: FetchHandler): Promise<LoopbackServer> {
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    if (server.listening) resolve();
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
