/**
 * Benchmark 4c: the widget as a shop embeds it by the README (widget/README.md "Embedding": the SRI-pinned
 * loader, the no-code element, the CSP), served by the real backend (precompressed, as in production) to a shop
 * page on a second loopback origin, in Chromium. For each cold load (a new browser context: empty cache, new
 * connections): the bytes transferred before the widget's first render (CDP `encodedDataLength`: headers and
 * compressed body), the requests started before it is interactive, and the time to interactive (the element's
 * `checkout:ready`, with the form and its pay button in the DOM). The widget shows nothing until the session has
 * loaded, so its first render is the interactive form. Median of 20, on loopback and under Chrome DevTools'
 * "Slow 4G" network preset with 4x CPU throttling.
 *
 * `npx tsx bench/widgetEmbed.ts [--quick]`
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, CDPSession } from 'playwright-core';
import { launchChromium } from './lib/launchChromium';
import { DEMO_DEFAULTS } from '../server/config';
import { readmeBackendEnv, readmeCreateSession, readmeShopPage } from '../e2e/harness/readmeEmbed';
import { UNLIMITED_RATES } from './lib/backendEnv';
import type { BenchOptions, BenchResult } from './lib/benchResult';
import { buildWidget } from './lib/buildWidget';
import { isMain, runStandalone } from './lib/cli';
import { fmt, markdownTable } from './lib/markdownTable';
import { startTarget } from './lib/startTarget';
import { median } from './lib/stats';

const LOADS = { full: 20, quick: 3 };
const WARMUP_LOADS = 2;
const LOAD_TIMEOUT_MS = 60_000;

/**
 * Chrome DevTools' "Slow 4G" preset (`Slow4GConditions` in
 * https://github.com/ChromeDevTools/devtools-frontend/blob/main/front_end/core/sdk/NetworkManager.ts, called
 * "Fast 3G" until May 2024; the same as Lighthouse's mobile throttling): 1.6 Mb/s x 0.9 down, 750 kb/s x 0.9 up,
 * 150 ms x 3.75 latency per request. CDP takes bytes per second.
 */
const SLOW_4G = { offline: false, downloadThroughput: 180_000, uploadThroughput: 84_375, latency: 562.5 };
const CPU_SLOWDOWN = 4;

interface Profile {
  name: string;
  network?: typeof SLOW_4G;
  cpu?: number;
}
const PROFILES: Profile[] = [
  { name: 'loopback, no throttling' },
  { name: 'Slow 4G + 4x CPU', network: SLOW_4G, cpu: CPU_SLOWDOWN },
];

interface Request {
  url: string;
  /** ms since the epoch */
  startedAt: number;
  finishedAt?: number;
  /** bytes on the wire: headers and (compressed) body */
  transferred: number;
  encoding?: string;
}

interface Load {
  /** ms from the start of navigation to `checkout:ready` */
  fromNavigation: number;
  /** ms from the request for the widget's script to `checkout:ready` */
  fromScript: number;
  /** bytes transferred for the backend's requests started before `checkout:ready`: widget files, session call */
  bytesBefore: number;
  /** the same, the widget's files only (scripts, stylesheet) */
  fileBytesBefore: number;
  requestsBefore: Request[];
}

/** Every request of the page, from CDP (timestamps turned into wall-clock ms, to compare with the page's). */
function recordRequests(cdp: CDPSession): Map<string, Request> {
  const requests = new Map<string, Request>();
  let wallMinusMonotonic = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    wallMinusMonotonic = e.wallTime - e.timestamp;
    requests.set(e.requestId, { url: e.request.url, startedAt: e.wallTime * 1000, transferred: 0 });
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    if (r) r.encoding = headers['content-encoding'];
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.finishedAt = (e.timestamp + wallMinusMonotonic) * 1000;
    r.transferred = e.encodedDataLength;
  });
  return requests;
}

