/**
 * A repeat of a payment call (same Idempotency-Key) whose first request never stored its answer, as after a
 * kill -9 mid-call: it is answered from the attempt's state once no live request can answer, and never calls
 * the gateway a second time.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sandboxApi } from '../../testing/sandboxApi';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import type { OrderStatus } from '../../shared/gateway/status';
import { callJson, createSession, paymentBody } from '../../testing/shopClient';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';

/** GATEWAY_TIMEOUT_MS below: a first request may be with the gateway for 2 x 500 ms + 5 s after its attempt is stored */
const IN_FLIGHT_MS = 2 * 500 + 5_000;

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores('a repeated payment call whose answer was lost', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url, env: { GATEWAY_TIMEOUT_MS: '500' } });
  });
  afterAll(() => backend?.close());

  const pay = (s: { id: string; client_secret: string }, key: string, extra: Record<string, unknown> = {}) =>
    callJson(`${backend.url}/api/sessions/${s.id}/payments`, {
      body: paymentBody(s.client_secret, 'pix', extra),
      headers: { 'Idempotency-Key': key },
    });

  /** A Pix payment the gateway took, then its stored answer lost as a crash would: status `status`, stored `agoMs` ago. */
  async function lostAnswer(status: OrderStatus, agoMs: number) {
    const session = await createSession(backend, { amount: '10.00', currency: 'BRL', country: 'BR', items: undefined });
    const key = randomUUID();
    const first = await pay(session, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const attempt = await backend.store.db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('session_id', '=', session.id)
      .executeTakeFirstOrThrow();
    await backend.store.db
      .updateTable('payment_attempts')
      .set({ response: null, status, created_at: new Date(Date.now() - agoMs).toISOString() })
      .where('id', '=', attempt.id)
      .execute();
    const authorised = () => sandboxApi(sandbox.url).requestCount('/v1/authorise', attempt.gateway_order_no);
    expect(await authorised()).toBe(1);
    return { session, key, attempt, first, authorised };
  }

  it.each(['paid', 'authorised', 'declined'] as const)(
    'a %s attempt: 409 session_completed naming the status, so the widget re-reads the session',
    async (status) => {
      const { session, key, authorised } = await lostAnswer(status, IN_FLIGHT_MS + 1_000);
      const repeat = await pay(session, key);
      expect(repeat.status).toBe(409);
      expect(repeat.body.error.code).toBe('session_completed');
      expect(repeat.body.error.message).toContain(status);
      expect(await authorised()).toBe(1);
    },
  );

  it.each(['created', 'unknown', 'pending'] as const)(
    'a %s attempt past the in-flight window: 503, do not pay again, no second gateway call',
    async (status) => {
      const { session, key, authorised } = await lostAnswer(status, IN_FLIGHT_MS + 1_000);
      const repeat = await pay(session, key);
      expect(repeat.status).toBe(503);
      expect(repeat.body.error.code).toBe('gateway_unavailable');
      expect(repeat.body.error.message).toMatch(/not known yet.*Do not pay again/);
      expect(repeat.headers.get('retry-after')).toBe('5');
      // the same answer every time: still no second call
      expect((await pay(session, key)).status).toBe(503);
      expect(await authorised()).toBe(1);
    },
  );

  it('a settled attempt is answered at once even inside the in-flight window', async () => {
    const { session, key } = await lostAnswer('paid', 0);
    const started = Date.now();
    const repeat = await pay(session, key);
    expect(repeat.status).toBe(409);
    expect(Date.now() - started).toBeLessThan(IN_FLIGHT_MS / 2);
  });

  it('inside the in-flight window the repeat waits for the first request, and answers from the state when none comes', async () => {
    const windowLeftMs = 1_500;
    const { session, key, authorised } = await lostAnswer('created', IN_FLIGHT_MS - windowLeftMs);
    const started = Date.now();
    const repeat = await pay(session, key);
    expect(repeat.status).toBe(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(windowLeftMs - 500);
    expect(await authorised()).toBe(1);
  });

  it('an answer the first request stores while the repeat waits is the one replayed', async () => {
    const { session, key, attempt, first } = await lostAnswer('created', 0);
    const repeat = pay(session, key);
    await backend.store.db
      .updateTable('payment_attempts')
      .set({ response: JSON.stringify({ status: first.status, body: first.body }), status: 'pending' })
      .where('id', '=', attempt.id)
      .execute();
    const answered = await repeat;
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual(first.body);
  });

  it('the same key with another body is still refused', async () => {
    const { session, key } = await lostAnswer('unknown', IN_FLIGHT_MS + 1_000);
    const repeat = await pay(session, key, { bank_code: 'other' });
    expect(repeat.status).toBe(422);
    expect(repeat.body.error.code).toBe('idempotency_key_reused');
  });
});
