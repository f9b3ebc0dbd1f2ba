/**
 * Vitest globalSetup of the browser project: ONE headless Chromium for the whole run (`launchServer`), which every
 * test file then joins with `chromium.connect` (e2e/harness/launchBrowser.ts) instead of starting its own. Starting
 * Chromium costs about 1.7 s of CPU; the files never shared anything through it but the process, since each test
 * opens a context of its own (cookies, storage, cache), closed after it, and a file's `browser.close()` only
 * disconnects and closes the contexts it opened.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './launchBrowser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the shared Chromium's WebSocket endpoint, for `chromium.connect` */
    chromiumWsEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  project.provide('chromiumWsEndpoint', server.wsEndpoint());
  return () => server.close();
}
