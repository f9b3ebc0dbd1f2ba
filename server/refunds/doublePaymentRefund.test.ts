import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionView } from '../../shared/contract/session';
import { admin, auditLines, orderOf } from '../../testing/adminClient';
import { sandboxApi } from '../../testing/sandboxApi';
import { callJson } from '../../testing/shopClient';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { payTwice as payTwiceAt } from '../testing/payTwice';
import { startBackend, type Backend } from '../testing/startBackend';

/**
 * Issue #35: a late APM payment after the shopper paid another way is a double payment. The owner may have its
 * extra payment refunded automatically, after a delay; the shopper's widget says when it is given back.
 */
describe('the automatic refund of a double payment', () => {
  let sandbox: Sandbox;
  let backend: Backend;
  let ahead = 0;
  beforeAll(async () => {
    sandbox = await startSandbox();
    backend = await startBackend({ gatewayUrl: sandbox.url, now: () => new Date(Date.now() + ahead) });
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
    await sandbox?.close();
  });
  afterEach(() => {
    ahead = 0;
  });

  const setting = (body: unknown) => admin(backend.url, '/settings/double-payment-refund', { method: 'PUT', body });
  const view = async (s: { id: string; client_secret: string }) =>
    (await callJson(`${backend.url}/api/sessions/${s.id}`, { headers: { 'X-Client-Secret': s.client_secret } }))
      .body as SessionView;

  const payTwice = () => payTwiceAt(backend);

  it('is off until the owner sets it; a bad setting is refused naming the field', async () => {
    expect((await admin(backend.url, '/settings/double-payment-refund')).body).toEqual({
      auto: false,
      delay_minutes: 0,
    });
    const bad = await setting({ auto: true, delay_minutes: -5 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual([{ path: 'delay_minutes', message: 'must be 0 or more' }]);
    const tooLong = await setting({ auto: true, delay_minutes: 60 * 24 * 8 });
    expect(tooLong.body.error.fields).toEqual([{ path: 'delay_minutes', message: 'must be at most 10080 (a week)' }]);
    const missing = await setting({ delay_minutes: 5 });
    expect(missing.body.error.fields).toEqual([{ path: 'auto', message: 'must be true or false' }]);
    expect((await setting({ auto: true, delay_minutes: 30, extra: 1 })).status).toBe(400);
    expect((await admin(backend.url, '/settings/double-payment-refund')).body).toMatchObject({ auto: false });
  });

  it('off: the owner is alerted, nothing is refunded, and the shopper reads that the shop will refund it', async () => {
    expect((await setting({ auto: false, delay_minutes: 0 })).status).toBe(200);
    const { s, extra } = await payTwice();
    ahead = 24 * 60 * 60_000;
    await backend.reconcile();
    expect((await orderOf(backend.url, s.order_no)).alerts[0]).toMatchObject({ id: extra.id, refund: null });
    expect((await view(s)).extra_payment).toEqual({ amount: '10.00', currency: 'BRL', refund: 'shop' });
  });

  it('on, after 30 minutes: the shopper is told when; the loop refunds the extra payment once, after the delay', async () => {
    const on = await setting({ auto: true, delay_minutes: 30 });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const { s, order, extra } = await payTwice();
    const found = Date.parse(extra.created_at);

    const scheduled = (await view(s)).extra_payment!;
    expect(scheduled).toMatchObject({ amount: '10.00', currency: 'BRL', refund: 'scheduled' });
    const due = Date.parse(scheduled.refund_at!);
    expect(due - found).toBeGreaterThanOrEqual(30 * 60_000 - 60_000);
    expect(due - found).toBeLessThanOrEqual(30 * 60_000 + 60_000);
    // the session itself still shows the order's own payment, paid
    expect((await view(s)).payment).toMatchObject({ status: 'paid' });

    // before the delay: nothing is sent
    ahead = 20 * 60_000;
    await backend.reconcile();
    expect((await orderOf(backend.url, order.order_no)).alerts[0]!.refund).toBeNull();

    // after it: refunded by the loop, as the owner's button would, and never twice
    ahead = 31 * 60_000;
    await vi.waitFor(
      async () => {
        // time goes on: the refund's check waits out its back-off (1, 2, 4... minutes) on the backend's clock
        ahead += 60_000;
        await backend.reconcile();
        expect((await orderOf(backend.url, order.order_no)).alerts[0]).toMatchObject({
          refund: { status: 'succeeded' },
        });
      },
      { timeout: 20_000, interval: 200 },
    );
    await backend.reconcile();
    expect((await view(s)).extra_payment).toEqual({ amount: '10.00', currency: 'BRL', refund: 'refunded' });
    const extraTx = await sandboxApi(sandbox.url).transaction(extra.gateway_order_no!);
    expect(extraTx.refunds.filter((r: { state: string }) => r.state === 'succeeded')).toHaveLength(1);
    expect(await auditLines(backend.url, order.order_no)).toContainEqual(
      expect.stringContaining(
        "automatic refund of the extra payment, 30 min after the double payment was found (the owner's setting)",
      ),
    );
    // the order's own payment is untouched
    expect(await orderOf(backend.url, order.order_no)).toMatchObject({ status: 'paid', refunded: null });
  });
});
