/**
 * The whole system for one browser test file: the merchant backend as a process and the gateway sandbox in the
 * test's own process (no second tsx start; the backend still reaches it only over HTTP), on free loopback ports,
 * SQLite in a temp dir, and a second shop on another origin (`startShopServer`). Their logs go to
 * `e2e/artifacts/logs/<name>-*.log`, kept after the run to explain a failure.
 *
 * @example
 * let system: System;
 * beforeAll(async () => { system = await startSystem({ name: 'card' }) });
 * afterAll(() => system?.close());
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_DEFAULTS } from '../../server/config';
import { ARTIFACTS_DIR } from './artifacts';
import { addPerson, type Person } from '../../testing/people';
import { startBackendProcess, type BackendProcess } from '../../testing/startBackendProcess';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { startShopServer, type ShopServer } from './startShopServer';

export interface StartSystemOptions {
  /** names the log files */
  name: string;
  /** SANDBOX_SETTLE_MS: when the pending card (…0077) settles (default 1500) */
  settleMs?: number;
  /** SANDBOX_NOTIFY_SCALE (default 0.01: retries after 10 ms, 20 ms, ...) */
  notifyScale?: number;
  /** more backend environment, e.g. RECONCILE_PENDING_AFTER_MS */
  backendEnv?: Record<string, string>;
}

export interface System {
  sandbox: Sandbox;
  backend: BackendProcess;
  shop: ShopServer;
  /** the backend's demo credentials (its config's defaults) */
  adminToken: string;
  /** a person with the owner role (no two-factor: not production), for signing in to the admin page */
  owner: Person;
  shopSecret: string;
  signKey: string;
  logs: { backend: string; sandbox: string };
  close(): Promise<void>;
}

export async function startSystem(opts: StartSystemOptions): Promise<System> {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-'));
  const logDir = join(ARTIFACTS_DIR, 'logs');
  mkdirSync(logDir, { recursive: true });
  const logs = { backend: join(logDir, `${opts.name}-backend.log`), sandbox: join(logDir, `${opts.name}-sandbox.log`) };
  for (const file of Object.values(logs)) writeFileSync(file, '');

  const started: { close(): Promise<void> }[] = [];
  const close = async () => {
    for (const part of started.reverse()) await part.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const sandbox = await startSandbox({
      notifyScale: opts.notifyScale ?? 0.01,
      settleMs: opts.settleMs ?? 1500,
      dbFile: join(dataDir, 'sandbox.db'),
      logFile: logs.sandbox,
    });
    started.push(sandbox);
    let backendUrl = '';
    const shop = await startShopServer(() => ({
      backendUrl,
      gatewayUrl: sandbox.url,
      shopSecret: DEMO_DEFAULTS.SHOP_SECRET,
    }));
    started.push(shop);
    const backend = await startBackendProcess({
      gatewayUrl: sandbox.url,
      extraOrigins: [shop.origin],
      logFile: logs.backend,
      // DEMO=1: the browser tests shop on the demo shop at the backend's `/`
      env: { SQLITE_FILE: join(dataDir, 'merchant.db'), RECONCILE_INTERVAL_MS: '1000', DEMO: '1', ...opts.backendEnv },
    });
    started.push({ close: backend.stop });
    backendUrl = backend.url;
    const owner = await addPerson(backend.url, { email: 'owner@e2e.test', role: 'owner' });
    return {
      owner,
      sandbox,
      backend,
      shop,
      adminToken: DEMO_DEFAULTS.ADMIN_TOKEN,
      shopSecret: DEMO_DEFAULTS.SHOP_SECRET,
      signKey: DEMO_DEFAULTS.SIGN_KEY,
      logs,
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}
