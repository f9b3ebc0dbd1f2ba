import { afterAll, beforeAll, expect, it } from 'vitest';
import { newAttempt, newOrder } from './testing/paymentFixtures';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { findAttemptByIdempotencyKey } from '../orders/attempts';
import { findOrder } from '../orders/orders';
import { findPaymentContext } from './paymentContext';
import { findPaymentMethod } from '../methods/paymentMethods';
import { findSessionExtras } from './sessionExtras';
import { findSession } from './sessions';

describeOnStores('findPaymentContext', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store });
  });
  afterAll(() => backend?.close());

  /** What the five separate reads it replaces answer. */
  async function separately(sessionId: string, key: string, methodId: string) {
    const db = backend.store.db;
    const session = await findSession(db, sessionId);
    return {
      session,
      order: session && (await findOrder(db, session.order_id)),
      earlier: await findAttemptByIdempotencyKey(db, sessionId, key),
      method: await findPaymentMethod(db, methodId),
      extras: await findSessionExtras(db, sessionId),
    };
  }

  it('answers what the five separate reads answer, row for row and type for type', async () => {
    const { session, order } = await newOrder(backend.deps, { website: 'shop.test', allow_save_card: true });
    const attempt = await newAttempt(backend.deps, order, 'pix');
    const db = backend.store.db;
    const cases: [string, string, string][] = [
      [session.id, attempt.idempotency_key, 'pix'],
      [session.id, 'another key', 'card'],
      [session.id, attempt.idempotency_key, 'no such method'],
    ];
    for (const [id, key, method] of cases) {
      const merged = await findPaymentContext(db, id, key, method);
      expect(merged).toStrictEqual(await separately(id, key, method));
    }
    // no session: nothing else is read (the caller answers 404 before it looks at anything else)
    expect(await findPaymentContext(db, 'no such session', attempt.idempotency_key, 'pix')).toStrictEqual({
      session: undefined,
      order: undefined,
      earlier: undefined,
      method: undefined,
      extras: {},
    });
    const merged = await findPaymentContext(db, session.id, attempt.idempotency_key, 'pix');
    expect(merged.earlier?.id).toBe(attempt.id);
    expect(merged.extras).toEqual({ website: 'shop.test', allow_save_card: true });
    expect(merged.method?.id).toBe('pix');
  });

  it('a session created without extras has empty extras', async () => {
    const { session } = await newOrder(backend.deps);
    const merged = await findPaymentContext(backend.store.db, session.id, 'k', 'card');
    expect(merged.extras).toStrictEqual(await findSessionExtras(backend.store.db, session.id));
    expect(merged.earlier).toBeUndefined();
  });
});
