/**
 * A batch call's signature replayed (#33: SECURITY.md claimed a borrowed signature is refused, and no test
 * replayed one of a batch). What sits between the backend and the gateway can keep a batch's request and its
 * answer and play them back later: the answer of an earlier capture, edited to name another order, in answer to
 * that order's capture; or the batch's signature on a notification. Neither is believed: the first leaves the
 * capture's outcome unknown (journalled pending, for the query to settle); the second is acknowledged like any
 * notification of the merchant's account (#31: a notification is a cue), its signature does not verify, and the
 * query it prompts decides: the order stays paid.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cuesDone } from '../../server/testing/cuesDone';
import { auditLines } from '../../testing/adminClient';
import { sandboxApi } from '../../testing/sandboxApi';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { BULK_ENV, makeOrders } from '../../server/testing/makeOrders';
import { startBackend, type Backend } from '../../server/testing/startBackend';
import { admin, orderOf } from '../../testing/adminClient';
import { startPix } from '../../testing/shopClient';

interface Recorded {
  request: Record<string, unknown>;
  answer: Record<string, unknown>;
}

describe('a batch signature replayed', () => {
  let sandbox: Sandbox;
  let backend: Backend;
  /** every capture call that reached the gateway, its signed request and its answer */
  const captures: Recorded[] = [];
  /** when set: the capture call is not forwarded, this answer is given instead */
  let replay: ((request: Record<string, unknown>) => Record<string, unknown>) | undefined;
  /** when set: the query's answer is passed through this on its way back */
  let rewriteQuery: ((answer: Record<string, unknown>) => Record<string, unknown>) | undefined;

  const onTheWire = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.pathname === '/v1/retrievalTrans' && rewriteQuery) {
      const res = await fetch(url, init);
      const answer = rewriteQuery(JSON.parse(await res.text()) as Record<string, unknown>);
      return new Response(JSON.stringify(answer), { status: res.status, headers: res.headers });
    }
    if (url.pathname !== '/v1/capture') return fetch(url, init);
    const request = JSON.parse(String(init?.body)) as Record<string, unknown>;
    if (replay)
      return new Response(JSON.stringify(replay(request)), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    const res = await fetch(url, init);
    const text = await res.text();
    captures.push({ request, answer: JSON.parse(text) as Record<string, unknown> });
    return new Response(text, { status: res.status, headers: res.headers });
  }) as typeof fetch;

  beforeAll(async () => {
    sandbox = await startSandbox();
    backend = await startBackend({ gatewayUrl: sandbox.url, env: BULK_ENV, gatewayFetch: onTheWire });
  });
  afterAll(async () => {
    await backend?.close();
    await sandbox?.close();
  });

  const capture = async (orderNo: string) => {
    const res = await admin(backend, '/orders/capture', { body: { orders: [{ order_no: orderNo }] } });
    expect(res.status).toBe(200);
    return res.body.results[0] as { ok: boolean; status?: string; error?: { code: string; message: string } };
  };

  it("an earlier capture's answer, made to name another order, does not capture it", async () => {
    const [first, second] = await makeOrders(backend, 2, 'authorised');
    expect(await capture(first!.order_no)).toMatchObject({ ok: true, status: 'paid' });
    const earlier = captures.at(-1)!;
    expect((earlier.answer.capture_orders as unknown[]).length).toBe(1);

    // the earlier answer, its item now saying the second order was captured; its encryption_data is the first
    // call's own signature, echoed, which is all a replay can carry (the second call's is not known in advance)
    replay = () => ({
      ...earlier.answer,
      capture_orders: (earlier.answer.capture_orders as Record<string, unknown>[]).map((item) => ({
        ...item,
        transaction_id: second!.transaction_id,
        order_no: second!.gateway_order_no,
      })),
    });
    let replayedTo: Record<string, unknown> | undefined;
    const made = replay;
    replay = (request) => {
      replayedTo = request;
      return made(request);
    };
    try {
      const result = await capture(second!.order_no);
      expect(result).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    } finally {
      replay = undefined;
    }
    // what the replay carried is the earlier call's signature, not the one the second call sent
    expect(replayedTo!.encryption_data).not.toBe(earlier.request.encryption_data);
    expect(await sandboxApi(sandbox.url).requestCount('/v1/capture', second!.gateway_order_no)).toBe(0);

    // not believed: nothing captured, the journal keeps it pending for the query, the order as the gateway has it
    const journal = await backend.store.db
      .selectFrom('order_operations')
      .innerJoin('orders', 'orders.id', 'order_operations.order_id')
      .select(['order_operations.action', 'order_operations.status', 'orders.status as order_status'])
      .where('orders.order_no', '=', second!.order_no)
      .execute();
    expect(journal).toEqual([{ action: 'capture', status: 'pending', order_status: 'authorised' }]);
    expect((await sandboxApi(sandbox.url).transaction(second!.gateway_order_no)).payment_status).toBe('2000');
    expect(await auditLines(backend.url, second!.order_no)).toContainEqual(
      expect.stringMatching(/^capture: capture 20\.00 \w+: outcome unknown, journalled as pending$/),
    );
    // refused for its echo: a well-formed 200 answer, in the shape of the genuine one, taken as a protocol error
    const calls = await backend.store.db
      .selectFrom('audit_events')
      .select('detail')
      .where('kind', '=', 'gateway_call')
      .orderBy('id', 'desc')
      .execute();
    const lastCapture = calls
      .map((c) => JSON.parse(c.detail ?? '{}') as { operation?: string; outcome?: string; httpStatus?: number })
      .find((d) => d.operation === 'capture');
    expect(lastCapture).toMatchObject({ outcome: 'protocol', httpStatus: 200 });
  });

  it("a capture's signature on a notification does not verify and applies nothing: the query it prompts decides", async () => {
    const [order] = await makeOrders(backend, 1, 'authorised');
    expect(await capture(order!.order_no)).toMatchObject({ ok: true, status: 'paid' });
    const signed = captures.at(-1)!.request;
    const form = {
      notify_id: randomUUID(),
      notify_type: 'PAYMENT',
      merchant_id: String(signed.merchant_id),
      account_id: String(signed.account_id),
      transaction_id: order!.transaction_id,
      order_no: order!.gateway_order_no,
      currency: order!.currency,
      amount: order!.amount,
      payment_status: '4100',
      message: '0000:Refunded',
      notify_time: '20250101120000',
      // the batch's signature over merchant_id, account_id and this transaction_id, taken off the wire
      encryption_data: String(signed.encryption_data),
    };
    const res = await fetch(`${backend.url}/hooks/gateway`, { method: 'POST', body: new URLSearchParams(form) });
    expect(`${res.status} ${await res.text()}`).toBe('200 success');
    // the forged one's cue, unverified (the payment's own signed notification left one too: its card was asked for)
    const cues = await cuesDone(backend, order!.gateway_order_no);
    expect(cues.filter((c) => c.cue_key === `id:${form.notify_id}`).map((c) => c.verified)).toEqual([0]);
    const stored = await backend.store.db
      .selectFrom('orders')
      .select('status')
      .where('order_no', '=', order!.order_no)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('paid');
  });

  // The limit of all of the above, as SECURITY.md says: the query's answer is not signed, so what can read and
  // write the backend's TLS to the gateway (a TLS-intercepting proxy whose CA the host trusts) can pay an
  // order. This pins that statement; production refuses a gateway over plain HTTP (server/config.test.ts).
  it('a query answer rewritten on the way to 3000 pays a pending order: TLS is what the query rests on', async () => {
    const { session } = await startPix(backend);
    const gatewayNo = (await orderOf(backend, session.order_no)).attempts[0]!.gateway_order_no;
    expect((await sandboxApi(sandbox.url).transaction(gatewayNo)).payment_status).toBe('1000');
    rewriteQuery = (answer) => ({
      ...answer,
      orders_list: (answer.orders_list as Record<string, unknown>[]).map((o) =>
        o.order_no === gatewayNo ? { ...o, payment_status: '3000' } : o,
      ),
    });
    try {
      const synced = await admin(backend, '/orders/sync', { body: { order_nos: [session.order_no] } });
      expect(synced.status).toBe(200);
    } finally {
      rewriteQuery = undefined;
    }
    expect((await orderOf(backend, session.order_no)).status).toBe('paid');
    expect((await sandboxApi(sandbox.url).transaction(gatewayNo)).payment_status).toBe('1000');
  });
});
