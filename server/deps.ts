import type { Principal } from './team';
import type { Config } from './config';
import type { GatewayClient } from './gateway';
import type { LimitCounters } from './limits/limitCounter';
import type { Logger } from './log';
import type { Metrics } from './metrics/createMetrics';
import type { Store } from './store';

/** Everything the app needs from the outside, built by `buildBackend.ts` (for `main.ts` and the tests). */
export interface AppDeps {
  config: Config;
  store: Store;
  gateway: GatewayClient;
  log: Logger;
  /** this app instance's Prometheus registry and instruments */
  metrics: Metrics;
  /** where the rate limits count: one table all processes share on PostgreSQL, this process's memory on SQLite */
  limits: LimitCounters;
  /** the clock; tests move it instead of sleeping */
  now: () => Date;
  /** true once a shutdown has begun: `/readyz` answers 503 so the load balancer drains this process */
  isDraining?: () => boolean;
}

/** Hono's per-request variables of this app. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** the request's child logger: every line carries the request id (and the order, once a handler knows it) */
    log: Logger;
    /** who sent the request, set by `authenticate` on the routes that need one */
    principal?: Principal;
    /** the signed-in person's session, when the request came with its cookie (server/team/sessionCookie.ts) */
    userSession?: { id: string; purpose: 'full' | 'enrol' };
  };
}
