import type { Config } from './config';
import type { GatewayClient } from './gateway';
import type { Logger } from './log';
import type { Store } from './store/db';

/** Everything the app needs from the outside, built by `main.ts` (or `testing/startBackend.ts`). */
export interface AppDeps {
  config: Config;
  store: Store;
  gateway: GatewayClient;
  log: Logger;
  /** the clock; tests move it instead of sleeping */
  now: () => Date;
}

/** Hono's per-request variables of this app. */
export interface AppEnv {
  Variables: { requestId: string };
}
