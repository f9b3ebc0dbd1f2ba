/**
 * Benchmark 4b: from the moment the shop page starts the widget's script to an interactive payment form, in
 * Chromium, median of 20 cold loads. The page (on its own origin, as a shop's) loads widget.js from a fresh
 * production build and mounts the widget on a real session of the real backend (its own process); "interactive"
 * is the widget's `onReady` with the form and its pay button in the DOM. Each load gets a new browser context:
 * empty cache, nothing reused.
 *
 * `npx tsx bench/widgetStartup.ts [--quick]`
 */
import type { Browser } from 'playwright-core';
import { launchChromium } from './lib/launchChromium';
import { UNLIMITED_RATES } from './lib/backendEnv';
import type { BenchOptions, BenchResult } from './lib/benchResult';
import { buildWidget } from './lib/buildWidget';
import { isMain, runStandalone } from './lib/cli';
import { fmt, markdownTable, spreadRow } from './lib/markdownTable';
import { serveStatic } from './lib/serveStatic';
import { createSession } from './lib/shopCalls';
import { startTarget } from './lib/startTarget';

const LOADS = { full: 20, quick: 5 };
const WARMUP_LOADS = 2;
const LOAD_TIMEOUT_MS = 15_000;

interface Timing {
  /** ms from the widget's script tag to onReady with the form in place */
  fromScript: number;
  /** the same, from the start of navigation */
  fromNavigation: number;
}

function shopPage(backendUrl: string, session: { id: string; client_secret: string }): string {
  const options = JSON.stringify({
    session: session.id,
    clientSecret: session.client_secret,
    apiBase: backendUrl,
    locale: 'en',
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bench shop</title></head>
<body>
<div id="checkout"></div>
<script>window.__scriptStart = performance.now();</script>
<script src="/widget/widget.js"></script>
<script>
Checkout.init(Object.assign(${options}, {
  onReady: function () {
    var root = document.getElementById('checkout');
    window.__ready = { at: performance.now(), form: !!root.querySelector('form'), pay: !!root.querySelector('button[type="submit"]') };
  },
  onError: function (e) { window.__error = e.code + ': ' + e.message; }
})).mount('#checkout');
</script>
</body></html>`;
}

async function loadOnce(browser: Browser, url: string): Promise<Timing> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(
      () => (window as { __ready?: unknown; __error?: unknown }).__ready ?? (window as { __error?: unknown }).__error,
      undefined,
      { timeout: LOAD_TIMEOUT_MS },
    );
    const r = await page.evaluate(() => {
      const w = window as unknown as {
        __scriptStart: number;
        __ready?: { at: number; form: boolean; pay: boolean };
        __error?: string;
      };
      return { scriptStart: w.__scriptStart, ready: w.__ready, error: w.__error };
    });
    if (!r.ready) throw new Error(`the widget reported an error: ${r.error}`);
    if (!r.ready.form || !r.ready.pay) throw new Error('onReady fired without the form and its pay button in the DOM');
    return { fromScript: r.ready.at - r.scriptStart, fromNavigation: r.ready.at };
  } finally {
    await context.close();
  }
}

export async function widgetStartup(options: BenchOptions): Promise<BenchResult> {
  const loads = options.quick ? LOADS.quick : LOADS.full;
  options.log('widget start-up: building the widget');
  const built = await buildWidget();
  let shopUrl = '';
  let page = '';
  const shop = await serveStatic(() => page, built.dir);
  shopUrl = shop.url;
  const backend = await startTarget({
    kind: 'backend',
    gatewayUrl: 'http://127.0.0.1:9',
    backendEnv: { ...UNLIMITED_RATES, ALLOWED_ORIGINS: shopUrl },
  });
  let browser: Browser | undefined;
  try {
    page = shopPage(backend.url, await createSession(backend.url));
    browser = await launchChromium();
    for (let i = 0; i < WARMUP_LOADS; i++) await loadOnce(browser, shopUrl);
    const timings: Timing[] = [];
    for (let i = 0; i < loads; i++) timings.push(await loadOnce(browser, shopUrl));
    options.log(`widget start-up: ${timings.map((t) => fmt.one(t.fromScript)).join(', ')} ms`);
    const table = markdownTable(
      ['time to an interactive form', 'median ms', 'min', 'p90', 'max'],
      [
        spreadRow(
          'from the widget.js script tag',
          timings.map((t) => t.fromScript),
        ),
        spreadRow(
          'from the start of navigation',
          timings.map((t) => t.fromNavigation),
        ),
      ],
    );
    const version = browser.version();
    const markdown = [
      `Chromium ${version} headless (\`/usr/bin/chromium\`), ${loads} cold loads (a new browser context each, after ${WARMUP_LOADS} not counted), over loopback with no throttling:`,
      "the figures are the widget's own work (loader, entry, session request to the backend, first render), not a shopper's network.",
      '"Interactive" is the widget\'s `onReady`, with the form and its pay button in the DOM; English (bundled), so no locale chunk.',
      '',
      table,
    ].join('\n');
    return { key: 'widgetStartup', title: '4b. Widget start-up in Chromium', markdown };
  } finally {
    await browser?.close();
    await backend.close();
    await shop.close();
    built.remove();
  }
}

if (isMain(import.meta.url)) runStandalone(widgetStartup);
