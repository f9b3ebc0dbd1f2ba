import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { updateAttempt, type AttemptRow } from './attempts';
import { findAuditEvents } from './findAuditEvents';
import { alertsOfOrder, journalAlertRefund } from './paymentAlerts';
import { runInTransaction } from '../store/runInTransaction';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { applyGatewayStatus, type GatewayState, type StatusSource } from './applyGatewayStatus';
import type { PaymentAnswer } from '../checkout/paymentAnswer';
import { LATE_PAYMENT_GRACE_MS } from '../checkout/sessionExpiry';
import { settleAttempt } from './settleAttempt';
import { newAttempt, newOrder, reload } from '../checkout/testing/paymentFixtures';

/** Issue #18: stranded attempts (point 4), double payments (point 2), payments after the expiry (point 5). */
describeOnStores('payment alerts and stranded attempts', (store) => {
  let backend: Backend;
  let ahead = 0;
  beforeAll(async () => {
    backend = await startBackend({ store, now: () => new Date(Date.now() + ahead) });
  });
  afterAll(() => backend?.close());
  afterEach(() => {
    ahead = 0;
  });

  const apply = (attemptId: string, state: GatewayState, source: StatusSource = 'query') =>
    runInTransaction(backend.store.db, (trx) =>
      applyGatewayStatus(trx, attemptId, state, source, {
        now: backend.deps.now(),
        profile: backend.deps.gateway.profile,
      }),
    );
  /** An attempt whose answer was lost: stored as unknown, as createPayment stores it. */
  const lostAnswer = async (attempt: AttemptRow) => {
    const answer: PaymentAnswer = {
      status: 503,
      body: { error: { code: 'gateway_unavailable', message: 'unknown' } },
    };
    await settleAttempt(backend.deps, attempt, { status: 'unknown' }, answer);
  };
  const strandedAttempt = async () => {
    const { order } = await newOrder(backend.deps);
    const first = await newAttempt(backend.deps, order);
    await lostAnswer(first);
    expect((await apply(first.id, { payment_status: '1000', transaction_id: `T-${first.id}` })).outcome).toBe(
      'applied',
    );
    return { order, first };
  };

  it('a query finding a lost-answer attempt pending marks it stranded: a new attempt may start', async () => {
    const { first } = await strandedAttempt();
    const now = await reload(backend.deps, first);
    expect(now.attempt).toMatchObject({ status: 'pending', stranded_at: expect.any(String) });
    // still watched by the reconcile loop
    expect(now.attempt.next_check_at).not.toBeNull();
    const log = await findAuditEvents(backend.store.db, { attemptIds: [first.id], kind: 'stranded', limit: 10 });
    expect(log).toHaveLength(1);
    const second = await newAttempt(backend.deps, now.order);
    expect(second.seq).toBe(2);
  });

  it('an attempt whose page the shopper has, or a notification saying pending, is not stranded: 409', async () => {
    const { order } = await newOrder(backend.deps);
    const withPage = await newAttempt(backend.deps, order);
    await lostAnswer(withPage);
    await updateAttempt(backend.store.db, withPage.id, { redirect_url: 'https://issuer.test/page' });
    await apply(withPage.id, { payment_status: '1000' });
    expect((await reload(backend.deps, withPage)).attempt.stranded_at).toBeNull();
    await expect(newAttempt(backend.deps, order)).rejects.toMatchObject({ status: 409 });

    const other = (await newOrder(backend.deps)).order;
    const notified = await newAttempt(backend.deps, other);
    await lostAnswer(notified);
    await apply(notified.id, { payment_status: '1000' }, 'notification');
    expect((await reload(backend.deps, notified)).attempt.stranded_at).toBeNull();
    await expect(newAttempt(backend.deps, other)).rejects.toMatchObject({ status: 409 });
  });

  it('a second attempt paid while another is: one double_payment alert on the extra attempt, the order flagged', async () => {
    const { order, first } = await strandedAttempt();
    const second = await newAttempt(backend.deps, order);
    await apply(second.id, { payment_status: '3000', transaction_id: 'T-second' });
    const late = await apply(first.id, { payment_status: '3000', transaction_id: `T-${first.id}` }, 'notification');
    expect(late.alerts).toEqual([expect.objectContaining({ kind: 'double_payment', attempt_id: first.id })]);
    // replays and the query that follows raise nothing more
    expect((await apply(first.id, { payment_status: '3000' }, 'notification')).alerts).toBeUndefined();
    expect((await apply(first.id, { payment_status: '3000' })).alerts).toBeUndefined();

    const alerts = await alertsOfOrder(backend.store.db, order.id);
    expect(alerts).toEqual([
      expect.objectContaining({
        kind: 'double_payment',
        attempt_id: first.id,
        other_attempt_id: second.id,
        refund_status: null,
      }),
    ]);
    const now = await reload(backend.deps, second);
    // the order still shows its current payment, and says it was paid twice
    expect(now.order).toMatchObject({ current_attempt_id: second.id, status: 'paid', alert: 'double_payment' });
    const log = await findAuditEvents(backend.store.db, { attemptIds: [first.id], kind: 'alert', limit: 10 });
    expect(log.map((e) => e.summary)).toEqual([expect.stringContaining('paid twice')]);
  });

  it('a stranded attempt paid after the new one was declined becomes the order current payment, no alert', async () => {
    const { order, first } = await strandedAttempt();
    const second = await newAttempt(backend.deps, order);
    await apply(second.id, { payment_status: '4000' });
    const late = await apply(first.id, { payment_status: '3000', transaction_id: `T-${first.id}` });
    expect(late.alerts).toBeUndefined();
    expect((await reload(backend.deps, first)).order).toMatchObject({
      current_attempt_id: first.id,
      status: 'paid',
      transaction_id: `T-${first.id}`,
      alert: null,
    });
    // paid now: no third attempt
    await expect(newAttempt(backend.deps, (await reload(backend.deps, first)).order)).rejects.toMatchObject({
      status: 409,
    });
  });

  it('a payment confirmed past the expiry and its grace is recorded and flagged paid_after_expiry', async () => {
    const ttl = backend.config.sessionTtlMs;
    const { order } = await newOrder(backend.deps);
    const attempt = await newAttempt(backend.deps, order);
    const other = (await newOrder(backend.deps)).order;
    const late = await newAttempt(backend.deps, other);
    ahead = ttl + LATE_PAYMENT_GRACE_MS - 60_000;
    expect((await apply(attempt.id, { payment_status: '2000', transaction_id: 'T-a' })).alerts).toBeUndefined();

    ahead = ttl + LATE_PAYMENT_GRACE_MS + 60_000;
    const applied = await apply(late.id, { payment_status: '3000', transaction_id: 'T-b' });
    expect(applied.outcome).toBe('applied');
    expect(applied.alerts).toEqual([expect.objectContaining({ kind: 'paid_after_expiry' })]);
    expect((await reload(backend.deps, late)).order).toMatchObject({ status: 'paid', alert: 'paid_after_expiry' });
  });

  it('the refund of an extra payment is journalled by one of two requests at once', async () => {
    const { order, first } = await strandedAttempt();
    const second = await newAttempt(backend.deps, order);
    await apply(second.id, { payment_status: '3000', transaction_id: 'T-2' });
    await apply(first.id, { payment_status: '3000', transaction_id: `T-${first.id}` });
    const [alert] = await alertsOfOrder(backend.store.db, order.id);
    const at = backend.deps.now().toISOString();
    const won = await Promise.all([
      journalAlertRefund(backend.store.db, alert!, `${alert!.id}.1`, at),
      journalAlertRefund(backend.store.db, alert!, `${alert!.id}.1`, at),
    ]);
    expect(won.filter(Boolean)).toHaveLength(1);
    expect((await alertsOfOrder(backend.store.db, order.id))[0]).toMatchObject({
      refund_status: 'pending',
      refund_reference: `${alert!.id}.1`,
    });
  });
});
