/**
 * The merchant backend's process: configuration from the environment, the logger, the backend (`buildBackend`,
 * which the tests use too), the HTTP server, the reconcile timer, signals and shutdown. Nothing else in server/
 * does I/O until it is called from here.
 */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import pino from 'pino';
import { buildBackend, type BuiltBackend } from './buildBackend';
import { type Config, ConfigError, loadConfig } from './config';
import { createLogger, prettyDestination } from './log';
import { serveMetrics } from './metrics/serveMetrics';
import { startReconcileLoop } from './reconcile/startReconcileLoop';
import { startShopEventWorker } from './shopEvents';
import { exitOnSignals } from './shutdown/exitOnSignals';
import { shutDownGracefully } from './shutdown/shutDownGracefully';
import { trackRequests } from './shutdown/trackRequests';
import { StoreNotMigratedError, StoreOpenError } from './store';

function refuseToStart(reason: string): never {
  console.error(`merchant backend: refusing to start, ${reason}`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig(process.env);
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  refuseToStart(`the configuration is invalid:\n${e.message}`);
}
// a developer's terminal gets readable lines; anything else (a log collector, a pipe) gets JSON
const log = createLogger(
  config.logLevel,
  !config.production && process.stdout.isTTY ? await prettyDestination() : undefined,
);

// one line, so nobody runs a demo-only part unknowingly: anyone may use the demo shop, and the README publishes
// the demo values
if (config.demoOnly.length)
  log.warn(
    { demoOnly: config.demoOnly },
    `merchant backend: demo-only, not for real payments: ${config.demoOnly.join('; ')}`,
  );

let draining = false;
let backend: BuiltBackend;
try {
  // development migrates at start; production only checks, `npm run migrate` is a deliberate step
  backend = await buildBackend(config, { log, migrate: !config.production, isDraining: () => draining });
} catch (e) {
  // one line an operator (and a log collector) can act on, not a stack trace: JSON on stderr, whatever the
  // terminal, at fatal level even under LOG_LEVEL=silent
  if (!(e instanceof StoreNotMigratedError || e instanceof StoreOpenError)) throw e;
  createLogger('fatal', pino.destination({ fd: 2, sync: true })).fatal(
    `merchant backend: refusing to start, ${e.message}`,
  );
  process.exit(1);
}
const { app, deps, store } = backend;
const { metrics } = deps;
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  log.info(
    {
      url: `http://${info.address}:${info.port}`,
      publicUrl: config.publicUrl,
      store: config.database.kind,
      gateway: config.gateway.baseUrl,
    },
    'merchant backend listening',
  );
}) as Server;
const requests = trackRequests(server);
const metricsServer =
  config.metrics.port === null
    ? undefined
    : await serveMetrics(metrics.registry, config.metrics.port, config.metrics.host);
if (metricsServer) {
  const address = metricsServer.address();
  log.info(
    {
      metricsUrl: `http://${config.metrics.host}:${typeof address === 'object' && address ? address.port : config.metrics.port}/metrics`,
    },
    'metrics listening',
  );
}
const reconcile = startReconcileLoop(deps);
const shopEventWorker = startShopEventWorker(deps);

exitOnSignals({
  log,
  timeoutMs: config.shutdown.timeoutMs,
  shutdown: () =>
    shutDownGracefully({
      server,
      requests,
      setDraining: () => {
        draining = true;
      },
      delayMs: config.shutdown.delayMs,
      reconcile,
      workers: [shopEventWorker],
      metricsServer,
      store,
      log,
    }),
});
