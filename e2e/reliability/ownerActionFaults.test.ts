/**
 * The owner's money-moving calls under every HTTP fault of the sandbox: refunds and captures (batches, never
 * resent blindly) and payouts (idempotent by request_id). For each: the owner is told the outcome is unknown
 * rather than a guess, the natural retry completes the action, the gateway performed it exactly once, and the
 * audit log tells the story.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { sandboxApi } from '../../testing/sandboxApi';
import { startSandboxProcess, type RunningSandbox } from '../../testing/startSandboxProcess';
import { BULK_ENV } from '../../server/testing/makeOrders';
import { startBackend, type Backend } from '../../server/testing/startBackend';
import { admin, auditLines, orderIn, orderOf, orderWhen, refundsFinal } from '../../testing/adminClient';
import { addFault, clearCountingFaults, listFaults } from './lib/faults';
import { payoutBody } from '../../testing/payoutBody';
import { paidPixOrder, payCard } from '../../testing/shopClient';
import { describeOnStoresAtOnce } from './lib/storesAtOnce';
import { once, useTally } from './lib/tally';

const tally = useTally('ownerActionFaults');
const TIMEOUT_MS = 1500;
/** past the window in which a journalled action may still be in flight (inFlightCutoff: 2 time-outs + 5 s) */
const PAST_IN_FLIGHT_MS = 2 * TIMEOUT_MS + 5_000 + 1_000;

interface HttpFault {
  name: string;
  rule: Record<string, unknown>;
  /** the gateway performed the call although the backend got no usable answer */
  gatewayActed: boolean;
}

const FAULTS: HttpFault[] = [
  { name: '503 before the gateway acts', rule: { fault: { kind: 'status', status: 503 } }, gatewayActed: false },
  {
    name: '502 after the gateway acted',
    rule: { apply: 'after', fault: { kind: 'status', status: 502 } },
    gatewayActed: true,
  },
  {
    name: '500 after the gateway acted',
    rule: { apply: 'after', fault: { kind: 'status', status: 500 } },
    gatewayActed: true,
  },
  { name: 'no answer, nothing done', rule: { fault: { kind: 'timeout' } }, gatewayActed: false },
  {
    name: 'no answer after the gateway acted',
    rule: { apply: 'after', fault: { kind: 'timeout' } },
    gatewayActed: true,
  },
  { name: 'a malformed answer, nothing done', rule: { fault: { kind: 'malformed' } }, gatewayActed: false },
  {
    name: 'a malformed answer after the gateway acted',
    rule: { apply: 'after', fault: { kind: 'malformed' } },
    gatewayActed: true,
  },
  {
    name: 'latency beyond the time-out',
    rule: { fault: { kind: 'latency', ms: TIMEOUT_MS + 1000 } },
    gatewayActed: true,
  },
];

