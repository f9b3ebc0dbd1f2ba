import { Hono } from 'hono';

/**
 * The thinnest backend there can be, the yardstick of the payment benchmark: one Hono route that posts the
 * request body it receives, unchanged, to the gateway's `/v1/checkout` and returns the gateway's answer. No
 * validation, no store, no signing: whatever the real backend adds on top of this is its own cost.
 */
export function forwarderApp(gatewayUrl: string): Hono {
  const target = `${gatewayUrl.replace(/\/+$/, '')}/v1/checkout`;
  return new Hono().post('/forward', async (c) => {
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'Content-Type': c.req.header('content-type') ?? 'application/x-www-form-urlencoded' },
      body: await c.req.text(),
    });
    return c.body(await res.text(), res.status as 200, { 'Content-Type': res.headers.get('content-type') ?? 'text/html' });
  });
}
