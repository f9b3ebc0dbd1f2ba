import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { createPayment } from '../checkout/createPayment';
import { newAttempt, newOrder, reload } from '../checkout/testing/paymentFixtures';
import { settleAttempt } from '../orders/settleAttempt';
import { findAttemptByIdempotencyKey } from '../orders/attempts';
import { faultyGatewayFetch, type FaultyFetch } from '../testing/faultyGatewayFetch';
import { paymentBody } from '../../testing/shopClient';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { reconcileOnce } from './reconcileOnce';
import { withReconcileLock } from './withReconcileLock';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

const MINUTE = 60_000;

describeOnStores('reconcileOnce', (store) => {
  /** the backends' clock runs this far ahead of real time: a test moves it instead of waiting */
  let ahead = 0;
  const now = () => new Date(Date.now() + ahead);
  let backend: Backend;
  let gateway: FaultyFetch;
  let unreachable: Backend;
  beforeAll(async () => {
    // the authorise answer never comes back (a time-out after the gateway acted), nor any notification
    gateway = faultyGatewayFetch({ dropNotifications: true, holdAnswer: (path) => path === '/v1/authorise' });
    backend = await startBackend({
      store,
      gatewayUrl: sandbox.url,
      gatewayFetch: gateway.fetch,
      env: { GATEWAY_TIMEOUT_MS: '300' },
      now,
    });
    unreachable = await startBackend({ store, now });
  });
  afterAll(async () => {
    await Promise.all([backend?.close(), unreachable?.close()]);
  });

  it('an unknown outcome is settled by a query, not by paying again', async () => {
    const { session } = await newOrder(backend.deps);
    const body = paymentBody(session.client_secret, 'pix');
    const answer = await createPayment(backend.deps, {
      sessionId: session.id,
      body: body as never,
      rawBody: JSON.stringify(body),
      idempotencyKey: 'reconcile-unknown',
      ip: '203.0.113.7',
      accept: undefined,
      origin: 'http://shop.test',
    });
    expect(answer.status).toBe(503);
    const attempt = await findAttemptByIdempotencyKey(backend.store.db, session.id, 'reconcile-unknown');
    expect(attempt!.status).toBe('unknown');
    const sent = gateway.calls.filter((p) => p === '/v1/authorise').length;

    const result = await reconcileOnce(backend.deps);
    expect(result).toMatchObject({ ran: true, errors: 0 });
    expect(result.applied).toBeGreaterThanOrEqual(1);
    const now = await reload(backend.deps, attempt!);
    // the gateway has the PIX payment waiting for the shopper: pending, and still asked about later
    expect(now.attempt).toMatchObject({ status: 'pending', payment_status: '1000', checks: 1 });
    expect(now.order).toMatchObject({ status: 'pending', payment_status: '1000' });
    expect(gateway.calls.filter((p) => p === '/v1/authorise').length).toBe(sent);
    expect(gateway.calls).toContain('/v1/retrievalTrans');
  });

  it('an attempt the gateway never received is closed as declined once it is old, so the shopper can pay again', async () => {
    const { order } = await newOrder(backend.deps);
    const attempt = await newAttempt(backend.deps, order);
    // not due yet: left alone
    await reconcileOnce(backend.deps);
    expect((await reload(backend.deps, attempt)).attempt.status).toBe('created');

    ahead += backend.config.reconcile.pendingAfterMs + MINUTE;
    const result = await reconcileOnce(backend.deps);
    expect(result.closed).toBe(1);
    const now = await reload(backend.deps, attempt);
    expect(now.attempt).toMatchObject({ status: 'declined', next_check_at: null });
    expect(now.order).toMatchObject({ status: 'declined', message: 'I0115:not received by the gateway' });
    const again = await newAttempt(backend.deps, now.order);
    expect(again.seq).toBe(2);
  });

  it('an unknown attempt the gateway never received is closed once its call cannot be in flight, not after the pending threshold', async () => {
    const { order } = await newOrder(backend.deps);
    const attempt = await newAttempt(backend.deps, order);
    // its call timed out before the gateway stored anything: unknown, as createPayment stores it
    await settleAttempt(
      backend.deps,
      attempt,
      { status: 'unknown', next_check_at: now().toISOString() },
      { status: 503, body: { error: { code: 'gateway_unavailable', message: 'not known yet' } } },
    );
    const window = 2 * backend.config.gateway.timeoutMs + 5_000;
    expect(window).toBeLessThan(backend.config.reconcile.pendingAfterMs / 10);
    // asked at once: the gateway does not know it, but the request could still be on its way
    await reconcileOnce(backend.deps);
    expect((await reload(backend.deps, attempt)).attempt.status).toBe('unknown');

    // the next check (the reconcile interval later) is past the window: closed, the shopper may pay again
    ahead += Math.max(window, backend.config.reconcile.intervalMs) + 1_000;
    await reconcileOnce(backend.deps);
    const now2 = await reload(backend.deps, attempt);
    expect(now2.attempt).toMatchObject({ status: 'declined', next_check_at: null });
    expect(now2.order).toMatchObject({ status: 'declined', message: 'I0115:not received by the gateway' });
  });

  it('when the gateway cannot be asked, nothing moves and the attempt is asked again later, less often', async () => {
    const { order } = await newOrder(unreachable.deps);
    const attempt = await newAttempt(unreachable.deps, order);
    ahead += unreachable.config.reconcile.pendingAfterMs + MINUTE;
    const interval = unreachable.config.reconcile.intervalMs;

    const first = await reconcileOnce(unreachable.deps);
    expect(first).toEqual({ ran: true, checked: 0, applied: 0, closed: 0, errors: 1 });
    const once = (await reload(unreachable.deps, attempt)).attempt;
    expect(once).toMatchObject({ status: 'created', checks: 1 });
    const firstDelay = Date.parse(once.next_check_at!) - now().getTime();
    expect(firstDelay).toBeGreaterThan(interval - 5_000);
    expect(firstDelay).toBeLessThanOrEqual(interval);

    ahead += firstDelay;
    await reconcileOnce(unreachable.deps);
    const twice = (await reload(unreachable.deps, attempt)).attempt;
    expect(twice).toMatchObject({ status: 'created', checks: 2 });
    const secondDelay = Date.parse(twice.next_check_at!) - now().getTime();
    expect(secondDelay).toBeGreaterThan(2 * interval - 5_000);
    expect(secondDelay).toBeLessThanOrEqual(2 * interval);
  });

  it('does not run while another pass holds the store', async () => {
    const inner = await withReconcileLock(backend.store, () => reconcileOnce(backend.deps));
    expect(inner).toEqual({ ran: false, checked: 0, applied: 0, closed: 0, errors: 0 });
  });
});