async function loadOnce(browser: Browser, shopUrl: string, backendUrl: string, profile: Profile): Promise<Load> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // the README's page has no inline script (its CSP forbids one): listen from outside, before it loads
    await page.addInitScript(() => {
      document.addEventListener('checkout:ready', (e) => {
        const el = e.target as Element;
        (window as { __ready?: unknown }).__ready = {
          at: performance.timeOrigin + performance.now(),
          sinceNavigation: performance.now(),
          form: !!el.querySelector('form'),
          pay: !!el.querySelector('button[type="submit"]'),
        };
      });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (profile.network) await cdp.send('Network.emulateNetworkConditions', profile.network);
    if (profile.cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
    const requests = recordRequests(cdp);
    await page.goto(shopUrl);
    const handle = await page.waitForFunction(() => (window as { __ready?: unknown }).__ready, undefined, {
      timeout: LOAD_TIMEOUT_MS,
    });
    const ready = (await handle.jsonValue()) as { at: number; sinceNavigation: number; form: boolean; pay: boolean };
    if (!ready.form || !ready.pay) throw new Error('checkout:ready without the form and its pay button in the DOM');
    // what the first render asked for, counted in full: the stylesheet may still be arriving at `ready`
    const startedBefore = () =>
      [...requests.values()].filter((r) => r.url.startsWith(backendUrl) && r.startedAt <= ready.at);
    const deadline = Date.now() + LOAD_TIMEOUT_MS;
    while (startedBefore().some((r) => r.finishedAt === undefined)) {
      if (Date.now() > deadline) throw new Error('a request of the first render never finished');
      await page.waitForTimeout(20);
    }
    const all = [...requests.values()];
    const fromBackend = startedBefore();
    const script = all.find((r) => /\/widget(-[\w-]+)?\.js$/.test(r.url));
    if (!script) throw new Error('no request for the widget script');
    return {
      fromNavigation: ready.sinceNavigation,
      fromScript: ready.at - script.startedAt,
      bytesBefore: fromBackend.reduce((sum, r) => sum + r.transferred, 0),
      fileBytesBefore: fromBackend.filter((r) => /\.(js|css)$/.test(r.url)).reduce((s, r) => s + r.transferred, 0),
      requestsBefore: fromBackend,
    };
  } finally {
    await context.close();
  }
}

const fileOf = (url: string) => new URL(url).pathname.replace(/^\/api\/sessions\/[^/]+$/, '/api/sessions/:id');

export async function widgetEmbed(options: BenchOptions): Promise<BenchResult> {
  const loads = options.quick ? LOADS.quick : LOADS.full;
  options.log('widget embed: building the widget');
  const built = await buildWidget();
  let page = { html: '', csp: '' };
  const shop = createServer((_req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': page.csp,
      'Cache-Control': 'no-store',
    });
    res.end(page.html);
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  // the same loopback server under another host name: a second origin, as a shop's
  const shopOrigin = `http://localhost:${(shop.address() as AddressInfo).port}`;
  const shopUrl = `${shopOrigin}/`;
  const backend = await startTarget({
    kind: 'backend',
    gatewayUrl: 'http://127.0.0.1:9',
    backendEnv: { ...UNLIMITED_RATES, ...readmeBackendEnv(shopOrigin), WIDGET_DIR: built.dir },
  });
  let browser: Browser | undefined;
  try {
    const origins = { backendUrl: backend.url, gatewayUrl: 'http://127.0.0.1:9', shopOrigin };
    // one session for every load: reading it is what the widget does; the shop server's call is not timed
    page = readmeShopPage(origins, await readmeCreateSession(origins, DEMO_DEFAULTS.SHOP_SECRET), built.manifest);
    browser = await launchChromium();
    const results: { profile: Profile; loads: Load[] }[] = [];
    for (const profile of PROFILES) {
      for (let i = 0; i < WARMUP_LOADS; i++) await loadOnce(browser, shopUrl, backend.url, profile);
      const measured: Load[] = [];
      for (let i = 0; i < loads; i++) measured.push(await loadOnce(browser, shopUrl, backend.url, profile));
      options.log(`widget embed, ${profile.name}: ${measured.map((l) => fmt.one(l.fromNavigation)).join(', ')} ms`);
      results.push({ profile, loads: measured });
    }
    const kB = (bytes: number) => (bytes / 1000).toFixed(1);
    const table = markdownTable(
      [
        'profile',
        'widget files before first render, kB as transferred',
        'with the session call',
        'requests before interactive',
        'interactive from navigation, ms',
        'from the widget script request',
      ],
      results.map(({ profile, loads: l }) => [
        profile.name,
        kB(median(l.map((x) => x.fileBytesBefore))),
        kB(median(l.map((x) => x.bytesBefore))),
        String(median(l.map((x) => x.requestsBefore.length))),
        fmt.one(median(l.map((x) => x.fromNavigation))),
        fmt.one(median(l.map((x) => x.fromScript))),
      ]),
    );
    const sample = results[0]!.loads[0]!;
    const requests = markdownTable(
      ['request before interactive (first loopback load)', 'content-encoding', 'bytes transferred'],
      sample.requestsBefore.map((r) => [fileOf(r.url), r.encoding ?? '-', String(r.transferred)]),
    );
    const markdown = [
      `Chromium ${browser.version()} headless (\`/usr/bin/chromium\`), ${loads} cold loads per profile (a new browser context each, after ${WARMUP_LOADS} not counted), medians.`,
      'The shop page is widget/README.md\'s "Embedding" taken literally (e2e/harness/readmeEmbed.ts: the SRI-pinned',
      'loader, the no-code element, its CSP) on a second loopback origin; the widget comes from the backend, precompressed',
      '(Chromium sends `Accept-Encoding: gzip, deflate, br, zstd`, so brotli). Bytes are CDP `encodedDataLength`: headers',
      "and compressed body, as transferred, of the backend's requests started before `checkout:ready` (the stylesheet may",
      'still be arriving then; it is counted). The widget shows nothing until its session has loaded, so its first render',
      'is the interactive form. "Requests before interactive" are those to the backend, CORS preflight included.',
      `Throttled: Chrome DevTools' "Slow 4G" preset (\`Network.emulateNetworkConditions\`: ${SLOW_4G.downloadThroughput * 8} b/s down,`,
      `${SLOW_4G.uploadThroughput * 8} b/s up, ${SLOW_4G.latency} ms latency per request) and \`Emulation.setCPUThrottlingRate\` ${CPU_SLOWDOWN}.`,
      'Under Slow 4G every request waits 562.5 ms. The first render needs three in a row: the page, the loader, then the',
      'entry it imports and the session call, which the loader starts itself, side by side. The floor is therefore',
      `${fmt.one(3 * SLOW_4G.latency)} ms of latency from navigation (${fmt.one(2 * SLOW_4G.latency)} ms from the widget script request), plus the`,
      "entry's transfer and 4x-throttled CPU; 1 s would need the page and the widget in one round trip. DevTools'",
      'emulation does not delay the CORS preflight of the session call (a probe: a fetch with a preflight took 570 ms',
      "like one without): on a real Slow 4G link it is one more round trip in the session call's branch.",
      '',
      table,
      '',
      requests,
    ].join('\n');
    return { key: 'widgetEmbed', title: '4c. Widget embedded as the README says, as served', markdown };
  } finally {
    await browser?.close();
    await backend.close();
    await new Promise<void>((resolve) => shop.close(() => resolve()));
    built.remove();
  }
}

if (isMain(import.meta.url)) runStandalone(widgetEmbed);
