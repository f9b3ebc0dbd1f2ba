import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { admin, paymentMethods, type AuditEventView } from '../../testing/adminClient';
import { payoutBody } from '../../testing/payoutBody';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { BULK_ENV, makeOrders } from '../testing/makeOrders';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores('who did what: the audit log names the actor of every admin action', (store) => {
  let backend: Backend;
  const keys: Record<string, { key: string; prefix: string }> = {};
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url, env: BULK_ENV });
    for (const role of ['owner', 'finance']) {
      const res = await admin(backend, '/keys', { method: 'POST', body: { name: `${role} script`, role } });
      keys[role] = res.body;
    }
  });
  afterAll(() => backend?.close());

  const eventsSince = async (id: number, query = ''): Promise<AuditEventView[]> =>
    (await admin(backend, `/events?limit=200${query}`)).body.events.filter((e: AuditEventView) => e.id > id);
  const lastId = async () => (await admin(backend, '/events?limit=1')).body.events[0]?.id ?? 0;

  it("a refund's every line (journal, gateway call, state change) names the key that asked for it", async () => {
    const [order] = await makeOrders(backend, 1, 'paid');
    const since = await lastId();
    const res = await admin(backend, '/orders/refund', {
      method: 'POST',
      body: { orders: [{ order_no: order!.order_no, amount: '5.00' }] },
      token: keys.finance!.key,
    });
    expect(res.body.results[0]).toMatchObject({ ok: true });
    // the filter: only that key's lines, and no line of it is missing; a line the refund writes after its answer
    // can land between the two reads, so they are read again until they agree
    const filtered = await vi.waitFor(async () => {
      const mine = (await eventsSince(since)).filter((e) => e.actor === `key:${keys.finance!.prefix}`);
      expect(mine.map((e) => e.type)).toEqual(expect.arrayContaining(['refund', 'gateway_call']));
      const byFilter = await eventsSince(since, `&actor=${encodeURIComponent(`key:${keys.finance!.prefix}`)}`);
      expect(byFilter.map((e) => e.id)).toEqual(mine.map((e) => e.id));
      return byFilter;
    });
    expect(JSON.stringify(filtered)).not.toContain(keys.finance!.key.slice(keys.finance!.prefix.length));
  });

  it('a payout and a sync name their actor; the gateway notifications that follow name none', async () => {
    const [order] = await makeOrders(backend, 1, 'paid');
    const since = await lastId();
    expect(
      (
        await admin(backend, '/orders/sync', {
          method: 'POST',
          body: { order_nos: [order!.order_no] },
          token: keys.owner!.key,
        })
      ).status,
    ).toBe(200);
    const payout = await admin(backend, '/payouts', {
      method: 'POST',
      body: payoutBody(),
      headers: { 'Idempotency-Key': `actor-payout-${randomUUID()}` },
      token: keys.finance!.key,
    });
    expect(payout.status, JSON.stringify(payout.body)).toBeLessThan(300);
    const lines = await eventsSince(since);
    expect(lines.filter((e) => e.type === 'gateway_call').map((e) => e.actor)).toContain(`key:${keys.owner!.prefix}`);
    const payoutLines = lines.filter((e) => e.type === 'payout');
    expect(payoutLines.length).toBeGreaterThan(0);
    for (const e of payoutLines) expect(e.actor).toBe(`key:${keys.finance!.prefix}`);
    const { events: notifications } = (await admin(backend, '/events?type=notification&limit=5')).body;
    for (const n of notifications) expect(n.actor).toBeUndefined();
  });

  it('a change of payment methods records, for the changed method only, its fields before and after', async () => {
    const { methods } = await paymentMethods(backend);
    const since = await lastId();
    const changed = methods.map((m) => (m.id === 'pix' ? { ...m, enabled: false, max_amount: '900.00' } : m));
    const res = await admin(backend, '/payment-methods', {
      method: 'PUT',
      body: { methods: changed },
      token: keys.owner!.key,
    });
    expect(res.status).toBe(200);
    const [line] = await eventsSince(since, '&type=payment_methods');
    expect(line!.actor).toBe(`key:${keys.owner!.prefix}`);
    const pixBefore = methods.find((m) => m.id === 'pix')!;
    expect(line!.detail).toEqual({
      changes: [
        {
          id: 'pix',
          change: 'changed',
          fields: {
            enabled: { before: true, after: false },
            max_amount: { before: pixBefore.max_amount ?? null, after: '900.00' },
          },
        },
      ],
    });
  });

  it('refuses a wrong actor filter naming the field', async () => {
    const res = await admin(backend, `/events?actor=${'x'.repeat(201)}`);
    expect(res.status).toBe(400);
    expect(res.body.error.fields[0].path).toBe('actor');
  });
});