// each store with a sandbox of its own, both at once (lib/storesAtOnce.ts): most of the time is the gateway's
// time-outs, waited with the CPU idle
describeOnStoresAtOnce("the owner's actions under gateway faults", (store) => {
  let sandbox: RunningSandbox;
  let backend: Backend;
  let ahead = 0;
  beforeAll(async () => {
    sandbox = await startSandboxProcess();
    backend = await startBackend({
      store,
      gatewayUrl: sandbox.url,
      now: () => new Date(Date.now() + ahead),
      env: { ...BULK_ENV, GATEWAY_TIMEOUT_MS: String(TIMEOUT_MS) },
    });
  });
  afterAll(async () => {
    await backend?.close();
    await sandbox?.close();
  });
  afterEach(() => clearCountingFaults(sandbox.url, tally));
  const gw = () => sandboxApi(sandbox.url);
  const bulk = async (action: string, orders: Record<string, unknown>[]) => {
    const res = await admin(backend.url, `/orders/${action}`, { body: { orders } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results as {
      order_no: string;
      ok: boolean;
      status?: string;
      note?: string;
      error?: { code: string; message: string };
    }[];
  };
  /** the faulted call has ended at the gateway (a held or slow call still running would change the counts) */
  const settledAtGateway = () =>
    vi.waitFor(
      async () => {
        const found = (await listFaults(sandbox.url)).held === 0;
        expect(found, 'no call held by the sandbox').toBeTruthy();
        return found!;
      },
      { timeout: 10_000 },
    );

  for (const fault of FAULTS) {
    it(`refund: ${fault.name} -> outcome unknown, the retry completes it, refunded once`, async () => {
      const s = await paidPixOrder(backend.url);
      const gatewayNo = (await orderOf(backend.url, s.order_no)).attempts[0]!.gateway_order_no;
      await addFault(sandbox.url, { endpoint: '/v1/refund', order_no: gatewayNo, times: 1, ...fault.rule });

      const [first] = await bulk('refund', [{ order_no: s.order_no, reason: 'damaged' }]);
      expect(first).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
      await settledAtGateway();
      // while the refund may still be in flight its amount stays reserved: a retry sends nothing
      const [early] = await bulk('refund', [{ order_no: s.order_no, reason: 'damaged' }]);
      expect(early!.ok).toBe(false);
      expect(await gw().requestCount('/v1/refund', gatewayNo)).toBe(1);

      ahead += PAST_IN_FLIGHT_MS;
      const [retry] = await bulk('refund', [{ order_no: s.order_no, reason: 'damaged' }]);
      expect(retry, JSON.stringify(retry)).toMatchObject({ ok: true });
      // refunds are asynchronous: the gateway received it, and it succeeds a moment later
      // the order is refunded by the payment's status; its refund row by the refund's own notification, which can
      // come later: wait for both
      const order = await orderWhen(
        backend.url,
        s.order_no,
        (o) => o.status === 'refunded' && o.refunds.every((r) => r.status === 'succeeded' || r.status === 'failed'),
        'status refunded, its refund final',
      );
      const [tx] = await gw().transactions(gatewayNo);
      expect(once(tally, (tx!.refunds as unknown[]).length)).toBe(1);
      expect(tx!.payment_status).toBe('4100');
      // resent only when the gateway never had it, and then under the same reference
      expect(await gw().requestCount('/v1/refund', gatewayNo)).toBe(fault.gatewayActed ? 1 : 2);
      expect(order.refunds.map((r) => r.status)).toEqual(['succeeded']);
      const lines = await auditLines(backend.url, s.order_no);
      expect(lines).toContainEqual(
        expect.stringMatching(/^refund: refund 10\.00 BRL \(.+\): outcome unknown, kept pending$/),
      );
      if (fault.gatewayActed)
        // found at the gateway (by its notifications or the refund search): the retry is answered with it
        expect(retry).toMatchObject({ note: expect.stringContaining('done by an earlier request') });
      else
        expect(lines).toContainEqual(
          expect.stringMatching(/^refund: refund 10\.00 BRL \(.+\): received by the gateway as /),
        );
    });
  }

  it('refund: the retry overtakes a refund the slow gateway still holds; the late one is refused, refunded once', async () => {
    const s = await paidPixOrder(backend.url);
    const gatewayNo = (await orderOf(backend.url, s.order_no)).attempts[0]!.gateway_order_no;
    // the first call waits at the gateway well past the client's time-out and the retry below, then runs
    await addFault(sandbox.url, {
      endpoint: '/v1/refund',
      order_no: gatewayNo,
      times: 1,
      fault: { kind: 'latency', ms: 4 * TIMEOUT_MS },
    });
    const [first] = await bulk('refund', [{ order_no: s.order_no, amount: '4.00' }]);
    expect(first).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    expect((await listFaults(sandbox.url)).held).toBe(1);

    ahead += PAST_IN_FLIGHT_MS;
    const [retry] = await bulk('refund', [{ order_no: s.order_no, amount: '4.00' }]);
    expect(retry, JSON.stringify(retry)).toMatchObject({ ok: true });
    await settledAtGateway();
    await vi.waitFor(
      async () => expect(await gw().requestCount('/v1/refund', gatewayNo), 'the late call to be recorded').toBe(2),
      { timeout: 10_000 },
    );
    await orderIn(backend.url, s.order_no, 'partially_refunded');
    const [tx] = await gw().transactions(gatewayNo);
    expect(once(tally, (tx!.refunds as unknown[]).length)).toBe(1);
    expect(tx).toMatchObject({ payment_status: '3100', refunded_amount: '4.00' });
    expect((await refundsFinal(backend.url, s.order_no)).refunded).toBe('4.00');
  });

  for (const fault of FAULTS.filter((f) => f.name.startsWith('5') || f.name.includes('no answer'))) {
    it(`capture: ${fault.name} -> outcome unknown, the retry settles it by query, captured once`, async () => {
      const { session: s } = await payCard(backend.url);
      const gatewayNo = (await orderOf(backend.url, s.order_no)).attempts[0]!.gateway_order_no;
      await addFault(sandbox.url, { endpoint: '/v1/capture', order_no: gatewayNo, times: 1, ...fault.rule });
      const [first] = await bulk('capture', [{ order_no: s.order_no }]);
      expect(first).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
      await settledAtGateway();

      ahead += PAST_IN_FLIGHT_MS;
      const [retry] = await bulk('capture', [{ order_no: s.order_no }]);
      expect(retry, JSON.stringify(retry)).toMatchObject({ ok: true, status: 'paid' });
      if (fault.gatewayActed) expect(retry!.note).toBe('already done by an earlier request');
      const [tx] = await gw().transactions(gatewayNo);
      expect(tx).toMatchObject({ payment_status: '3000', captured_amount: '20.00' });
      // each capture the gateway performed sends one CAPTURE RESULT notification
      const captures = (await gw().notifications(gatewayNo)).filter((n) => n.notify_type === 'CAPTURE RESULT');
      expect(once(tally, captures.length)).toBe(1);
      expect(await gw().requestCount('/v1/capture', gatewayNo)).toBe(fault.gatewayActed ? 1 : 2);
      const lines = await auditLines(backend.url, s.order_no);
      expect(lines).toContainEqual(
        expect.stringMatching(/^capture: capture 20\.00 USD: outcome unknown, journalled as pending$/),
      );
      expect(lines).toContainEqual(
        `capture: capture from an earlier request: ${fault.gatewayActed ? 'applied' : 'not applied'} by the gateway (checked by query)`,
      );
    });
  }

  const payoutFaults = [
    // the client's own retry (same request_id) gets through: the owner never notices
    {
      name: '503 once, after the gateway acted',
      rule: { times: 1, apply: 'after', fault: { kind: 'status', status: 503 } },
      firstStatus: 201,
    },
    // every attempt fails: the payout stays SENDING until the owner's retry with the same key
    {
      name: 'no answer to any attempt, after the gateway acted',
      rule: { apply: 'after', fault: { kind: 'timeout' } },
      firstStatus: 202,
    },
    { name: '502 to every attempt, nothing done', rule: { fault: { kind: 'status', status: 502 } }, firstStatus: 202 },
    {
      name: 'a malformed answer, after the gateway acted',
      rule: { times: 1, apply: 'after', fault: { kind: 'malformed' } },
      firstStatus: 202,
    },
  ];
  for (const fault of payoutFaults) {
    it(`payout: ${fault.name} -> the same key completes it, paid out once`, async () => {
      const key = randomUUID();
      const before = await gw().requestCount('/v1/payout');
      await addFault(sandbox.url, { endpoint: '/v1/payout', order_no: key, ...fault.rule });
      const create = () => admin(backend.url, '/payouts', { body: payoutBody(), headers: { 'Idempotency-Key': key } });
      const first = await create();
      // "not known yet" comes with SENDING; if the notification told the backend while the answer was being lost,
      // the owner is answered with what it said instead (#33: both at once before)
      const learnt = fault.firstStatus === 202 && first.status === 201;
      expect(first.status, JSON.stringify(first.body)).toBe(learnt ? 201 : fault.firstStatus);
      if (first.status === 202)
        expect(first.body).toMatchObject({ status: 'SENDING', message: expect.stringMatching(/not known yet/) });
      else expect(first.body).toMatchObject({ status: 'COMPLETED', transaction_id: expect.any(String) });
      await clearCountingFaults(sandbox.url, tally);
      await settledAtGateway();

      const retry = await create();
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      expect(retry.body).toMatchObject({ request_id: key, status: 'COMPLETED' });
      // every call the gateway saw carried the one request_id, which the gateway pays at most once
      const sent = await gw().requestCount('/v1/payout', key);
      expect(sent).toBeGreaterThanOrEqual(1);
      expect((await gw().requestCount('/v1/payout')) - before).toBe(sent);
      const notified = await vi.waitFor(
        async () => {
          const n = (await gw().notifications(key)).filter((x) => x.notify_type === 'PAYOUT');
          expect(n.length, 'the PAYOUT notification').toBeGreaterThan(0);
          return n!;
        },
        { timeout: 10_000 },
      );
      expect(once(tally, new Set(notified.map((n) => n.fields.transaction_id)).size)).toBe(1);
      const list = await admin(backend.url, '/payouts?limit=100');
      expect(list.body.payouts.filter((p: { request_id: string }) => p.request_id === key)).toHaveLength(1);
      const events = await admin(backend.url, `/events?order_no=${key}`);
      const summaries = (events.body.events as { summary: string }[]).map((e) => e.summary);
      if (first.status === 202)
        expect(summaries).toContain(`payout ${key}: no answer from the gateway; kept as SENDING`);
      if (learnt) expect(summaries).toContain(`payout ${key}: no answer from the gateway; COMPLETED meanwhile`);
      // the owner's retry or the gateway's notification, whichever came first, brought the final status
      expect(summaries).toContainEqual(
        expect.stringMatching(
          new RegExp(`^payout ${key}: COMPLETED \\(|^notification .* \\(PAYOUT COMPLETED\\): payout applied`),
        ),
      );
    });
  }
});
