import { afterAll, beforeAll, expect, it } from 'vitest';
import { findAuditEvents } from '../orders/findAuditEvents';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { applyNotification } from './applyNotification';
import { newAttempt, newOrder, paymentNotification, reload } from '../checkout/testing/paymentFixtures';

describeOnStores('applyNotification', (store) => {
  // the gateway is a closed port: a notification that does not match is answered by a query that cannot be made
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store });
  });
  afterAll(() => backend?.close());

  const started = async () => {
    const { order } = await newOrder(backend.deps);
    return newAttempt(backend.deps, order);
  };
  const notificationsOf = (notifyId: string) =>
    backend.store.db.selectFrom('notifications').selectAll().where('notify_id', '=', notifyId).execute();

  it('a notification delivered twice is applied once; the second delivery changes nothing', async () => {
    const attempt = await started();
    const form = paymentNotification(attempt, { payment_status: '3000' });
    expect(await applyNotification(backend.deps, form)).toBe('applied');
    const after = await reload(backend.deps, attempt);
    expect(after.order).toMatchObject({ status: 'paid', transaction_id: 'T-1' });

    expect(await applyNotification(backend.deps, form)).toBe('duplicate');
    expect(await reload(backend.deps, attempt)).toEqual(after);
    const rows = await notificationsOf(form.notify_id!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'applied', attempt_id: attempt.id });
  });

  it('the same delivery to two receivers at once is applied once', async () => {
    const attempt = await started();
    const form = paymentNotification(attempt, { payment_status: '1000' });
    const outcomes = await Promise.all([applyNotification(backend.deps, form), applyNotification(backend.deps, form)]);
    expect(outcomes.sort()).toEqual(['applied', 'duplicate']);
    const transitions = await findAuditEvents(backend.store.db, {
      attemptIds: [attempt.id],
      kind: 'transition',
      limit: 10,
    });
    expect(transitions).toHaveLength(1);
  });

  it('an order never moves backwards: 3000, then a late 1000, stays paid', async () => {
    const attempt = await started();
    expect(await applyNotification(backend.deps, paymentNotification(attempt, { payment_status: '3000' }))).toBe(
      'applied',
    );
    const late = paymentNotification(attempt, { payment_status: '1000' });
    expect(await applyNotification(backend.deps, late)).toBe('backwards');
    expect((await reload(backend.deps, attempt)).order.status).toBe('paid');
    expect((await notificationsOf(late.notify_id!))[0]?.outcome).toBe('backwards');
  });

  it('a status for another amount is not applied; the attempt is queued for a query at once', async () => {
    const attempt = await started();
    const before = await reload(backend.deps, attempt);
    const form = paymentNotification(attempt, { payment_status: '3000', amount: '5.00' });
    expect(await applyNotification(backend.deps, form)).toBe('mismatch');
    const now = await reload(backend.deps, attempt);
    expect(now.order).toEqual(before.order);
    expect(now.attempt.status).toBe('created');
    // the gateway could not be asked now: the reconcile loop asks at its next pass
    expect(now.attempt.next_check_at! <= backend.deps.now().toISOString()).toBe(true);
    expect(before.attempt.next_check_at! > backend.deps.now().toISOString()).toBe(true);
  });

  it('a status for another transaction than the one the attempt has is not applied', async () => {
    const attempt = await started();
    await applyNotification(backend.deps, paymentNotification(attempt, { payment_status: '1000' }));
    const other = paymentNotification(attempt, { payment_status: '3000', transaction_id: 'T-other' });
    expect(await applyNotification(backend.deps, other)).toBe('mismatch');
    expect((await reload(backend.deps, attempt)).order.status).toBe('pending');
  });

  it('a notification about no payment of ours is recorded and changes nothing', async () => {
    const form = paymentNotification({ gateway_order_no: 'nobody-1' }, { payment_status: '3000' });
    expect(await applyNotification(backend.deps, form)).toBe('unknown_order');
    expect((await notificationsOf(form.notify_id!))[0]).toMatchObject({ outcome: 'unknown_order', attempt_id: null });
  });
});
