import type { Hono } from 'hono';
import { sql } from 'kysely';
import { createApp } from './app';
import type { Config } from './config';
import { createGateway } from './createGateway';
import type { AppDeps, AppEnv } from './deps';
import { createLogger, type Logger } from './log';
import { createLimitCounters } from './limits/createLimitCounters';
import { createMetrics } from './metrics/createMetrics';
import { cardTokenSeal } from './store';
import { openStore, type Store, type StoreOptions } from './store';
import { sealLegacyCardTokens } from './checkout';

export interface BuildBackendOptions {
  /** default: JSON lines at the configured level on stdout */
  log?: Logger;
  /** where the store lives, when not where the configuration says (a test's own PostgreSQL schema) */
  database?: StoreOptions;
  /** bring the schema up to date (default), or refuse one that is behind with StoreNotMigratedError (production) */
  migrate?: boolean;
  /** replaces the gateway client's fetch, to put a fault in front of the real gateway */
  gatewayFetch?: typeof fetch;
  /** the app's clock (default: real time) */
  now?: () => Date;
  /** true once a shutdown has begun (`/readyz` answers 503) */
  isDraining?: () => boolean;
}

export interface BuiltBackend {
  deps: AppDeps;
  app: Hono<AppEnv>;
  store: Store;
  /** closes the store; the caller stops serving first */
  close(): Promise<void>;
}

/**
 * Wires the merchant backend from its configuration: logger, store, metrics, gateway client and app. The one
 * place that does it, for `main.ts` and for the tests, so that a test runs the app production runs. Listening,
 * signals and timers stay with the caller.
 *
 * @example
 * const backend = await buildBackend(loadConfig(process.env));
 * serve({ fetch: backend.app.fetch, port: backend.deps.config.port });
 */
export async function buildBackend(config: Config, options: BuildBackendOptions = {}): Promise<BuiltBackend> {
  const log = options.log ?? createLogger(config.logLevel);
  const store = await openStore(options.database ?? config.database, {
    migrate: options.migrate ?? true,
    onWarning: (message) => log.warn(message),
  });
  // card tokens saved in clear before migration 007 are sealed now, where the key is known
  const sealed = await sealLegacyCardTokens(store.db, cardTokenSeal(config.tokenKey));
  if (sealed) {
    // SQLite keeps deleted bytes in free pages: rewrite the file so the clear tokens are gone from it too
    if (store.dialect === 'sqlite') await sql`vacuum`.execute(store.db);
    log.info({ sealed }, 'saved cards: tokens kept in clear before are sealed now');
  }
  const metrics = createMetrics(store, log);
  const now = options.now ?? (() => new Date());
  const gateway = createGateway(config, store, log, {
    metrics,
    // the same clock expires the rotation keys (SIGN_KEYS_PREVIOUS)
    now: () => now().getTime(),
    ...(options.gatewayFetch ? { fetch: options.gatewayFetch } : {}),
  });
  const limits = createLimitCounters(store, now, log);
  const deps: AppDeps = {
    config,
    store,
    gateway,
    log,
    metrics,
    limits: limits.counters,
    now,
    ...(options.isDraining ? { isDraining: options.isDraining } : {}),
  };
  return {
    deps,
    app: createApp(deps),
    store,
    close: () => {
      limits.stop();
      return store.close();
    },
  };
}
