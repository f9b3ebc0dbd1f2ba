import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../../shared/gateway/hashNode';
import { createLogger } from '../log';
import { callJson, createSession, paymentBody } from '../../testing/shopClient';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { createMetrics } from './createMetrics';
import { serveMetrics } from './serveMetrics';

/** The value of one sample of a Prometheus text exposition, or undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

async function scrape(b: Backend): Promise<string> {
  const res = await fetch(`${b.url}/metrics`, { headers: { Authorization: `Bearer ${b.config.adminToken}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

describeOnStores('metrics', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    // the default gateway URL is a closed port: every gateway call fails as unavailable, without a sandbox
    backend = await startBackend({ store, env: { RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000' } });
  });
  afterAll(() => backend?.close());

  it('needs the admin token on the main port', async () => {
    expect((await fetch(`${backend.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${backend.url}/metrics`, { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
  });

  it('labels HTTP requests by route pattern and status, never by the raw path', async () => {
    await fetch(`${backend.url}/api/sessions/ses_nope1`);
    await fetch(`${backend.url}/api/sessions/ses_nope2`);
    const text = await scrape(backend);
    expect(
      sample(text, 'merchant_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/sessions/:id',
        // a session read with no credential at all (neither the widget's secret nor a shop key)
        status: '401',
      }),
    ).toBe(2);
    expect(text).not.toContain('ses_nope');
  });

  it('counts orders by status from the store, and the backlog of open payments', async () => {
    const before = sample(await scrape(backend), 'merchant_orders', { status: 'created' }) ?? 0;
    const s = await createSession(backend);
    await createSession(backend);
    let text = await scrape(backend);
    expect(sample(text, 'merchant_orders', { status: 'created' })).toBe(before + 2);
    expect(sample(text, 'merchant_store_up')).toBe(1);

    const order = await backend.store.db
      .selectFrom('orders')
      .selectAll()
      .where('session_id', '=', s.id)
      .executeTakeFirstOrThrow();
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const attempt = (seq: number, nextCheckAt: string) => ({
      id: `pay_metrics_${seq}_${randomUUID()}`,
      order_id: order.id,
      session_id: s.id,
      seq,
      gateway_order_no: `${order.order_no}-${seq}`,
      method_id: 'card',
      kind: 'card' as const,
      payment_method: null,
      status: 'unknown' as const,
      payment_status: null,
      transaction_id: null,
      idempotency_key: randomUUID(),
      request_hash: 'x',
      response: null,
      widget_origin: null,
      frame_token: null,
      frame_form: null,
      frame_served_at: null,
      redirect_url: null,
      message: null,
      next_check_at: nextCheckAt,
      created_at: at(0),
      updated_at: at(0),
    });
    const due = sample(text, 'merchant_reconcile_backlog', { state: 'due' }) ?? 0;
    const scheduled = sample(text, 'merchant_reconcile_backlog', { state: 'scheduled' }) ?? 0;
    await backend.store.db
      .insertInto('payment_attempts')
      .values([attempt(1, at(-60_000)), attempt(2, at(3_600_000)), attempt(3, at(3_600_000))])
      .execute();
    text = await scrape(backend);
    expect(sample(text, 'merchant_reconcile_backlog', { state: 'due' })).toBe(due + 1);
    expect(sample(text, 'merchant_reconcile_backlog', { state: 'scheduled' })).toBe(scheduled + 2);
    for (const kind of ['refund', 'order_operation', 'payout'])
      expect(sample(text, 'merchant_outbox_pending', { kind })).toBe(0);
  });

  it('times gateway calls by operation and outcome', async () => {
    const s = await createSession(backend, { amount: '50.00', currency: 'BRL', items: undefined, country: 'BR' });
    const res = await callJson(`${backend.url}/api/sessions/${s.id}/payments`, {
      body: paymentBody(s.client_secret, 'pix'),
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(res.status).toBe(503);
    const text = await scrape(backend);
    expect(
      sample(text, 'merchant_gateway_call_duration_seconds_count', { operation: 'authorise', outcome: 'unavailable' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'merchant_gateway_call_duration_seconds_count', { operation: 'authorise', outcome: 'ok' }),
    ).toBeUndefined();
  });

  it('counts notifications received, rejected, with a bad signature, and what applying them did', async () => {
    const { merchantId, accountId, signKey } = backend.config.gateway;
    const form = {
      notify_id: randomUUID(),
      notify_type: 'PAYMENT',
      merchant_id: merchantId,
      account_id: accountId,
      transaction_id: 'T123',
      order_no: 'NOT-OURS-1',
      currency: 'USD',
      amount: '1.00',
      payment_status: '3000',
      message: '0000:Approved',
      notify_time: '20250101120000',
    };
    const post = (body: Record<string, string>) =>
      fetch(`${backend.url}/hooks/gateway`, { method: 'POST', body: new URLSearchParams(body) });
    const signed = { ...form, encryption_data: sign('notification', form, signKey) };
    expect((await post(signed)).status).toBe(200);
    expect((await post(signed)).status).toBe(200);
    // issue #31: a notification whose signature does not verify is acknowledged too (it is a cue, and the query
    // decides); it is counted as a bad signature. One of another merchant account is refused.
    expect((await post({ ...form, encryption_data: 'f'.repeat(64) })).status).toBe(200);
    expect((await post({ ...signed, merchant_id: '999999' })).status).toBe(400);
    const text = await scrape(backend);
    expect(sample(text, 'merchant_notifications_received_total')).toBe(4);
    expect(sample(text, 'merchant_notifications_total', { outcome: 'unknown_order' })).toBe(2);
    expect(sample(text, 'merchant_notifications_total', { outcome: 'duplicate' })).toBe(1);
    expect(sample(text, 'merchant_gateway_bad_signature_total', { source: 'notification' })).toBe(1);
    expect(sample(text, 'merchant_notifications_total', { outcome: 'rejected' })).toBe(1);
  });
});

describe('metrics outside the main port', () => {
  it('with METRICS_PORT set, /metrics is not on the main port; serveMetrics serves it without auth', async () => {
    const backend = await startBackend({ env: { METRICS_PORT: '0' } });
    const server = await serveMetrics(backend.deps.metrics.registry, 0, '127.0.0.1');
    try {
      expect(
        (await fetch(`${backend.url}/metrics`, { headers: { Authorization: `Bearer ${backend.config.adminToken}` } }))
          .status,
      ).toBe(404);
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${url}/metrics`);
      expect(res.status).toBe(200);
      expect(sample(await res.text(), 'merchant_store_up')).toBe(1);
      expect((await fetch(`${url}/other`)).status).toBe(404);
    } finally {
      await new Promise((r) => server.close(r));
      await backend.close();
    }
  });

  it('keeps each app instance on its own registry, and still answers when the store is gone', async () => {
    const a = await startBackend();
    const b = await startBackend();
    try {
      await fetch(`${a.url}/healthz`);
      const ofB = await scrape(b);
      expect(sample(ofB, 'merchant_http_request_duration_seconds_count', { route: '/healthz' })).toBeUndefined();
      expect(sample(await scrape(a), 'merchant_http_request_duration_seconds_count', { route: '/healthz' })).toBe(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    // a's store is closed now: the scrape still works and says so
    const orphan = createMetrics(a.store, createLogger('silent'));
    const text = await orphan.registry.metrics();
    expect(sample(text, 'merchant_store_up')).toBe(0);
    expect(sample(text, 'merchant_orders')).toBeUndefined();
    expect(text).toContain('process_cpu_seconds_total');
  });
});
