import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../testing/startBackend';

describe('admin page at /admin', () => {
  const dir = mkdtempSync(join(tmpdir(), 'admin-page-'));
  let backend: Backend;
  let unbuilt: Backend;
  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Shop admin</title>');
    writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), 'export {}');
    writeFileSync(join(dir, 'secret.txt'), 'not public');
    backend = await startBackend({ env: { ADMIN_DIR: dir } });
    unbuilt = await startBackend({ env: { ADMIN_DIR: join(dir, 'missing') } });
  });
  afterAll(async () => {
    await backend?.close();
    await unbuilt?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the page for /admin and its hash-routed paths, under a strict CSP and never cached', async () => {
    for (const path of ['/admin', '/admin/', '/admin/orders']) {
      const res = await fetch(`${backend.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<title>Shop admin</title>');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('serves hashed assets as immutable and nothing outside assets/', async () => {
    const asset = await fetch(`${backend.url}/admin/assets/index-Ab12Cd34.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${backend.url}/admin/assets/..%2Fsecret.txt`)).status).toBe(404);
    expect((await fetch(`${backend.url}/admin/assets/missing-Ab12Cd34.js`)).status).toBe(404);
  });

  it('keeps unknown API paths as JSON 404s, not the page', async () => {
    const res = await fetch(`${backend.url}/admin/api/no-such-route`, {
      headers: { authorization: 'Bearer demo-admin-token' },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('says clearly when the page is not built', async () => {
    const res = await fetch(`${unbuilt.url}/admin`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('npm run build');
  });
});
