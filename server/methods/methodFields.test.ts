import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SessionView } from '../../shared/contract/session';
import { paymentMethods, putPaymentMethods } from '../../testing/adminClient';
import { callJson, createSession, paymentBody } from '../../testing/shopClient';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { sentOrdersOf } from '../orders/attemptOrders';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';

const SHOP = 'http://shop.test';
const NAME_AND_EMAIL = { first_name: 'Ana', last_name: 'Silva', email: 'ana@example.com' };

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores('the fields each payment method asks of the shopper', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url });
  });
  afterAll(() => backend?.close());

  const pay = (sessionId: string, body: unknown, key: string) =>
    callJson(`${backend.url}/api/sessions/${sessionId}/payments`, {
      body,
      headers: { 'Idempotency-Key': key, Origin: SHOP },
    });
  const sentOrder = async (paymentId: string) =>
    (await sentOrdersOf(backend.store.db, [paymentId])).get(paymentId)!.payment_order;

  it('a plain card payment needs neither an address nor a phone, and the gateway takes it without them', async () => {
    const s = await createSession(backend);
    const res = await pay(s.id, { ...paymentBody(s.client_secret, 'card'), shopper: NAME_AND_EMAIL }, 'bare-card');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.action.type).toBe('iframe');
    const sent = await sentOrder(res.body.payment_id);
    expect(sent).toMatchObject({ shopper_email: 'ana@example.com', first_name: 'Ana' });
    expect(
      Object.keys(sent).filter((k) => /^(billing_|delivery_(country|city|address)|shopper_phone)/.test(k)),
    ).toEqual([]);
  });

  it('a method whose config asks for the address and phone refuses a payment without them, naming each', async () => {
    const { methods } = await paymentMethods(backend);
    const asking = methods.map((m) => (m.id === 'card' ? { ...m, fields: ['billing_address', 'phone'] } : m));
    await putPaymentMethods(backend, asking as typeof methods);
    try {
      expect((await paymentMethods(backend)).methods.find((m) => m.id === 'card')?.fields).toEqual([
        'billing_address',
        'phone',
      ]);
      const s = await createSession(backend);
      const res = await pay(s.id, { ...paymentBody(s.client_secret, 'card'), shopper: NAME_AND_EMAIL }, 'asked');
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual([
        { path: 'shopper.billing', message: 'is required for card' },
        { path: 'shopper.phone', message: 'is required for card' },
      ]);
      const view = (await (
        await fetch(`${backend.url}/api/sessions/${s.id}`, { headers: { 'X-Client-Secret': s.client_secret } })
      ).json()) as SessionView;
      expect(view.methods.find((m) => m.id === 'card')?.fields).toEqual(['billing_address', 'phone']);
      expect((await pay(s.id, paymentBody(s.client_secret, 'card'), 'asked-2')).status).toBe(200);
    } finally {
      await putPaymentMethods(backend, methods);
    }
  });

  it('Boleto refuses a document number that is not a CPF or CNPJ (check digits), naming the field', async () => {
    const s = await createSession(backend, { amount: '50.00', currency: 'BRL', items: undefined, country: 'BR' });
    const withDocument = (document: string) =>
      paymentBody(s.client_secret, 'boleto', { shopper: { ...NAME_AND_EMAIL, document } });
    for (const [i, bad] of ['abc', '529.982.247-24', '11.222.333/0001-80', '111.111.111-11'].entries()) {
      const res = await pay(s.id, withDocument(bad), `boleto-bad-${i}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.fields).toEqual([
        { path: 'shopper.document', message: 'is not a valid CPF or CNPJ number (check digits)' },
      ]);
    }
    const ok = await pay(s.id, withDocument('529.982.247-25'), 'boleto-ok');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.action.type).toBe('redirect');
  });
});
