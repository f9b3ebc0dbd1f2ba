import { createApp } from '../app';
import type { AppDeps } from '../deps';
import type { GatewayClient } from '../gateway';
import { serveOnLoopback, type LoopbackServer } from './serveOnLoopback';

/**
 * A second backend process, as far as the store is concerned: the same deps (store, clock, config) with another
 * gateway client, over real HTTP on a free port. Used to put a crash in one process and retry in another.
 */
export async function serveWith(deps: AppDeps, gateway: GatewayClient): Promise<LoopbackServer> {
  return serveOnLoopback(createApp({ ...deps, gateway }).fetch);
}

/** Thrown by a gateway wrapper where the process would have died: not a gateway answer of any kind. */
export class SimulatedCrash extends Error {
  override name = 'SimulatedCrash';
}
