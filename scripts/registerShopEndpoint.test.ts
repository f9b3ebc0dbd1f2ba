import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveOnLoopback } from '../server/testing/serveOnLoopback';
import { startBackend, type Backend } from '../server/testing/startBackend';
import { registerShopEndpoint } from './registerShopEndpoint';

describe('registerShopEndpoint', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend();
  });
  afterAll(() => backend?.close());

  const registration = (baseUrl: string) => ({
    baseUrl,
    adminToken: 'demo-admin-token',
    url: `${baseUrl}/demo/shop-events`,
    types: ['order.paid'] as const,
    secret: 'whsec_demo_shop_events',
  });

  it('sends the owner token and {url, types, secret}, and answers what the backend answered', async () => {
    const seen: { auth: string | null; body: unknown }[] = [];
    const admin = await serveOnLoopback(async (req) => {
      seen.push({ auth: req.headers.get('authorization'), body: await req.json() });
      return Response.json({ id: 'ep_1' }, { status: 201 });
    });
    try {
      expect(await registerShopEndpoint(registration(admin.url))).toEqual({ id: 'ep_1' });
      expect(seen).toEqual([
        {
          auth: 'Bearer demo-admin-token',
          body: { url: `${admin.url}/demo/shop-events`, types: ['order.paid'], secret: 'whsec_demo_shop_events' },
        },
      ]);
    } finally {
      await admin.close();
    }
  });

  it('a backend without the endpoints route: undefined, not a failed start', async () => {
    expect(await registerShopEndpoint(registration(backend.url))).toBeUndefined();
  });

  it('a refusal names the URL and the status', async () => {
    await expect(registerShopEndpoint({ ...registration(backend.url), adminToken: 'wrong' })).rejects.toThrow(
      /shop-events for shop events: HTTP 401/,
    );
  });
});
