/**
 * The per-file fixture of a browser test: one running system for the whole file (beforeAll), the worker's
 * Chromium (launchBrowser.ts), and a fresh browser context per test (closed after it), watched for CSP violations.
 *
 * @example
 * const env = useSystem({ name: 'card' });
 * it('pays', async () => {
 *   const { page, csp } = await env.open();
 *   await openDemoShop(page, env.system.backend.url);
 * });
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { releaseBrowser, workerBrowser } from './launchBrowser';
import { STEP_MS } from './shopper';
import { startSystem, type StartSystemOptions, type System } from './startSystem';
import { watchCsp, type CspWatch } from './watchCsp';

export interface Opened {
  context: BrowserContext;
  page: Page;
  csp: CspWatch;
}

export interface SystemFixture {
  readonly system: System;
  readonly browser: Browser;
  /** a new context (own cookies and storage) with one page */
  open(options?: BrowserContextOptions): Promise<Opened>;
}

/** Generous: the first start compiles the TypeScript of both servers on a 2-core machine. */
const START_TIMEOUT_MS = 90_000;

export function useSystem(opts: StartSystemOptions): SystemFixture {
  let system: System | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // both kept even when the other fails, so afterAll can stop what did start
    const [s, b] = await Promise.allSettled([startSystem(opts), workerBrowser()]);
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
    get system() {
      if (!system) throw new Error('useSystem: the system is not started (beforeAll failed?)');
      return system;
    },
    get browser() {
      if (!browser) throw new Error('useSystem: the browser is not started (beforeAll failed?)');
      return browser;
    },
    async open(options = {}) {
      const context = await this.browser.newContext({ locale: 'en-US', ...options });
      contexts.push(context);
      // a step that cannot happen fails in seconds, naming the element it waited for
      context.setDefaultTimeout(STEP_MS);
      const csp = await watchCsp(context);
      const page = await context.newPage();
      return { context, page, csp };
    },
  };
}
