import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { callJson } from '../../testing/shopClient';
import { rawRequest as raw } from '../testing/rawRequest';
import { startBackend, type Backend } from '../testing/startBackend';

// long enough that compression pays; fetch() would decompress by itself, so raw bytes are read with rawRequest
const LOADER = `console.log("loader");${' /* padding */'.repeat(50)}`;
const ENTRY = `export const x = 1;${' /* padding */'.repeat(50)}`;

describe('widget files, demo shop', () => {
  const dir = mkdtempSync(join(tmpdir(), 'widget-'));
  const built = join(dir, 'built');
  let backend: Backend;
  let unbuilt: Backend;
  beforeAll(async () => {
    mkdirSync(built);
    writeFileSync(join(built, 'widget.js'), LOADER);
    writeFileSync(join(built, 'checkout-Ab12Cd34.js'), ENTRY);
    // the build's precompressed twins (widget/build/writeCompressed.ts); no twin for demo.css
    writeFileSync(join(built, 'widget.js.br'), brotliCompressSync(LOADER));
    writeFileSync(join(built, 'widget.js.gz'), gzipSync(LOADER));
    writeFileSync(join(built, 'checkout-Ab12Cd34.js.br'), brotliCompressSync(ENTRY));
    writeFileSync(join(built, 'checkout-Ab12Cd34.js.gz'), gzipSync(ENTRY));
    writeFileSync(join(built, 'demo.css'), 'body{}');
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Demo shop</title>');
    writeFileSync(join(dir, 'secret.txt'), 'not public');
    // DEMO=1: the demo shop's page and session route are served only when asked for (#33)
    backend = await startBackend({ env: { WIDGET_DIR: built, DEMO_PAGE: join(dir, 'index.html'), DEMO: '1' } });
    unbuilt = await startBackend({
      env: { WIDGET_DIR: join(dir, 'missing'), DEMO_PAGE: join(dir, 'missing.html'), DEMO: '1' },
    });
  });
  afterAll(async () => {
    await backend?.close();
    await unbuilt?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves widget.js with a short cache and hashed files as immutable, loadable from any shop origin', async () => {
    const loader = await fetch(`${backend.url}/widget.js`);
    expect(loader.status).toBe(200);
    expect(loader.headers.get('content-type')).toContain('text/javascript');
    expect(loader.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    expect(loader.headers.get('access-control-allow-origin')).toBe('*');
    expect(loader.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await loader.text()).toBe(LOADER);

    const chunk = await fetch(`${backend.url}/checkout-Ab12Cd34.js`);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${backend.url}/demo.css`)).headers.get('content-type')).toContain('text/css');
  });

  it('sends the widget files with nosniff only of the security headers; a page and the API keep them all', async () => {
    const DOCUMENT_ONLY = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-xss-protection',
      'x-download-options',
      'x-dns-prefetch-control',
      'x-permitted-cross-domain-policies',
      'strict-transport-security', // the API's answers carry it, the session call's among them
    ];
    for (const file of ['widget.js', 'checkout-Ab12Cd34.js', 'demo.css']) {
      const res = await fetch(`${backend.url}/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('x-content-type-options'), file).toBe('nosniff');
      for (const name of DOCUMENT_ONLY) expect(res.headers.get(name), `${file}: ${name}`).toBeNull();
    }
    for (const path of ['/', '/api/sessions/cs_missing', '/healthz']) {
      const res = await fetch(`${backend.url}${path}`);
      for (const name of [
        'content-security-policy',
        'referrer-policy',
        'x-content-type-options',
        'strict-transport-security',
      ])
        expect(res.headers.get(name), `${path}: ${name}`).toBeTruthy();
    }
  });

  it('serves the precompressed twins by Accept-Encoding: brotli first, then gzip, else the file as built', async () => {
    const url = `${backend.url}/checkout-Ab12Cd34.js`;
    const br = await raw(url, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(br.headers['content-type']).toContain('text/javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['access-control-allow-origin']).toBe('*');
    expect(brotliDecompressSync(br.body).toString()).toBe(ENTRY);

    const gz = await raw(url, { 'Accept-Encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(ENTRY);
    // refused by q=0, or preferred by a higher q
    expect((await raw(url, { 'Accept-Encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await raw(url, { 'Accept-Encoding': 'br;q=0.5, gzip;q=1' })).headers['content-encoding']).toBe('gzip');

    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const plain = await raw(url, accept === undefined ? {} : { 'Accept-Encoding': accept });
      expect(plain.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body.toString()).toBe(ENTRY);
      expect(plain.headers['content-length']).toBe(String(ENTRY.length));
    }
  });

  it('keeps the loader on a short cache when compressed, and falls back to the file where no twin was built', async () => {
    const loader = await raw(`${backend.url}/widget.js`, { 'Accept-Encoding': 'br' });
    expect(loader.headers['content-encoding']).toBe('br');
    expect(loader.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    const css = await raw(`${backend.url}/demo.css`, { 'Accept-Encoding': 'br, gzip' });
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body.toString()).toBe('body{}');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await raw(`${backend.url}/checkout-Ab12Cd34.js`, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(brotliCompressSync(ENTRY).length));
    expect(head.body.length).toBe(0);
  });

  it('serves nothing outside the build folder', async () => {
    expect((await fetch(`${backend.url}/..%2Fsecret.txt`)).status).toBe(404);
    expect((await fetch(`${backend.url}/secret.txt`)).status).toBe(404);
    expect((await fetch(`${backend.url}/nope-12345678.js`)).status).toBe(404);
  });

  it('says clearly when the widget is not built', async () => {
    const res = await callJson(`${unbuilt.url}/widget.js`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toContain('npm run build');
  });

  it('serves the demo shop page, or a minimal one when it is missing', async () => {
    const page = await fetch(`${backend.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Demo shop</title>');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const fallback = await fetch(`${unbuilt.url}/`);
    expect(fallback.status).toBe(200);
    expect(await fallback.text()).toContain('/widget.js');
  });

  it('creates a demo session on the server side, without the shop secret in the browser', async () => {
    const res = await callJson(`${backend.url}/demo/sessions`, {
      body: {
        amount: '33.00',
        currency: 'USD',
        items: [{ name: 'T-shirt', sku: 'TS-1', unit_price: '16.50', quantity: 2 }],
        country: 'US',
      },
    });
    expect(res.status).toBe(201);
    const view = await callJson(`${backend.url}/api/sessions/${res.body.id}`, {
      headers: { 'X-Client-Secret': res.body.client_secret },
    });
    expect(view.body).toMatchObject({ amount: '33.00', currency: 'USD', status: 'created' });
    const bad = await callJson(`${backend.url}/demo/sessions`, { body: { amount: '1', currency: 'USD' } });
    expect(bad.status).toBe(400);
  });

  it('has no demo in production', async () => {
    const app = createApp({ ...backend.deps, config: { ...backend.config, production: true } });
    expect((await app.request('/')).status).toBe(404);
    expect((await app.request('/demo/sessions', { method: 'POST' })).status).toBe(404);
  });
});
