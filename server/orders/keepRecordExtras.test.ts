import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { sandboxApi } from '../../testing/sandboxApi';
import { payByCard } from '../gateway/testing/playShopper';
import { cardTokenSeal } from '../store/cardTokenSeal';
import { listSavedCards } from '../checkout/savedCards';
import { callJson, createSession, paymentBody } from '../../testing/shopClient';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';

const SHOP = 'http://shop.test';
const AUTO_CAPTURE = { ACCOUNT_ID: '701001020', SIGN_KEY: 'sk_sandbox_701001020' };

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

/** Polls until `probe` answers something, with a deadline (no fixed sleeps). */
async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describeOnStores('saved cards through the sandbox gateway', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url, env: AUTO_CAPTURE });
  });
  afterAll(() => backend?.close());

  const pay = (sessionId: string, body: unknown, key: string) =>
    callJson(`${backend.url}/api/sessions/${sessionId}/payments`, {
      body,
      headers: { 'Idempotency-Key': key, Origin: SHOP, Accept: 'application/json' },
    });
  const cardMethod = async (s: { id: string; client_secret: string }) =>
    (
      await callJson(`${backend.url}/api/sessions/${s.id}`, { headers: { 'X-Client-Secret': s.client_secret } })
    ).body.methods.find((m: { id: string }) => m.id === 'card');
  const gatewayOrderNo = async (sessionId: string) =>
    (
      await backend.store.db
        .selectFrom('payment_attempts')
        .select('gateway_order_no')
        .where('session_id', '=', sessionId)
        .executeTakeFirstOrThrow()
    ).gateway_order_no;
  const savedFor = async (shopperId: string) => {
    const cards = await listSavedCards(backend.store.db, shopperId);
    return cards.length ? cards : undefined;
  };

  /** A session for `shopperId` paid by card with "save my card" ticked, up to the gateway's 303. */
  async function payAndSave(
    shopperId: string,
    key: string,
    beforePaying: (gatewayOrderNo: string) => Promise<void> = async () => {},
  ) {
    const s = await createSession(backend, { shopper_id: shopperId, allow_save_card: true });
    const res = await pay(s.id, paymentBody(s.client_secret, 'card', { save_card: true }), key);
    expect(res.status).toBe(200);
    const orderNo = await gatewayOrderNo(s.id);
    await beforePaying(orderNo);
    const returned = await payByCard(await (await fetch(res.body.action.url)).text(), '4242424242424242');
    expect(returned.query.payment_status).toBe('3000');
    return { session: s, orderNo, returned };
  }

  it('keeps the token after the PAYMENT notification (from the query it leads to), then a second session of the shopper pays with it', async () => {
    const first = await payAndSave('cust-tok-1', 'tok-1');
    // nothing but the notification has told the backend about this payment; its token is read from the query
    const [saved] = await eventually(() => savedFor('cust-tok-1'), 'the card saved after the notification');
    const token = (await sandboxApi(sandbox.url).transaction(first.orderNo)).token_id as string;
    expect(token).toMatch(/^tok_/);
    expect(saved).toMatchObject({ label: 'Visa •••• 4242' });
    expect(cardTokenSeal(backend.config.tokenKey).open(saved!.token_sealed!)).toBe(token);

    const second = await createSession(backend, { shopper_id: 'cust-tok-1' });
    const card = await cardMethod(second);
    expect(card.saved_cards).toEqual([{ id: saved!.id, label: 'Visa •••• 4242' }]);
    expect(JSON.stringify(card)).not.toContain(token);
    const res = await pay(second.id, paymentBody(second.client_secret, 'card', { saved_card: saved!.id }), 'tok-2');
    expect(res.status).toBe(200);
    const orderNo = await gatewayOrderNo(second.id);
    expect((await sandboxApi(sandbox.url).transaction(orderNo)).request).toMatchObject({
      token_id: token,
      token_flag: 'NO',
    });
    // the hosted page offers the stored card and no card form: what is "typed" is not read
    const loading = await (await fetch(res.body.action.url)).text();
    const returned = await payByCard(loading, '');
    expect(returned.query.payment_status).toBe('3000');
    expect(await sandboxApi(sandbox.url).transaction(orderNo)).toMatchObject({
      payment_status: '3000',
      token_id: token,
      card_last4: '4242',
    });
    expect((await fetch(returned.returnUrl, { redirect: 'manual' })).status).toBe(200);
    // paying with a saved card saves nothing new
    expect(await listSavedCards(backend.store.db, 'cust-tok-1')).toHaveLength(1);
  });

  it('keeps the token from the query record when the notification never arrives', async () => {
    const { returned } = await payAndSave('cust-tok-2', 'tok-3', async (orderNo) => {
      const fault = await callJson(`${sandbox.url}/sandbox/faults`, {
        body: { endpoint: 'notify', order_no: orderNo, fault: { kind: 'drop' } },
      });
      expect(fault.status).toBe(201);
    });
    expect(await listSavedCards(backend.store.db, 'cust-tok-2')).toEqual([]);
    // the shopper's return confirms by query, whose record carries the token
    expect((await fetch(returned.returnUrl, { redirect: 'manual' })).status).toBe(200);
    expect(await listSavedCards(backend.store.db, 'cust-tok-2')).toEqual([
      expect.objectContaining({ token_sealed: expect.stringMatching(/^v1\./), label: 'Visa •••• 4242' }),
    ]);
  });

  it('keeps no token for a shopper who did not ask to save the card', async () => {
    const s = await createSession(backend, { shopper_id: 'cust-tok-3', allow_save_card: true });
    const res = await pay(s.id, paymentBody(s.client_secret, 'card'), 'tok-4');
    const returned = await payByCard(await (await fetch(res.body.action.url)).text(), '4242424242424242');
    expect((await fetch(returned.returnUrl, { redirect: 'manual' })).status).toBe(200);
    expect((await sandboxApi(sandbox.url).transaction(await gatewayOrderNo(s.id))).token_id).toBeUndefined();
    expect(await listSavedCards(backend.store.db, 'cust-tok-3')).toEqual([]);
  });
});
