import { serve } from '@hono/node-server';
import { DEFAULT_PROFILE, type GatewayProfile } from '../shared/gateway/profile';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AddressInfo } from 'node:net';
import { accountLookup, type Account } from './accounts';
import { createApp } from './app';
import { createFaultSwitch } from './faults/createFaultSwitch';
import { trackRequests } from './http/trackRequests';
import { createDeliverer } from './notify/createDeliverer';
import { disputeDue } from './disputes/disputeDue';
import { advanceRefunds } from './payments/advanceRefunds';
import { settleDue } from './payments/settleDue';
import { startWorker } from './startWorker';
import { openStore } from './store/openStore';

export interface ServerConfig {
  host: string;
  /** 0 picks a free port */
  port: number;
  dbFile: string;
  accounts: readonly Account[];
  /** default http://<host>:<port> */
  publicUrl?: string;
  notifyScale: number;
  settleMs: number;
  /** SANDBOX_DISPUTE_MS: the dispute card's payments are disputed this long after capture, and lost as long after */
  disputeMs?: number;
  /** the gateway profile (docs/protocol-decisions.md 9); default the shared DEFAULT_PROFILE */
  profile?: GatewayProfile;
  now?: () => number;
  log: (message: string, detail?: Record<string, unknown>) => void;
}

/** Time between two steps of a refund at scale 1: received, then accepted, then the result (20 ms at 0.01). */
const REFUND_STEP_MS = 2_000;

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Opens the store, serves the app on `host:port` and runs the worker that settles pending payments and
 * delivers notifications. Used by `main.ts` and by in-process tests, so both run the same wiring.
 */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const now = config.now ?? Date.now;
  const findAccount = accountLookup(config.accounts);
  const profile = config.profile ?? DEFAULT_PROFILE;
  const disputeMs = config.disputeMs ?? 5000;
  const store = await openStore(config.dbFile);
  const faults = createFaultSwitch();
  // a refund's steps (received, accepted, result) follow the notification schedule's scale
  const refundStepMs = Math.round(REFUND_STEP_MS * config.notifyScale);
  const deliverer = createDeliverer({ db: store.db, now, scale: config.notifyScale, faults, log: config.log });
  const worker = startWorker(
    async () => {
      await settleDue(store.db, findAccount, now(), profile);
      await disputeDue(store.db, findAccount, now(), disputeMs, profile);
      await advanceRefunds(store.db, findAccount, now(), profile, refundStepMs);
      await deliverer.runDue();
    },
    // often enough for the scaled first retry, never busier than every 20 ms
    Math.min(250, Math.max(20, Math.round(500 * config.notifyScale))),
    config.log,
  );

  let publicUrl = config.publicUrl?.replace(/\/+$/, '') ?? '';
  const app = createApp({
    db: store.db,
    findAccount,
    get publicUrl() {
      return publicUrl;
    },
    now,
    settleMs: config.settleMs,
    disputeMs,
    refundStepMs,
    profile,
    // a profile given is spoken whole, its content types included; the built-in one reads any (sandbox/README.md)
    strictContentTypes: config.profile !== undefined,
    onEnqueued: () => worker.wake(),
    clientIp: (c) => getConnInfo(c).remote.address,
    log: config.log,
    faults,
  });
  const requests = trackRequests(app.fetch);

  const hostInUrl = config.host.includes(':') ? `[${config.host}]` : config.host;
  // autoCleanupIncoming off: Node itself drops an unread request body after the answer and keeps the
  // connection usable (the 413 path reads what it refuses, see app.ts)
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve, reject) => {
    const s = serve(
      { fetch: requests.fetch, hostname: config.host, port: config.port, autoCleanupIncoming: false },
      (info: AddressInfo) => resolve({ server: s, port: info.port }),
    );
    s.once('error', reject);
  });
  const url = `http://${hostInUrl}:${port}`;
  if (!publicUrl) publicUrl = url;

  return {
    url,
    async close() {
      await worker.stop();
      await deliverer.drain();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // keep-alive connections would hold close() open; a request held by a timeout fault loses its client here
      (server as import('node:http').Server).closeAllConnections?.();
      faults.close();
      await requests.settled();
      await closed;
      await store.close();
    },
  };
}
