import type { Server } from 'node:http';
import type { Logger } from '../log';
import type { Store } from '../store';
import type { RequestTracker } from './trackRequests';

/** How long a connection accepted before the listener closed may take to send its first request. */
const FIRST_REQUEST_GRACE_MS = 1_000;

export interface RunningParts {
  server: Server;
  requests: RequestTracker;
  /** makes `/readyz` answer 503 */
  setDraining(): void;
  /** how long to keep accepting requests after that, while the load balancer notices (SHUTDOWN_DELAY_MS) */
  delayMs: number;
  reconcile: { stop(): Promise<void> };
  /** other loops that write to the store (the shop event worker): stopped with the reconcile loop */
  workers?: { stop(): Promise<void> }[];
  metricsServer?: Server | undefined;
  store: Store;
  log: Logger;
}

/**
 * Stops this process without losing work: out of the load balancer's rotation first, then no new connections,
 * then every request in flight is finished (an admin batch in flight finishes its gateway call and records the
 * answer), the reconcile loop ends after its current pass (which releases the reconcile lock), and the store is
 * closed last, after everything that writes to it. The caller bounds the whole by SHUTDOWN_TIMEOUT_MS.
 */
export async function shutDownGracefully(parts: RunningParts): Promise<void> {
  const { server, requests, log } = parts;
  parts.setDraining();
  requests.drain();
  const reconcileStopped = Promise.all([parts.reconcile.stop(), ...(parts.workers ?? []).map((w) => w.stop())]);
  if (parts.delayMs > 0) {
    log.info({ delayMs: parts.delayMs }, 'shutdown: not ready; still serving while the load balancer drains');
    await new Promise((resolve) => setTimeout(resolve, parts.delayMs));
  }
  // stops listening and closes the keep-alive connections idle right now; the others end after their response
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  log.info({ inFlight: requests.inFlight }, 'shutdown: no longer accepting connections; finishing requests in flight');
  await requests.idle();
  // connections that went idle since carry nothing more. One accepted just before the listener closed gets a
  // moment for its first request, which is then served (with Connection: close) like any other; one that
  // stays silent (a browser's speculative preconnect) must not hold the shutdown until the deadline.
  requests.closeIdleConnections({ fresh: false });
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, FIRST_REQUEST_GRACE_MS).unref())]);
  requests.closeIdleConnections({ fresh: true });
  await closed;
  await reconcileStopped;
  if (parts.metricsServer) {
    const metricsServer = parts.metricsServer;
    const metricsClosed = new Promise<void>((resolve) => metricsServer.close(() => resolve()));
    // a scrape cut short costs nothing; Prometheus's keep-alive connection must not hold the exit
    metricsServer.closeAllConnections();
    await metricsClosed;
  }
  await parts.store.close();
}
