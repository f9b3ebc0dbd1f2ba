import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeDisputeIfOpen, insertDisputeOnce } from '../disputes/disputes';
import { insertRefund, moveRefund } from '../refunds/refunds';
import { runInTransaction } from '../store/runInTransaction';
import { newAttempt, newOrder } from '../checkout/testing/paymentFixtures';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { applyGatewayStatus } from './applyGatewayStatus';
import type { AttemptRow } from './attempts';
import { moneyByDay } from './orderStats';

/**
 * Issue #32: the overview books money on the day it moved. October's figures are read before and after an October
 * order is refunded and charged back in November, and must not change; November carries the refund and the loss.
 */
describeOnStores('money booked on the day it moved', (store) => {
  let backend: Backend;
  let clock = new Date('2026-10-30T10:00:00.000Z');
  beforeAll(async () => {
    backend = await startBackend({ store, now: () => clock });
  });
  afterAll(() => backend?.close());

  const at = (iso: string) => {
    clock = new Date(iso);
  };
  const moveTo = (attempt: AttemptRow, payment_status: string) =>
    runInTransaction(backend.store.db, (trx) =>
      applyGatewayStatus(trx, attempt.id, { payment_status, transaction_id: `T-${attempt.id}` }, 'query', {
        now: clock,
        profile: backend.deps.gateway.profile,
      }),
    );
  const october = () => moneyByDay(backend.store.db, '2026-10-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z');
  const november = () => moneyByDay(backend.store.db, '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z');

  it('October keeps its figures when an October order is refunded and lost in a dispute in November', async () => {
    // created on 30 Oct, authorised that day, captured on 31 Oct: its gross is 31 October's
    at('2026-10-30T10:00:00.000Z');
    const { order: captured } = await newOrder(backend.deps, { amount: '120.00' });
    const capturedAttempt = await newAttempt(backend.deps, captured);
    await moveTo(capturedAttempt, '2000');
    at('2026-10-31T23:30:00.000Z');
    await moveTo(capturedAttempt, '3000');
    // created on 31 Oct, paid on 1 Nov: November's
    at('2026-10-31T23:50:00.000Z');
    const { order: paidLate } = await newOrder(backend.deps, { amount: '30.00' });
    const lateAttempt = await newAttempt(backend.deps, paidLate);
    at('2026-11-01T00:10:00.000Z');
    await moveTo(lateAttempt, '3000');
    // authorised only, never captured: no money moved
    at('2026-10-15T09:00:00.000Z');
    const { order: held } = await newOrder(backend.deps, { amount: '999.00' });
    await moveTo(await newAttempt(backend.deps, held), '2000');

    const before = await october();
    expect(before).toEqual([
      { date: '2026-10-31', currency: 'BRL', gross_minor: 12000, refunded_minor: 0, lost_minor: 0, net_minor: 12000 },
    ]);

    // in November: 20.00 of the captured order refunded (asked on 2 Nov, succeeded on 3 Nov), a refund of 5.00
    // that failed, and a chargeback of 100.00 opened on 4 Nov and lost on 9 Nov
    const refund = (amount: number, seq: number) => ({
      id: randomUUID(),
      order_id: captured.id,
      attempt_id: capturedAttempt.id,
      amount_minor: amount,
      currency: 'BRL',
      reason: null,
      refund_reference: `R-${randomUUID()}`,
      refund_reference_id: null,
      seq,
      status: 'accepted',
      message: null,
      request_key: null,
      request_hash: null,
      answered_at: null,
      next_check_at: null,
      limited_role: null,
      created_at: '2026-11-02T08:00:00.000Z',
      updated_at: '2026-11-02T08:00:00.000Z',
    });
    const succeeded = refund(2000, 1);
    const failed = refund(500, 2);
    await insertRefund(backend.store.db, succeeded);
    await insertRefund(backend.store.db, failed);
    await moveRefund(backend.store.db, succeeded, 'succeeded', {}, '2026-11-03T12:00:00.000Z');
    await moveRefund(backend.store.db, failed, 'failed', { message: 'R0001:refused' }, '2026-11-03T12:00:00.000Z');
    await insertDisputeOnce(backend.store.db, {
      dispute_id: `D-${randomUUID()}`,
      order_id: captured.id,
      attempt_id: capturedAttempt.id,
      transaction_id: null,
      amount_minor: 10000,
      currency: 'BRL',
      reason_code: '4837',
      reason: 'No cardholder authorization',
      respond_by: '2026-11-20',
      state: 'open',
      outcome: null,
      opened_at: '2026-11-04T09:00:00.000Z',
      closed_at: null,
      updated_at: '2026-11-04T09:00:00.000Z',
    });
    const [dispute] = await backend.store.db.selectFrom('disputes').select('dispute_id').execute();
    await closeDisputeIfOpen(backend.store.db, dispute!.dispute_id, 'lost', '2026-11-09T16:00:00.000Z');

    expect(await october(), "October's report is what it was").toEqual(before);
    expect(await november()).toEqual([
      { date: '2026-11-01', currency: 'BRL', gross_minor: 3000, refunded_minor: 0, lost_minor: 0, net_minor: 3000 },
      { date: '2026-11-03', currency: 'BRL', gross_minor: 0, refunded_minor: 2000, lost_minor: 0, net_minor: -2000 },
      {
        date: '2026-11-09',
        currency: 'BRL',
        gross_minor: 0,
        refunded_minor: 0,
        lost_minor: 10000,
        net_minor: -10000,
      },
    ]);
  });

  it('a capture never moves the day: a later status (refunded) keeps the day the money was first captured', async () => {
    at('2026-10-05T10:00:00.000Z');
    const { order } = await newOrder(backend.deps, { amount: '10.00', currency: 'USD', country: 'US' });
    const attempt = await newAttempt(backend.deps, order, 'card');
    await moveTo(attempt, '3000');
    at('2026-11-20T10:00:00.000Z');
    await moveTo(attempt, '4100');
    const usd = (await october()).filter((d) => d.currency === 'USD');
    expect(usd).toEqual([
      { date: '2026-10-05', currency: 'USD', gross_minor: 1000, refunded_minor: 0, lost_minor: 0, net_minor: 1000 },
    ]);
    expect((await november()).filter((d) => d.currency === 'USD')).toEqual([]);
  });
});
