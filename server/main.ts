/**
 * The merchant backend's composition root: configuration, store, gateway client, app, HTTP server, reconcile
 * timer and shutdown. Nothing else in server/ does I/O until it is called from here.
 */
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createGateway } from './createGateway';
import { createLogger } from './log';
import { startReconcileLoop } from './reconcile/startReconcileLoop';
import { openStore } from './store/db';

let config;
try {
  config = loadConfig(process.env);
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  console.error(`merchant backend: refusing to start, the configuration is invalid:\n${e.message}`);
  process.exit(1);
}
const log = createLogger(config.logLevel);
const store = await openStore(config.database.kind === 'postgres' ? { kind: 'postgres', url: config.database.url } : { kind: 'sqlite', file: config.database.file });
const gateway = createGateway(config, store, log);
const deps = { config, store, gateway, log, now: () => new Date() };
const app = createApp(deps);
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  log.info({ url: `http://${info.address}:${info.port}`, publicUrl: config.publicUrl, store: config.database.kind, gateway: config.gateway.baseUrl }, 'merchant backend listening');
});
const reconcile = startReconcileLoop(deps);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await reconcile.stop();
  await store.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
