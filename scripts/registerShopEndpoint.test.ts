import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../testing/adminClient';
import { startBackend, type Backend } from '../server/testing/startBackend';
import { registerShopEndpoint } from './registerShopEndpoint';

describe('registerShopEndpoint (npm start pointing the events at the demo shop)', () => {
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
    secret: 'whsec_demo_shop_events_0123456789abcdef',
  });

  it('registers the endpoint once, with its types, however often the demo starts on the same data', async () => {
    expect(await registerShopEndpoint(registration(backend.url))).toEqual({ created: true });
    expect(await registerShopEndpoint(registration(backend.url))).toEqual({ created: false });
    const { body } = await admin(backend, '/shop-endpoints');
    expect(body.endpoints).toHaveLength(1);
    expect(body.endpoints[0]).toMatchObject({ url: `${backend.url}/demo/shop-events`, types: ['order.paid'] });
  });

  it('a secret of your own must be long enough: 400 naming secret', async () => {
    const res = await admin(backend, '/shop-endpoints', {
      body: { url: `${backend.url}/elsewhere`, secret: 'whsec_short' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields[0].path).toBe('secret');
  });

  it('a refusal names the URL and the status', async () => {
    await expect(registerShopEndpoint({ ...registration(backend.url), adminToken: 'wrong' })).rejects.toThrow(
      /shop-events for shop events: HTTP 401/,
    );
  });
});
