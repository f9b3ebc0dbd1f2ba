import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { releaseBrowser, workerBrowser } from './launchBrowser';
import { watchCsp } from './watchCsp';

// The journeys' "no CSP violation" checks are only worth something if the watcher sees violations: here, a page
// and a frame inside it break their policies on purpose.
let server: Server;
let url: string;
let browser: Browser;
beforeAll(async () => {
  server = createServer((req, res) => {
    const pages: Record<string, string> = {
      '/': '<!doctype html><p>page</p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><iframe src="/frame"></iframe>',
      '/frame': '<!doctype html><p>frame</p><script>document.title = "inline";</script>',
      '/clean': '<!doctype html><p>clean</p><iframe src="/empty"></iframe>',
      '/empty': '<!doctype html><p>empty</p>',
    };
    res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Security-Policy': "default-src 'self'" });
    res.end(pages[req.url ?? '/'] ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await workerBrowser();
}, 60_000);
afterAll(async () => {
  await releaseBrowser(browser);
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

describe('watchCsp', () => {
  it('reports violations of the page and of its frames, from the event and from the console', async () => {
    const context = await browser.newContext();
    try {
      const csp = await watchCsp(context);
      const page = await context.newPage();
      await page.goto(url);
      await page.frameLocator('iframe').locator('p').waitFor();
      await expect.poll(() => csp.violations.length).toBeGreaterThanOrEqual(3);
      const events = csp.violations.filter((v) => v.source === 'event');
      expect(events.map((v) => v.text)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^img-src blocked data/),
          expect.stringMatching(/^script-src-elem blocked inline/),
        ]),
      );
      expect(events.some((v) => v.url === `${url}/frame`)).toBe(true);
      expect(csp.violations.some((v) => v.source === 'console')).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('reports nothing for a page that keeps to its policy', async () => {
    const context = await browser.newContext();
    try {
      const csp = await watchCsp(context);
      const page = await context.newPage();
      await page.goto(`${url}/clean`);
      await page.frameLocator('iframe').locator('p').waitFor();
      expect(csp.violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
