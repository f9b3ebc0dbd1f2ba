/**
 * The per-file (or per-describe) fixture of a browser test whose gateway speaks the dialect of a profile file
 * (docs/protocol-decisions.md 9, issue #31): the sandbox in the test's process on that profile (as
 * SANDBOX_GATEWAY_PROFILE sets it for its process), the backend process with GATEWAY_PROFILE_FILE or with none,
 * one Chromium, and a fresh context per test, watched for CSP violations and for
 * error pages. It is `useSystem` with the two profile files as options (startSystem has none), without the
 * other-origin shop and the owner, which these tests do not need.
 *
 * @example
 * const env = useDialectSystem({ name: 'sample', sandboxProfileFile: SAMPLE, backendProfileFile: SAMPLE });
 * it('pays', async () => {
 *   const { page, errorPages } = await env.open();
 *   await openDemoShop(page, env.system.backend.url);
 * });
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startBackendProcess, type BackendProcess } from '../../testing/startBackendProcess';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { ARTIFACTS_DIR } from './artifacts';
import { releaseBrowser, workerBrowser } from './launchBrowser';
import { STEP_MS } from './shopper';
import { watchCsp, type CspWatch } from './watchCsp';

export interface DialectSystemOptions {
  /** names the log files (`e2e/artifacts/logs/<name>-backend.log`, `-sandbox.log`) */
  name: string;
  /** SANDBOX_GATEWAY_PROFILE: the dialect the gateway speaks; none: this project's own */
  sandboxProfileFile?: string;
  /** GATEWAY_PROFILE_FILE of the backend; none: the backend runs on the built-in profile */
  backendProfileFile?: string;
}

export interface DialectSystem {
  sandbox: Sandbox;
  backend: BackendProcess;
  logs: { backend: string; sandbox: string };
}

export interface DialectOpened {
  context: BrowserContext;
  page: Page;
  csp: CspWatch;
  /** every document (page or frame) the context received with an HTTP error status, or could not load */
  readonly errorPages: readonly string[];
}

/** Generous: the first start compiles the TypeScript of both servers on a 2-core machine. */
const START_TIMEOUT_MS = 90_000;

async function startDialectSystem(opts: DialectSystemOptions): Promise<DialectSystem & { close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-dialect-'));
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
    // in process, as startSystem starts it: a second tsx process costs seconds of CPU, and nothing here is about
    // the sandbox's process
    const sandbox = await startSandbox({
      notifyScale: 0.01,
      settleMs: 1500,
      dbFile: join(dataDir, 'sandbox.db'),
      logFile: logs.sandbox,
      ...(opts.sandboxProfileFile ? { profileFile: opts.sandboxProfileFile } : {}),
    });
    started.push(sandbox);
    const backend = await startBackendProcess({
      gatewayUrl: sandbox.url,
      logFile: logs.backend,
      env: {
        SQLITE_FILE: join(dataDir, 'merchant.db'),
        RECONCILE_INTERVAL_MS: '1000',
        // the demo shop at the backend's `/`, where the card journey shops (as startSystem does)
        DEMO: '1',
        ...(opts.backendProfileFile ? { GATEWAY_PROFILE_FILE: opts.backendProfileFile } : {}),
      },
    });
    started.push({ close: backend.stop });
    return { sandbox, backend, logs, close };
  } catch (e) {
    await close();
    throw e;
  }
}

export function useDialectSystem(opts: DialectSystemOptions) {
  let system: (DialectSystem & { close(): Promise<void> }) | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const [s, b] = await Promise.allSettled([startDialectSystem(opts), workerBrowser()]);
    if (s.status === 'fulfilled') system = s.value;
    if (b.status === 'fulfilled') browser = b.value;
    if (s.status === 'rejected') throw s.reason;
    if (b.status === 'rejected') throw b.reason;
  }, START_TIMEOUT_MS);
  afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await system?.close();
  });

  return {
    get system(): DialectSystem {
      if (!system) throw new Error('useDialectSystem: the system is not started (beforeAll failed?)');
      return system;
    },
    async open(): Promise<DialectOpened> {
      if (!browser) throw new Error('useDialectSystem: the browser is not started (beforeAll failed?)');
      const context = await browser.newContext({ locale: 'en-US' });
      contexts.push(context);
      context.setDefaultTimeout(STEP_MS);
      const csp = await watchCsp(context);
      const errorPages: string[] = [];
      context.on('response', (res) => {
        if (res.request().resourceType() === 'document' && res.status() >= 400)
          errorPages.push(`${res.status()} ${res.request().method()} ${res.url()}`);
      });
      context.on('requestfailed', (req) => {
        // a navigation replaced by the next one (a frame the widget removes) is aborted, not an error page
        const why = req.failure()?.errorText ?? '';
        if (req.resourceType() === 'document' && why !== 'net::ERR_ABORTED')
          errorPages.push(`${why} ${req.method()} ${req.url()}`);
      });
      const page = await context.newPage();
      return { context, page, csp, errorPages };
    },
  };
}
