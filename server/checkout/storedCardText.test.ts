import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { sandboxApi } from '../../testing/sandboxApi';
import { callJson, createSession, paymentBody } from '../../testing/shopClient';
import { payByCard } from '../gateway/testing/playShopper';
import { withPaymentOrderTables } from './paymentOrderTables';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';

/** A card number typed where an address goes, once grouped and once not; both pass Luhn. */
const TYPED = '4242 4242 4242 4242';
const TYPED_PLAIN = '4000056655665556';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores('card-like text in free fields', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url });
  });
  afterAll(() => backend?.close());

  it('is masked in the stored order and the stored frame form, and the card payment still goes through', async () => {
    const s = await createSession(backend);
    const body = paymentBody(s.client_secret, 'card');
    body.shopper.billing.address = `Rua ${TYPED} apto 1`;
    body.shopper.billing.city = TYPED_PLAIN;
    const res = await callJson(`${backend.url}/api/sessions/${s.id}/payments`, {
      body,
      headers: { 'Idempotency-Key': 'typed-card-1', Accept: 'application/json' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const attempt = await backend.store.db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('session_id', '=', s.id)
      .executeTakeFirstOrThrow();
    const { sent } = await withPaymentOrderTables(backend.store.db)
      .selectFrom('attempt_orders')
      .select('sent')
      .where('attempt_id', '=', attempt.id)
      .executeTakeFirstOrThrow();
    const order = JSON.parse(sent);
    expect(order.billing_address).toBe('Rua **** **** **** 4242 apto 1');
    expect(order.billing_city).toBe('************5556');
    // identifiers the owner reads back stay as sent
    expect(order.order_no).toBe(attempt.gateway_order_no);

    const stored = attempt.frame_form ?? '';
    expect(stored).toContain('**** **** **** 4242');
    for (const text of [sent, stored]) {
      expect(text).not.toContain('4242 4242');
      expect(text).not.toContain('4242%204242');
      expect(text).not.toContain(TYPED_PLAIN);
    }

    // the gateway had the text at step 1 (that is the shopper's doing); step 2 posts the masked echo and the
    // gateway's own fields unchanged, so the hosted page opens and the payment completes
    expect((await sandboxApi(sandbox.url).transaction(attempt.gateway_order_no)).request.billing_address).toContain(
      TYPED,
    );
    const returned = await payByCard(await (await fetch(res.body.action.url)).text(), '4242424242424242');
    expect((await fetch(returned.returnUrl, { redirect: 'manual' })).status).toBe(200);
    const view = await callJson(`${backend.url}/api/sessions/${s.id}`, {
      headers: { 'X-Client-Secret': s.client_secret },
    });
    expect(view.body.payment).toMatchObject({ payment_id: attempt.id, status: 'authorised' });
  });
});
