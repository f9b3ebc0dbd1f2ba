import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, the only browser the suite needs (README "Set up"). */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * A new headless Chromium. The flags keep Chromium off the network: nothing but loopback is reachable in a test.
 * Test files take the worker's one (`workerBrowser`) instead.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * The one Chromium of this test process, launched at the first call: the e2e projects run their files one after
 * another in each worker process (`isolate: false` in vitest.config.ts), so the second file of a worker finds it
 * running instead of paying a browser start. Each test opens its own context (cookies, storage), and a file
 * closes the contexts it opened when it ends (`releaseBrowser`), so no file sees another's state. Playwright
 * stops the browser when the process exits.
 */
export async function workerBrowser(): Promise<Browser> {
  const browser = await shared?.catch(() => undefined);
  if (browser?.isConnected()) return browser;
  shared = launchBrowser();
  return shared;
}

/** Closes every context left open in the worker's browser (what the ending file opened); the browser stays. */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser) return;
  await Promise.all(browser.contexts().map((c) => c.close().catch(() => undefined)));
}
