import { afterAll, beforeAll, expect, it } from 'vitest';
import { findAuditEvents } from './findAuditEvents';
import { runInTransaction } from '../store/runInTransaction';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { applyGatewayStatus, type GatewayState, type StatusSource } from './applyGatewayStatus';
import { newAttempt, newOrder, reload } from '../checkout/testing/paymentFixtures';

describeOnStores('applyGatewayStatus', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store });
  });
  afterAll(() => backend?.close());

  const apply = (attemptId: string, state: GatewayState, source: StatusSource = 'notification') =>
    runInTransaction(backend.store.db, (trx) =>
      applyGatewayStatus(trx, attemptId, state, source, {
        now: backend.deps.now(),
        profile: backend.deps.gateway.profile,
      }),
    );
  const started = async () => {
    const { order } = await newOrder(backend.deps);
    return newAttempt(backend.deps, order);
  };

  it('moves a new attempt and its order to the status the gateway gives, and logs the move', async () => {
    const attempt = await started();
    const result = await apply(attempt.id, { payment_status: '3000', transaction_id: 'T-9', message: '0000:OK' });
    expect(result.outcome).toBe('applied');
    const now = await reload(backend.deps, attempt);
    expect(now.attempt).toMatchObject({ status: 'paid', payment_status: '3000', transaction_id: 'T-9' });
    expect(now.attempt.next_check_at).toBeNull();
    expect(now.order).toMatchObject({
      status: 'paid',
      payment_status: '3000',
      transaction_id: 'T-9',
      message: '0000:OK',
    });
    const log = await findAuditEvents(backend.store.db, { attemptIds: [attempt.id], limit: 10 });
    expect(log.map((e) => e.summary)).toContain('notification: created -> paid');
  });

  it('never moves an order backwards: a late 1000 after 3000 is ignored and logged', async () => {
    const attempt = await started();
    await apply(attempt.id, { payment_status: '3000', transaction_id: 'T-1' });
    const before = await reload(backend.deps, attempt);
    expect((await apply(attempt.id, { payment_status: '1000', transaction_id: 'T-1' })).outcome).toBe('backwards');
    expect(await reload(backend.deps, attempt)).toEqual(before);
    const log = await findAuditEvents(backend.store.db, { attemptIds: [attempt.id], kind: 'ignored', limit: 10 });
    expect(log.map((e) => e.summary)).toEqual(['notification: paid -> pending would move backwards']);
  });

  it('moves forward over steps it never saw (1000, then 4100 without 3000)', async () => {
    const attempt = await started();
    await apply(attempt.id, { payment_status: '1000' });
    expect((await apply(attempt.id, { payment_status: '4100' })).outcome).toBe('applied');
    expect((await reload(backend.deps, attempt)).order.status).toBe('refunded');
  });

  it('the same status again changes nothing, except a reason that had not come yet', async () => {
    const attempt = await started();
    await apply(attempt.id, { payment_status: '4000' }, 'query');
    const first = await reload(backend.deps, attempt);
    expect((await apply(attempt.id, { payment_status: '4000' })).outcome).toBe('same_status');
    expect(await reload(backend.deps, attempt)).toEqual(first);

    const result = await apply(attempt.id, { payment_status: '4000', message: '4000:Do not honor' });
    expect(result.outcome).toBe('same_status');
    const now = await reload(backend.deps, attempt);
    expect(now.attempt).toMatchObject({ status: 'declined', message: '4000:Do not honor' });
    expect(now.order).toMatchObject({ status: 'declined', message: '4000:Do not honor' });
    // a reason once kept is not replaced
    await apply(attempt.id, { payment_status: '4000', message: '4000:other' });
    expect((await reload(backend.deps, attempt)).order.message).toBe('4000:Do not honor');
  });

  it('an attempt that is no longer current moves, but its order keeps showing the current one', async () => {
    const first = await started();
    await apply(first.id, { payment_status: '4000' }, 'query');
    const order = (await reload(backend.deps, first)).order;
    const second = await newAttempt(backend.deps, order);
    await apply(first.id, { payment_status: '4000', message: '4000:late reason' });
    const now = await reload(backend.deps, first);
    expect(now.attempt.message).toBe('4000:late reason');
    expect(now.order).toMatchObject({ current_attempt_id: second.id, status: 'created', message: null });
  });

  it('keeps a code the profile does not know as unknown, queued for a query, until a known code settles it', async () => {
    const attempt = await apply((await started()).id, { payment_status: '3000', transaction_id: 'T-7' });
    expect((await apply(attempt.attempt.id, { payment_status: '9999' })).outcome).toBe('unknown_status');
    const held = await reload(backend.deps, attempt.attempt);
    expect(held.attempt).toMatchObject({ status: 'unknown', payment_status: '9999', transaction_id: 'T-7' });
    expect(held.attempt.next_check_at! <= backend.deps.now().toISOString()).toBe(true);
    expect(held.order).toMatchObject({ status: 'unknown', payment_status: '9999' });
    const log = await findAuditEvents(backend.store.db, { attemptIds: [attempt.attempt.id], limit: 10 });
    expect(log.map((e) => e.summary)).toContain(
      'notification: the gateway reported status "9999", which this version does not know; kept out of automatic actions until a query settles it',
    );
    // the same code again changes nothing; the query's known code settles it
    expect((await apply(attempt.attempt.id, { payment_status: '9999' })).outcome).toBe('same_status');
    expect((await apply(attempt.attempt.id, { payment_status: '3000' }, 'query')).outcome).toBe('applied');
    expect((await reload(backend.deps, attempt.attempt)).order).toMatchObject({
      status: 'paid',
      payment_status: '3000',
    });
  });
});
