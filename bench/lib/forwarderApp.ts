import { Hono } from 'hono';
import { MAX_RESPONSE_BYTES } from '../../server/gateway/core/callGateway';
import { httpTransport } from '../../server/gateway/core/transport';

/**
 * The thinnest backend there can be, the yardstick of the payment benchmark: one Hono route that posts the
 * request body it receives, unchanged, to the gateway's `/v1/checkout` and returns the gateway's answer. No
 * validation, no store, no signing: whatever the real backend adds on top of this is its own cost.
 * It sends through the same HTTP client as the backend (Node's http over keep-alive connections, a quarter of
 * the CPU of `fetch`), so the comparison is of everything else.
 */
export function forwarderApp(gatewayUrl: string): Hono {
  const target = `${gatewayUrl.replace(/\/+$/, '')}/v1/checkout`;
  const send = httpTransport();
  return new Hono().post('/forward', async (c) => {
    const res = await send({
      method: 'POST',
      url: target,
      headers: { 'content-type': c.req.header('content-type') ?? 'application/x-www-form-urlencoded' },
      body: await c.req.text(),
      timeoutMs: 60_000,
      maxBytes: MAX_RESPONSE_BYTES,
    });
    return c.body(res.text, res.status as 200, { 'Content-Type': res.headers.get('content-type') ?? 'text/html' });
  });
}
