import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { BR_ORDER, callJson, createSession, paymentBody } from '../../testing/shopClient';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores('concurrent payments on one session', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url });
  });
  afterAll(() => backend?.close());

  const pay = (sessionId: string, body: unknown, key: string) =>
    callJson(`${backend.url}/api/sessions/${sessionId}/payments`, {
      body,
      headers: { 'Idempotency-Key': key, Origin: 'http://shop.test' },
    });

  // #18: two payments with different keys raced into the (order_id, seq) unique key; PostgreSQL answered the
  // loser with a 500. One must win, every other one is a 409 that says why, and the gateway sees one payment.
  it('with different Idempotency-Keys: one payment, every other request a 409, never a 500', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await createSession(backend, {}, BR_ORDER);
      const body = paymentBody(s.client_secret, 'pix');
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => pay(s.id, body, `race-${round}-${i}`)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
      for (const a of answers.filter((a) => a.status === 409)) expect(a.body.error.code).toBe('conflict');
      const attempts = await backend.store.db
        .selectFrom('payment_attempts')
        .select('id')
        .where('session_id', '=', s.id)
        .execute();
      expect(attempts).toHaveLength(1);
    }
  });
});
