import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { callJson } from '../../testing/shopClient';
import { startBackend, type Backend } from '../testing/startBackend';

describe('widget files, demo shop', () => {
  const dir = mkdtempSync(join(tmpdir(), 'widget-'));
  const built = join(dir, 'built');
  let backend: Backend;
  let unbuilt: Backend;
  beforeAll(async () => {
    mkdirSync(built);
    writeFileSync(join(built, 'widget.js'), 'console.log("loader")');
    writeFileSync(join(built, 'checkout-Ab12Cd34.js'), 'export const x = 1');
    writeFileSync(join(built, 'demo.css'), 'body{}');
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Demo shop</title>');
    writeFileSync(join(dir, 'secret.txt'), 'not public');
    backend = await startBackend({ env: { WIDGET_DIR: built, DEMO_PAGE: join(dir, 'index.html') } });
    unbuilt = await startBackend({ env: { WIDGET_DIR: join(dir, 'missing'), DEMO_PAGE: join(dir, 'missing.html') } });
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
    expect(await loader.text()).toBe('console.log("loader")');

    const chunk = await fetch(`${backend.url}/checkout-Ab12Cd34.js`);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${backend.url}/demo.css`)).headers.get('content-type')).toContain('text/css');
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
