import { afterAll, beforeAll, expect, it } from 'vitest';
import { findAuditEvents } from './findAuditEvents';
import { runInTransaction } from '../store/runInTransaction';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { applyGatewayStatus } from './applyGatewayStatus';
import type { PaymentAnswer } from '../checkout/paymentAnswer';
import { settleAttempt } from './settleAttempt';
import { newAttempt, newOrder, reload } from '../checkout/testing/paymentFixtures';

describeOnStores('settleAttempt', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store });
  });
  afterAll(() => backend?.close());

  const started = async () => {
    const { order } = await newOrder(backend.deps);
    return newAttempt(backend.deps, order);
  };
  const answer: PaymentAnswer = {
    status: 200,
    body: { payment_id: 'pay_x', action: { type: 'redirect', url: 'https://issuer.example/p' } },
  };
  const call = { kind: 'gateway', summary: 'POST /v1/authorise: 200' };

  it('stores the gateway outcome on the attempt and its order, with the answer and the call, in one go', async () => {
    const attempt = await started();
    await settleAttempt(
      backend.deps,
      attempt,
      { status: 'pending', payment_status: '1000', redirect_url: 'https://issuer.example/p' },
      answer,
      [{ ...call, attempt_id: attempt.id }],
    );
    const now = await reload(backend.deps, attempt);
    expect(now.attempt).toMatchObject({
      status: 'pending',
      payment_status: '1000',
      redirect_url: 'https://issuer.example/p',
    });
    expect(JSON.parse(now.attempt.response!)).toEqual(answer);
    expect(now.order).toMatchObject({ status: 'pending', payment_status: '1000', message: null });
    const log = await findAuditEvents(backend.store.db, { attemptIds: [attempt.id], kind: 'gateway', limit: 10 });
    expect(log.map((e) => e.summary)).toEqual([call.summary]);
  });

  it('a notification that beat the answer keeps its status; the answer is still stored for replays', async () => {
    const attempt = await started();
    await runInTransaction(backend.store.db, (trx) =>
      applyGatewayStatus(trx, attempt.id, { payment_status: '3000', transaction_id: 'T-5' }, 'notification', {
        now: backend.deps.now(),
        profile: backend.deps.gateway.profile,
      }),
    );
    await settleAttempt(
      backend.deps,
      attempt,
      { status: 'pending', payment_status: '1000', redirect_url: 'https://issuer.example/p' },
      answer,
    );
    const now = await reload(backend.deps, attempt);
    expect(now.attempt).toMatchObject({ status: 'paid', payment_status: '3000', transaction_id: 'T-5' });
    expect(now.attempt.redirect_url).toBe('https://issuer.example/p');
    expect(JSON.parse(now.attempt.response!)).toEqual(answer);
    expect(now.order).toMatchObject({ status: 'paid', payment_status: '3000' });
  });

  it('an outcome not known (a time-out) is stored as unknown, due for a query', async () => {
    const attempt = await started();
    const due = backend.deps.now().toISOString();
    await settleAttempt(backend.deps, attempt, { status: 'unknown', next_check_at: due }, answer);
    const now = await reload(backend.deps, attempt);
    expect(now.attempt).toMatchObject({ status: 'unknown', payment_status: null, next_check_at: due });
    expect(now.order).toMatchObject({ status: 'unknown', payment_status: null });
  });

  it('when the outcome cannot be stored, the record of the gateway call is still kept', async () => {
    const attempt = await started();
    // a NOT NULL column set to null: the database refuses the transaction, as it would on a full disk
    const unstorable = { status: null as never, payment_status: '1000' };
    await expect(
      settleAttempt(backend.deps, attempt, unstorable, answer, [{ ...call, attempt_id: attempt.id }]),
    ).rejects.toThrow();
    expect((await reload(backend.deps, attempt)).attempt.status).toBe('created');
    const log = await findAuditEvents(backend.store.db, { attemptIds: [attempt.id], kind: 'gateway', limit: 10 });
    expect(log).toHaveLength(1);
  });
});
