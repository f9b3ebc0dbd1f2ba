import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build } from 'vite';
import { integrity } from './integrity';
import type { WidgetManifest } from './widgetBundle';
import { widgetViteConfig } from './widgetViteConfig';

let outDir: string;
let manifest: WidgetManifest;
const read = (file: string) => readFile(path.join(outDir, file));

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'widget-build-'));
  await build({ ...widgetViteConfig({ outDir }), configFile: false, logLevel: 'silent' });
  manifest = JSON.parse(await readFile(path.join(outDir, 'manifest.json'), 'utf8')) as WidgetManifest;
}, 120_000);
afterAll(() => rm(outDir, { recursive: true, force: true }));

describe('the widget build', () => {
  test('writes widget.js, its immutable twin, the hashed entry and stylesheet, and their SRI hashes', async () => {
    const files = await readdir(outDir);
    expect(files).toEqual(
      expect.arrayContaining([
        'widget.js',
        manifest.loaderVersioned.file,
        manifest.entry.file,
        manifest.stylesheet.file,
        'manifest.json',
      ]),
    );
    expect(manifest.loaderVersioned.file).toMatch(/^widget-[\w-]{10}\.js$/);
    expect(manifest.entry.file).toMatch(/^checkout-[\w-]+\.js$/);
    expect(manifest.stylesheet.file).toMatch(/^widget-[\w-]+\.css$/);
    for (const file of files.filter((f) => f !== 'manifest.json' && !/\.(br|gz)$/.test(f))) {
      expect(manifest.files[file], file).toBe(integrity(await read(file)));
    }
    expect(await read(manifest.loaderVersioned.file)).toEqual(await read('widget.js'));
  });

  test('writes a brotli and a gzip twin of every text file, holding the same bytes', async () => {
    for (const file of [...Object.keys(manifest.files), 'manifest.json']) {
      const raw = await read(file);
      expect(brotliDecompressSync(await read(`${file}.br`)), `${file}.br`).toEqual(raw);
      expect(gunzipSync(await read(`${file}.gz`)), `${file}.gz`).toEqual(raw);
    }
  });

  test('widget.js is a classic script that pins the hashed entry by its SRI hash', async () => {
    const loader = (await read('widget.js')).toString('utf8');
    expect(loader).toContain(`./${manifest.entry.file}`);
    expect(loader).toContain(manifest.entry.integrity);
    expect(loader).toContain('modulepreload');
    expect(loader).not.toMatch(/^\s*(import|export)\s/m); // no static module syntax: it runs as a plain <script>
    expect(() => new Function(loader)).not.toThrow(); // parses as a classic script
  });

  test('the fingerprint and the non-English locales are separate lazy chunks, English is in the entry', async () => {
    const entry = (await read(manifest.entry.file)).toString('utf8');
    const lazy = Object.keys(manifest.sizes.lazyGzip);
    for (const locale of ['fr', 'de', 'es', 'pt-BR', 'zh-CN', 'nl', 'ja', 'ar'])
      expect(
        lazy.some((f) => f.startsWith(`${locale}-`)),
        locale,
      ).toBe(true);
    const fingerprint = lazy.find((f) => f.startsWith('fp-'));
    expect(fingerprint).toBeDefined();
    // the chunk is also the fingerprint's worker, which imports it alone: it may import nothing (the entry would
    // run in the worker), and it never makes FingerprintJS's usage-statistics request
    const chunk = (await read(fingerprint!)).toString('utf8');
    expect(chunk).not.toMatch(/\bimport\s*(?:[\w*{][^;]*?\bfrom\s*)?["'`]\.\//);
    expect(chunk).not.toMatch(/\bimport\(/);
    expect(chunk).toContain('import.meta.url');
    expect(chunk).not.toContain('openfpcdn');
    // Nothing imported statically: the first render needs one request, and the SRI hash covers all of it.
    expect(entry).not.toMatch(/\bimport\s*(?:[\w*{][^;]*?\bfrom\s*)?["'`]\.\//);
    expect(entry).toContain(`./${fingerprint}`);
    expect(entry).toContain('Order summary');
    expect(entry).not.toContain('Récapitulatif');
  });

  test('what only a payment needs is one lazy chunk, and no Vite preload helper is left in any chunk', async () => {
    const entry = (await read(manifest.entry.file)).toString('utf8');
    const afterPay = Object.keys(manifest.sizes.lazyGzip).find((f) => f.startsWith('afterPay-'));
    expect(afterPay).toBeDefined();
    expect(entry).toContain(`./${afterPay}`);
    const chunk = (await read(afterPay!)).toString('utf8');
    // the payment call and its device data, the card frame, the card page's reopening, the fingerprint's schedule
    for (const code of ['Idempotency-Key', 'device_fingerprint', 'ck-frame', '/resume', 'requestIdleCallback']) {
      expect(chunk, code).toContain(code);
      expect(entry, code).not.toContain(code);
    }
    for (const file of Object.keys(manifest.files).filter((f) => f.endsWith('.js')))
      expect((await read(file)).toString('utf8'), file).not.toMatch(/vite:preloadError|Unable to preload/);
  });

  test("the payment methods' logos are a lazy chunk: the entry only names it", async () => {
    const entry = (await read(manifest.entry.file)).toString('utf8');
    const logos = Object.keys(manifest.sizes.lazyGzip).find((f) => f.startsWith('methodLogos-'));
    expect(logos).toBeDefined();
    expect(entry).toContain(`./${logos}`);
    expect(entry).not.toContain('M7 6v12'); // the bar code of the boleto's drawing
  });

  test('fits the size budget and records the sizes', () => {
    expect(manifest.sizes.initialGzip).toBeGreaterThan(5_000);
    expect(manifest.sizes.initialGzip).toBeLessThanOrEqual(21_525);
    expect(manifest.sizes.fingerprintGzip).toBeGreaterThan(5_000);
    expect(manifest.sizes.withFingerprintGzip).toBeLessThanOrEqual(37_920);
    expect(manifest.sizes.firstRenderBrotli).toBeGreaterThan(5_000);
    // the goal: the first render's bodies under 20 kB brotli as served
    expect(manifest.sizes.firstRenderBrotli).toBeLessThanOrEqual(20_030);
  });

  test('fails when a budget is exceeded', async () => {
    const tight = await mkdtemp(path.join(tmpdir(), 'widget-budget-'));
    try {
      await expect(
        build({
          ...widgetViteConfig({ outDir: tight, budget: { initialGzip: 5_000 } }),
          configFile: false,
          logLevel: 'silent',
        }),
      ).rejects.toThrow(/widget size budget exceeded: initial script \d+ B gzip > 5000 B/);
    } finally {
      await rm(tight, { recursive: true, force: true });
    }
  }, 120_000);
});
