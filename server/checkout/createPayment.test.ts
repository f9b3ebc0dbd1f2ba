import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { ApiError } from '../apiError';
import { listAttempts } from '../orders/attempts';
import { faultyGatewayFetch, type FaultyFetch } from '../testing/faultyGatewayFetch';
import { paymentBody } from '../../testing/shopClient';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { createPayment, type PaymentRequest } from './createPayment';
import { newOrder, reload } from './testing/paymentFixtures';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores('createPayment', (store) => {
  let backend: Backend;
  // forwards every call to the sandbox unchanged, and counts them
  let gateway: FaultyFetch;
  beforeAll(async () => {
    gateway = faultyGatewayFetch({});
    backend = await startBackend({ store, gatewayUrl: sandbox.url, gatewayFetch: gateway.fetch });
  });
  afterAll(() => backend?.close());

  const request = (sessionId: string, body: PaymentRequest['body'], idempotencyKey: string): PaymentRequest => ({
    sessionId,
    body,
    rawBody: JSON.stringify(body),
    idempotencyKey,
    ip: '203.0.113.7',
    accept: 'text/html',
    origin: 'http://shop.test',
  });
  const authoriseCalls = () => gateway.calls.filter((p) => p === '/v1/authorise').length;
  const rejection = (p: Promise<unknown>) =>
    p.then(
      () => {
        throw new Error('expected a refusal');
      },
      (e: unknown) => {
        if (!(e instanceof ApiError)) throw e;
        return { status: e.status, code: e.code };
      },
    );

  it('the same Idempotency-Key returns the same answer and makes one gateway call', async () => {
    const { session, order } = await newOrder(backend.deps);
    const body = paymentBody(session.client_secret, 'pix') as PaymentRequest['body'];
    const calls = authoriseCalls();
    const first = await createPayment(backend.deps, request(session.id, body, 'key-1'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ action: { type: 'redirect' } });
    expect(await createPayment(backend.deps, request(session.id, body, 'key-1'))).toEqual(first);
    expect(authoriseCalls()).toBe(calls + 1);
    const attempts = await listAttempts(backend.store.db, order.id);
    expect(attempts).toHaveLength(1);
    expect((await reload(backend.deps, attempts[0]!)).order).toMatchObject({
      status: 'pending',
      current_attempt_id: attempts[0]!.id,
      email: 'ana@example.com',
    });
  });

  it('the same key with another body is refused, and nothing is sent', async () => {
    const { session } = await newOrder(backend.deps);
    const body = paymentBody(session.client_secret, 'pix') as PaymentRequest['body'];
    await createPayment(backend.deps, request(session.id, body, 'key-2'));
    const calls = gateway.calls.length;
    const other = { ...body, shopper: { ...body.shopper, first_name: 'Bia' } };
    expect(await rejection(createPayment(backend.deps, request(session.id, other, 'key-2')))).toEqual({
      status: 422,
      code: 'idempotency_key_reused',
    });
    expect(gateway.calls.length).toBe(calls);
  });

  it('a new key while a payment of the order is pending is refused: an order is never paid twice', async () => {
    const { session, order } = await newOrder(backend.deps);
    const body = paymentBody(session.client_secret, 'pix') as PaymentRequest['body'];
    await createPayment(backend.deps, request(session.id, body, 'key-3'));
    const calls = gateway.calls.length;
    expect(await rejection(createPayment(backend.deps, request(session.id, body, 'key-4')))).toEqual({
      status: 409,
      code: 'conflict',
    });
    expect(gateway.calls.length).toBe(calls);
    expect(await listAttempts(backend.store.db, order.id)).toHaveLength(1);
  });

  it('a wrong client secret is refused before anything is stored or sent', async () => {
    const { session, order } = await newOrder(backend.deps);
    const body = paymentBody('not-the-secret', 'pix') as PaymentRequest['body'];
    const calls = gateway.calls.length;
    expect((await rejection(createPayment(backend.deps, request(session.id, body, 'key-5')))).status).toBe(404);
    expect(gateway.calls.length).toBe(calls);
    expect(await listAttempts(backend.store.db, order.id)).toHaveLength(0);
  });
});
