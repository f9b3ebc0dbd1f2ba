import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCompressed } from '../../widget/build/writeCompressed';
import { rawRequest } from '../testing/rawRequest';
import { startBackend, type Backend } from '../testing/startBackend';

// long enough that compression pays
const SCRIPT = `export const page = 'admin';${' /* padding */'.repeat(80)}`;

describe('admin page at /admin', () => {
  const dir = mkdtempSync(join(tmpdir(), 'admin-page-'));
  let backend: Backend;
  let unbuilt: Backend;
  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Shop admin</title>');
    writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), 'export {}');
    writeFileSync(join(dir, 'assets', 'app-Ef56Gh78.js'), SCRIPT);
    await writeCompressed(join(dir, 'assets'), ['app-Ef56Gh78.js']);
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

  it('serves the script compressed by Accept-Encoding, brotli first, and decompressing to the file', async () => {
    const url = `${backend.url}/admin/assets/app-Ef56Gh78.js`;
    const br = await rawRequest(url, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(SCRIPT.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    const gz = await rawRequest(url, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await rawRequest(url, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
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
