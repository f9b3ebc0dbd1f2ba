import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { admin } from '../../testing/adminClient';
import { sandboxApi } from '../../testing/sandboxApi';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { BULK_ENV, makeOrders } from '../testing/makeOrders';

/** A refund the gateway took: received, accepted, or already succeeded by the time the answer was written. */
const SENT = /^(received|accepted|succeeded)$/;

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores('Idempotency-Key on bulk actions', (store) => {
  let backend: Backend;
  /** the backend's clock ahead of the real one: past the window in which a journalled refund may be in flight */
  let ahead = 0;
  beforeAll(async () => {
    backend = await startBackend({
      store,
      gatewayUrl: sandbox.url,
      now: () => new Date(Date.now() + ahead),
      env: { ...BULK_ENV, GATEWAY_TIMEOUT_MS: '1500' },
    });
  });
  afterAll(() => backend?.close());
  const refund = (orders: Record<string, unknown>[], key?: string) =>
    admin(backend, '/orders/refund', { body: { orders }, ...(key ? { headers: { 'Idempotency-Key': key } } : {}) });
  const refundsAtGateway = async (gatewayOrderNo: string) =>
    ((await sandboxApi(sandbox.url).transaction(gatewayOrderNo)).refunds as unknown[]).length;

  it('the same request under the same key refunds once, however often it is sent', async () => {
    const [o] = await makeOrders(backend, 1, 'paid');
    const key = randomUUID();
    const item = { order_no: o!.order_no, amount: '5.00', reason: 'late delivery' };
    const first = await refund([item], key);
    // asynchronous at the gateway: the answer says it has the refund (received, or further by now)
    expect(first.body.results[0]).toMatchObject({ ok: true, refund_state: expect.stringMatching(SENT) });
    // the answer was (as far as the owner knows) lost: the same request again, twice
    for (let i = 0; i < 2; i++) {
      const again = await refund([item], key);
      expect(again.status).toBe(200);
      expect(again.body.results[0]).toMatchObject({
        ok: true,
        note: expect.stringMatching(/first request with this key/),
      });
    }
    expect(await refundsAtGateway(o!.gateway_order_no)).toBe(1);
    // a new key is a new refund
    expect((await refund([item], randomUUID())).body.results[0]).toMatchObject({ ok: true });
    expect(await refundsAtGateway(o!.gateway_order_no)).toBe(2);
  });

  it("a row's own key (as the CLI sends) maps a repeat in another request, with other rows, to the same refund", async () => {
    const [a, b] = await makeOrders(backend, 2, 'paid');
    const rowKey = `row-${randomUUID()}`;
    const row = { order_no: a!.order_no, amount: '4.00', reason: 'x', idempotency_key: rowKey };
    expect((await refund([row])).body.results[0]).toMatchObject({ ok: true });
    const again = await refund([{ order_no: b!.order_no, amount: '1.00', reason: 'y' }, row]);
    expect(again.body.results).toMatchObject([{ ok: true }, { ok: true, note: expect.stringMatching(/this key/) }]);
    expect(await refundsAtGateway(a!.gateway_order_no)).toBe(1);
    // the row's key asking another amount is refused for that row
    const other = await refund([{ ...row, amount: '3.00' }]);
    expect(other.body.results[0]).toMatchObject({ ok: false, error: { code: 'idempotency_key_reused' } });
    expect(await refundsAtGateway(a!.gateway_order_no)).toBe(1);
  });

  it('refuses a key reused with another body (422), a malformed key and a row key where it is not taken (400)', async () => {
    const [o] = await makeOrders(backend, 1, 'paid');
    const key = randomUUID();
    expect((await refund([{ order_no: o!.order_no, amount: '1.00' }], key)).status).toBe(200);
    const reused = await refund([{ order_no: o!.order_no, amount: '2.00' }], key);
    expect(reused.status).toBe(422);
    expect(reused.body.error).toMatchObject({
      code: 'idempotency_key_reused',
      message: expect.stringMatching(/Idempotency-Key/),
    });
    const otherAction = await admin(backend, '/orders/cancel', {
      body: { orders: [{ order_no: o!.order_no }] },
      headers: { 'Idempotency-Key': key },
    });
    expect(otherAction.status).toBe(422);
    const bad = await refund([{ order_no: o!.order_no }], 'has space');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual([{ path: 'Idempotency-Key', message: expect.any(String) }]);
    const rowKey = await admin(backend, '/orders/cancel', {
      body: { orders: [{ order_no: o!.order_no, idempotency_key: 'k1' }] },
    });
    // a wrong row is that row's answer (the others of the request would go ahead), and is not cancelled
    expect(rowKey.status).toBe(200);
    expect(rowKey.body.results[0]).toMatchObject({
      ok: false,
      position: 0,
      error: { code: 'invalid_request', fields: [{ path: 'idempotency_key', message: expect.any(String) }] },
    });
    expect(await refundsAtGateway(o!.gateway_order_no)).toBe(1);
  });

  it("another key's refund the gateway never got is sent first, under its own key; the new key is told to send again", async () => {
    const [o] = await makeOrders(backend, 1, 'paid');
    const item = { order_no: o!.order_no, amount: '6.00', reason: 'x' };
    // the gateway answers 503 before it acts: the refund stays journalled (pending) under the first key
    await sandboxApi(sandbox.url).addFault({
      endpoint: '/v1/refund',
      order_no: o!.gateway_order_no,
      times: 1,
      fault: { kind: 'status', status: 503 },
    });
    const k1 = randomUUID();
    expect((await refund([item], k1)).body.results[0]).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    await sandboxApi(sandbox.url).clearFaults();
    ahead += 10_000;
    const k2 = randomUUID();
    expect((await refund([item], k2)).body.results[0]).toMatchObject({ ok: false, error: { code: 'refund_pending' } });
    expect(await refundsAtGateway(o!.gateway_order_no)).toBe(1);
    expect((await refund([item], k1)).body.results[0]).toMatchObject({
      ok: true,
      note: expect.stringMatching(/this key/),
    });
    expect((await refund([item], k2)).body.results[0]).toMatchObject({
      ok: true,
      refund_state: expect.stringMatching(SENT),
    });
    expect(await refundsAtGateway(o!.gateway_order_no)).toBe(2);
  });
});
