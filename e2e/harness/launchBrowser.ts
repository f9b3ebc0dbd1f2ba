import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, the only browser the suite needs (README "Set up"). */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * One headless Chromium per test file; each test opens its own context (cookies, storage), so tests never see
 * each other's state. The flags keep Chromium off the network: nothing but loopback is reachable in a test.
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
