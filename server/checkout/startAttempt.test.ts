import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { newAttempt, newOrder } from './testing/paymentFixtures';

describeOnStores('startAttempt', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store });
  });
  afterAll(() => backend?.close());

  // #18: long order numbers were shortened to a prefix and 32 bits of their hash; these two share the prefix
  // and those 32 bits, so both got the same gateway order_no and the second order could never be paid
  it('gives two long order numbers that share a prefix and a short hash different gateway order numbers', async () => {
    const numbers = [
      'ORDER-2026-11-23-SHOP-EXAMPLE-CUSTOMER-NO-00005188',
      'ORDER-2026-11-23-SHOP-EXAMPLE-CUSTOMER-NO-00037010',
    ];
    const attempts = [];
    for (const order_no of numbers) {
      const { order } = await newOrder(backend.deps, { order_no });
      attempts.push(await newAttempt(backend.deps, order));
    }
    const [a, b] = attempts.map((x) => x.gateway_order_no);
    expect(a).not.toBe(b);
    for (const n of [a!, b!]) {
      expect(n.length).toBeLessThanOrEqual(50);
      expect(n).toMatch(/^ORDER-2026-11-23-.*-1$/);
    }
  });
});
