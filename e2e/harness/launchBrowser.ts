import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium, the only browser the suite needs (README "Set up"). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags keep Chromium off the network: nothing but loopback is reachable in a test. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * The browser of one test file: in a Vitest run, a connection to the run's one Chromium (started by the browser
 * project's globalSetup, e2e/harness/shareChromium.ts); outside Vitest (e2e/captureDocsScreenshots.ts), a Chromium
 * of its own. Each test opens its own context (cookies, storage), so tests never see each other's state;
 * `close()` closes the contexts this connection opened, and a Chromium of its own.
 */
export function launchBrowser(): Promise<Browser> {
  const shared = process.env.VITEST ? inject('chromiumWsEndpoint') : undefined;
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
}
