import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../../app';
import type { AppDeps } from '../../deps';
import type { GatewayClient } from '../../gateway';

/**
 * A second backend process, as far as the store is concerned: the same deps (store, clock, config) with another
 * gateway client, over real HTTP on a free port. Used to put a crash in one process and retry in another.
 */
export async function serveWith(deps: AppDeps, gateway: GatewayClient): Promise<{ url: string; close(): Promise<void> }> {
  const app = createApp({ ...deps, gateway });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
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

/** Thrown by a gateway wrapper where the process would have died: not a gateway answer of any kind. */
export class SimulatedCrash extends Error {
  override name = 'SimulatedCrash';
}
