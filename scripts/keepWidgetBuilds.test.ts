import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../server/testing/startBackend';
import { buildKeepingEarlier, widgetRetentionFromEnv, type WidgetRetention } from './keepWidgetBuilds';

/**
 * A widget build as Vite writes it into dist/widget (widget/build/widgetBundle.ts): the folder emptied, then the
 * stable widget.js and manifest.json, and the content-hashed loader twin, entry, chunk and stylesheet with their
 * brotli twins. `v` stands for the source: another source, other hashes.
 */
function viteBuild(dir: string, v: string): () => Promise<void> {
  return async () => {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const hash = v.repeat(10);
    const files: Record<string, string> = {
      'widget.js': `/* loader ${v} */ import('./checkout-${hash}.js')`,
      [`widget-${hash}.js`]: `/* loader ${v} */ import('./checkout-${hash}.js')`,
      [`checkout-${hash}.js`]: `/* entry ${v} */`,
      [`fingerprint-${hash}.js`]: `/* chunk ${v} */`,
      [`widget-${hash}.css`]: `/* style ${v} */`,
      'manifest.json': JSON.stringify({ loaderVersioned: { file: `widget-${hash}.js` } }),
    };
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(dir, name), text);
      if (name.endsWith('.js')) writeFileSync(join(dir, `${name}.br`), brotliCompressSync(`${text} /* br */`));
    }
  };
}

const DAY = 86_400_000;
const at = (daysAgo: number) => new Date(Date.parse('2026-06-01T00:00:00Z') - daysAgo * DAY);

describe('pinned widgets survive deploys', () => {
  let root: string;
  let dir: string;
  let backend: Backend;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'widget-builds-'));
    dir = join(root, 'widget');
    backend = await startBackend({ env: { WIDGET_DIR: dir } });
  });
  afterAll(async () => {
    await backend?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const get = async (file: string, encoding = 'identity') => {
    const res = await fetch(`${backend.url}/${file}`, { headers: { 'Accept-Encoding': encoding } });
    return { status: res.status, text: await res.text(), cache: res.headers.get('cache-control') };
  };
  const keep = (v: string, retention: WidgetRetention, now = new Date(), from?: string) =>
    buildKeepingEarlier(dir, viteBuild(dir, v), { retention, now, ...(from ? { from } : {}) });

  it("serves the first build's pinned widget-<hash>.js and its entry after a second build of another source", async () => {
    expect(await keep('a', { builds: 10, days: 90 })).toEqual({ kept: 0, dropped: 0, files: [] });
    const pinned = `widget-${'a'.repeat(10)}.js`;
    expect((await get(pinned)).text).toContain('loader a');

    const second = await keep('b', { builds: 10, days: 90 });
    expect(second.kept).toBe(1);
    expect(second.files).toContain(pinned);
    // widget.js is the new build; the pinned name still answers the first build's bytes, immutable, and its
    // entry, chunk and stylesheet with it
    expect((await get('widget.js')).text).toContain('loader b');
    expect(await get(pinned)).toEqual({
      status: 200,
      text: expect.stringContaining('loader a'),
      cache: 'public, max-age=31536000, immutable',
    });
    expect((await get(pinned, 'br')).text).toMatch(/loader a.*br/);
    for (const file of [
      `checkout-${'a'.repeat(10)}.js`,
      `fingerprint-${'a'.repeat(10)}.js`,
      `widget-${'a'.repeat(10)}.css`,
    ])
      expect((await get(file)).status, file).toBe(200);
    expect((await get(`widget-${'b'.repeat(10)}.js`)).text).toContain('loader b');
  });

  it('drops the builds past the rule: the last WIDGET_KEEP_BUILDS earlier builds, or those younger than WIDGET_KEEP_DAYS', async () => {
    await keep('c', { builds: 1, days: 0 });
    // b is the last earlier build: kept; a is gone
    expect((await get(`widget-${'b'.repeat(10)}.js`)).status).toBe(200);
    expect((await get(`widget-${'a'.repeat(10)}.js`)).status).toBe(404);
    expect(readdirSync(dir).filter((f) => f.includes('a'.repeat(10)))).toEqual([]);

    // by age: builds of 40 and 25 days ago, none kept by count, 30 days kept by age
    rmSync(dir, { recursive: true, force: true });
    await keep('d', { builds: 0, days: 30 }, at(40));
    expect(await keep('e', { builds: 0, days: 30 }, at(25))).toMatchObject({ kept: 1, dropped: 0 });
    const now = await keep('f', { builds: 0, days: 30 }, at(0));
    expect(now).toMatchObject({ kept: 1, dropped: 1 });
    expect((await get(`widget-${'e'.repeat(10)}.js`)).status).toBe(200);
    expect((await get(`widget-${'d'.repeat(10)}.js`)).status).toBe(404);
  });

  it('takes the earlier files from the previous release (WIDGET_KEEP_FROM), also one built before builds.json', async () => {
    const previous = join(root, 'previous-release');
    await viteBuild(previous, 'g')();
    expect(existsSync(join(previous, 'builds.json'))).toBe(false);
    rmSync(dir, { recursive: true, force: true });
    const kept = await keep('h', { builds: 10, days: 90 }, new Date(), previous);
    expect(kept.kept).toBe(1);
    expect((await get(`widget-${'g'.repeat(10)}.js`)).text).toContain('loader g');
    expect((await get('widget.js')).text).toContain('loader h');
  });

  it('reads the rule from the environment, and refuses a value that is not a whole number', () => {
    expect(widgetRetentionFromEnv({})).toEqual({ builds: 10, days: 90 });
    expect(widgetRetentionFromEnv({ WIDGET_KEEP_BUILDS: '3', WIDGET_KEEP_DAYS: '0' })).toEqual({ builds: 3, days: 0 });
    expect(() => widgetRetentionFromEnv({ WIDGET_KEEP_DAYS: 'ten' })).toThrow(/WIDGET_KEEP_DAYS: "ten"/);
  });
});
