/**
 * Benchmark 4e: mobile Lighthouse on a shop page of its own origin that embeds the widget, against the same page
 * without it. Lighthouse's own mobile run (its Moto G Power emulation, Slow 4G) with the CPU slowed 4x and the
 * network throttled by DevTools (`throttlingMethod: 'devtools'`: the page really runs slowed; Lighthouse's default
 * simulated throttling estimates from an unthrottled trace, which here never caught the fingerprint's tasks).
 * Reported: the performance score, total blocking time (the part beyond 50 ms of each long task between first
 * contentful paint and interactive), and the long tasks Lighthouse attributes to the widget's files.
 *
 * `npx tsx bench/lighthouseMobile.ts [--quick]`
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { shopPage } from './fingerprintBlocking';
import type { BenchOptions, BenchResult } from './lib/benchResult';
import { isMain, runStandalone } from './lib/cli';
import { markdownTable, spreadRow } from './lib/markdownTable';
import { createSession } from './lib/shopCalls';
import { startShopWithWidget } from './lib/startShopWithWidget';

const RUNS = { full: 3, quick: 1 };
const DEBUG_PORT = 9339;
const BLANK_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>bench shop</title></head><body><h1>Bench shop</h1><div id="checkout"></div></body></html>';

interface Run {
  score: number;
  tbt: number;
  /** long tasks Lighthouse lists whose script is one of the widget's files */
  widgetTasks: number;
  widgetTaskMs: number;
}

/** Debian's Chromium, headless, for Lighthouse to drive over its DevTools port, in a profile of its own. */
async function startChromium(): Promise<() => Promise<void>> {
  const profile = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const child = spawn(
    '/usr/bin/chromium',
    [
      '--headless=new',
      `--remote-debugging-port=${DEBUG_PORT}`,
      `--user-data-dir=${profile}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill();
    await exited;
    rmSync(profile, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${DEBUG_PORT}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return stop;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error('Chromium did not open its DevTools port');
}

async function runLighthouse(url: string, widgetOrigin: string): Promise<Run> {
  const result = await lighthouse(url, {
    port: DEBUG_PORT,
    onlyCategories: ['performance'],
    throttlingMethod: 'devtools',
    logLevel: 'error',
  });
  if (!result) throw new Error('Lighthouse gave no result');
  const { lhr } = result;
  const tasks = (lhr.audits['long-tasks']?.details as { items?: { url?: string; duration?: number }[] } | undefined)
    ?.items;
  const widget = (tasks ?? []).filter((t) => t.url?.startsWith(`${widgetOrigin}/widget/`));
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    widgetTasks: widget.length,
    widgetTaskMs: widget.reduce((sum, t) => sum + (t.duration ?? 0), 0),
  };
}

export async function lighthouseMobile(options: BenchOptions): Promise<BenchResult> {
  const runs = options.quick ? RUNS.quick : RUNS.full;
  options.log('lighthouse mobile: building the widget');
  const scene = await startShopWithWidget();
  let stopChromium: (() => Promise<void>) | undefined;
  try {
    stopChromium = await startChromium();
    const pages = [
      {
        name: 'shop page with the widget',
        html: async () => viewport(shopPage(scene.backendUrl, await createSession(scene.backendUrl), '')),
      },
      { name: 'the same page without it', html: async () => BLANK_PAGE },
    ];
    const results: Run[][] = pages.map(() => []);
    // in turn, so that both pages meet the same load of the machine; a new session for each widget load
    for (let i = 0; i < runs; i++)
      for (const [p, { html }] of pages.entries()) {
        scene.setPage(await html());
        results[p]!.push(await runLighthouse(scene.shopUrl, scene.shopUrl));
      }
    for (const [p, { name }] of pages.entries())
      options.log(`lighthouse, ${name}: TBT ${results[p]!.map((r) => Math.round(r.tbt)).join(', ')} ms`);
    const rows = pages.flatMap(({ name }, p) => {
      const of = results[p]!;
      return [
        spreadRow(
          `${name}: performance score`,
          of.map((r) => r.score),
        ),
        spreadRow(
          `${name}: total blocking time, ms`,
          of.map((r) => r.tbt),
        ),
        spreadRow(
          `${name}: long tasks of the widget's files`,
          of.map((r) => r.widgetTasks),
        ),
        spreadRow(
          `${name}: their time, ms`,
          of.map((r) => r.widgetTaskMs),
        ),
      ];
    });
    const markdown = [
      `Lighthouse ${lighthouseVersion()} (npm \`lighthouse\`), its default mobile settings with \`throttlingMethod: 'devtools'\` (CPU 4x slower, Slow 4G), performance only, in Chromium (\`/usr/bin/chromium\`, headless); ${runs} runs of each page, in turn. The shop page is on its own origin, as a shop's, with the widget mounted on a real session of the real backend (its own process).`,
      '',
      markdownTable(['mobile Lighthouse', 'median', 'min', 'p90', 'max'], rows),
    ].join('\n');
    return { key: 'lighthouseMobile', title: '4e. Mobile Lighthouse on a shop page', markdown };
  } finally {
    await stopChromium?.();
    await scene.close();
  }
}

/** the bench's shop page as a phone reads it, with a heading of its own as BLANK_PAGE has */
function viewport(html: string): string {
  return html
    .replace('<meta charset="utf-8">', '<meta charset="utf-8"><meta name="viewport" content="width=device-width">')
    .replace('<body>', '<body><h1>Bench shop</h1>');
}

function lighthouseVersion(): string {
  return (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;
}

if (isMain(import.meta.url)) runStandalone(lighthouseMobile);
