import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, createSession } from '../../../testing/shopClient';
import { startBackend, type Backend } from '../../testing/startBackend';
import { describeOnStores } from '../../testing/storeVariants';
import { installmentPlansOf } from '../methodOptions';
import { admin } from '../../../testing/adminClient';

describeOnStores('payment methods', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store });
  });
  afterAll(() => backend?.close());

  const offered = async (overrides: Record<string, unknown>) => {
    const s = await createSession(backend, { items: undefined, ...overrides });
    const view = await callJson(`${backend.url}/api/sessions/${s.id}`, {
      headers: { 'X-Client-Secret': s.client_secret },
    });
    return view.body.methods.map((m: { id: string }) => m.id);
  };

  it('lists the shop methods, saves the whole list, and sessions offer only the methods that fit them', async () => {
    const { body } = await admin(backend, '/payment-methods');
    expect(body.methods.map((m: { id: string }) => m.id)).toEqual(['card', 'pix', 'boleto', 'alipay', 'ideal']);
    expect(body.methods[1]).toEqual({
      id: 'pix',
      kind: 'apm',
      payment_method: 'PIX',
      labels: { en: 'Pix', pt: 'Pix' },
      enabled: true,
      sort: 20,
      countries: ['BR'],
      currencies: ['BRL'],
      fields: [],
    });
    expect(body.methods[4]).toMatchObject({
      id: 'ideal',
      fields: ['bank_code'],
      banks: expect.arrayContaining([{ code: 'INGBNL2A', name: 'ING' }]),
    });

    const methods = body.methods
      .filter((m: { id: string }) => m.id !== 'alipay')
      .map((m: Record<string, unknown>) =>
        m.id === 'pix'
          ? { ...m, min_amount: '10.00', max_amount: '100.00', labels: { en: 'PIX instant' } }
          : m.id === 'boleto'
            ? { ...m, enabled: false }
            : m,
      );
    methods.push({
      id: 'mbway',
      kind: 'apm',
      payment_method: 'MBWAY',
      labels: { en: 'MB WAY', pt: 'MB WAY' },
      enabled: true,
      sort: 60,
      countries: ['PT'],
      currencies: ['EUR'],
      fields: ['birth_date'],
    });
    const saved = await admin(backend, '/payment-methods', { method: 'PUT', body: { methods } });
    expect(saved.status).toBe(200);
    expect(saved.body.methods.map((m: { id: string }) => m.id)).toEqual(['card', 'pix', 'boleto', 'ideal', 'mbway']);
    expect((await admin(backend, '/payment-methods')).body).toEqual(saved.body);
    expect(saved.body.methods[1]).toMatchObject({
      labels: { en: 'PIX instant' },
      min_amount: '10.00',
      max_amount: '100.00',
    });

    expect(await offered({ amount: '50.00', currency: 'BRL', country: 'BR' })).toEqual(['card', 'pix']);
    expect(await offered({ amount: '500.00', currency: 'BRL', country: 'BR' })).toEqual(['card']);
    expect(await offered({ amount: '5.00', currency: 'BRL', country: 'BR' })).toEqual(['card']);
    expect(await offered({ amount: '20.00', currency: 'EUR', country: 'PT' })).toEqual(['card', 'mbway']);
    expect(await offered({ amount: '20.00', currency: 'CNY', country: 'CN' })).toEqual(['card']);
  });

  it("edits a card's installment plans: sessions offer the new counts, a kept count keeps its plan id", async () => {
    const cardOffers = async () => {
      const s = await createSession(backend, { items: undefined, amount: '60.00', currency: 'USD' });
      const view = await callJson(`${backend.url}/api/sessions/${s.id}`, {
        headers: { 'X-Client-Secret': s.client_secret },
      });
      return view.body.methods.find((m: { id: string }) => m.id === 'card');
    };
    const { body } = await admin(backend, '/payment-methods');
    const card = body.methods.find((m: { id: string }) => m.id === 'card');
    expect(card.installments).toEqual([3, 6, 12]);
    const put = (change: (m: Record<string, unknown>) => Record<string, unknown>) =>
      admin(backend, '/payment-methods', {
        method: 'PUT',
        body: { methods: body.methods.map((m: Record<string, unknown>) => (m.id === 'card' ? change(m) : m)) },
      });

    const saved = await put((m) => ({ ...m, installments: [2, 6, 24] }));
    expect(saved.status).toBe(200);
    expect(saved.body.methods.find((m: { id: string }) => m.id === 'card').installments).toEqual([2, 6, 24]);
    expect((await cardOffers()).installments).toEqual([2, 6, 24]);
    expect((await installmentPlansOf(backend.store.db, ['card'])).get('card')).toEqual([
      { count: 2, id: 'INST-2' },
      { count: 6, id: 'INST-6' },
      { count: 24, id: 'INST-24' },
    ]);

    // a client that does not know installments leaves them as they are; an empty list offers none
    const { installments: _kept, ...withoutInstallments } = card;
    expect(
      (await put(() => withoutInstallments)).body.methods.find((m: { id: string }) => m.id === 'card').installments,
    ).toEqual([2, 6, 24]);
    expect(
      (await put((m) => ({ ...m, installments: [] }))).body.methods.find((m: { id: string }) => m.id === 'card')
        .installments,
    ).toEqual([]);
    expect(await cardOffers()).not.toHaveProperty('installments');
  });

  it('declares interest per installment count: the session shows each instalment and the total, in minor units', async () => {
    const { body } = await admin(backend, '/payment-methods');
    const put = (change: Record<string, unknown>) =>
      admin(backend, '/payment-methods', {
        method: 'PUT',
        body: {
          methods: body.methods.map((m: Record<string, unknown>) => (m.id === 'card' ? { ...m, ...change } : m)),
        },
      });
    const bad = await put({ installments: [3, 6], installment_interest: { '12': '1.00', '6': '1,99', '3': '101' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual(
      expect.arrayContaining([
        { path: 'methods.0.installment_interest.12', message: 'must be one of the counts in installments' },
        {
          path: 'methods.0.installment_interest.6',
          message: 'must be a percentage with up to 2 decimals, e.g. "1.99"',
        },
        { path: 'methods.0.installment_interest.3', message: 'must be at most 100' },
      ]),
    );
    const saved = await put({ installments: [3, 6], installment_interest: { '6': '1.99' } });
    expect(saved.status).toBe(200);
    const card = saved.body.methods.find((m: { id: string }) => m.id === 'card');
    expect(card).toMatchObject({ installments: [3, 6], installment_interest: { '6': '1.99' } });
    const s = await createSession(backend, { items: undefined, amount: '100.00', currency: 'USD' });
    const view = await callJson(`${backend.url}/api/sessions/${s.id}`, {
      headers: { 'X-Client-Secret': s.client_secret },
    });
    // 100.00 in 3 without interest: 33.34 (the last 33.32); in 6 at 1.99 %: 101.99 total, 17.00 each
    expect(view.body.methods.find((m: { id: string }) => m.id === 'card').installment_terms).toEqual([
      { count: 3, each: '33.34', total: '100.00' },
      { count: 6, each: '17.00', total: '101.99' },
    ]);
    await put({ installments: [3, 6, 12] });
  });

  it('accepts "person" as a field a method asks for', async () => {
    const { body } = await admin(backend, '/payment-methods');
    const methods = body.methods.map((m: Record<string, unknown>) =>
      m.id === 'boleto' ? { ...m, fields: ['document', 'person'] } : m,
    );
    const saved = await admin(backend, '/payment-methods', { method: 'PUT', body: { methods } });
    expect(saved.status).toBe(200);
    expect(saved.body.methods.find((m: { id: string }) => m.id === 'boleto').fields).toEqual(['document', 'person']);
  });

  it('refuses installments that are not whole counts from 2 to 48, unique and in order, or not on a card', async () => {
    const { body } = await admin(backend, '/payment-methods');
    const put = (installments: Record<string, unknown>) =>
      admin(backend, '/payment-methods', {
        method: 'PUT',
        body: {
          methods: body.methods.map((m: Record<string, unknown>) => ({
            ...m,
            ...(installments[m.id as string] !== undefined ? { installments: installments[m.id as string] } : {}),
          })),
        },
      });
    const format = await put({ card: [1, 3, 49, 2.5] });
    expect(format.status).toBe(400);
    expect(format.body.error.fields).toEqual([
      { path: 'methods.0.installments.0', message: 'must be from 2 to 48' },
      { path: 'methods.0.installments.2', message: 'must be from 2 to 48' },
      { path: 'methods.0.installments.3', message: 'must be a whole number' },
    ]);
    const semantic = await put({ card: [3, 6, 6, 4], pix: [3] });
    expect(semantic.status).toBe(400);
    expect(semantic.body.error.fields).toEqual([
      { path: 'methods.0.installments.2', message: 'is listed twice' },
      {
        path: 'methods.0.installments.3',
        message: 'must be greater than the count before it (list them in increasing order)',
      },
      { path: 'methods.1.installments', message: 'is only for cards: installments are chosen in the checkout iFrame' },
    ]);
    expect((await admin(backend, '/payment-methods')).body).toEqual(body);
  });

  it('refuses a list it could not apply, naming each field', async () => {
    const before = (await admin(backend, '/payment-methods')).body;
    const res = await admin(backend, '/payment-methods', {
      method: 'PUT',
      body: {
        methods: [
          { id: 'card', kind: 'card', payment_method: 'CARD', labels: { en: 'Card' }, enabled: true, sort: 0 },
          {
            id: 'pix',
            kind: 'apm',
            labels: { pt: 'Pix' },
            enabled: true,
            sort: 1,
            countries: ['BR'],
            currencies: ['BRL'],
            min_amount: '10.5',
          },
          {
            id: 'pix',
            kind: 'apm',
            payment_method: 'PIX',
            labels: { en: 'Pix' },
            enabled: true,
            sort: 2,
            min_amount: '1.00',
          },
          {
            id: 'Bad Id',
            kind: 'apm',
            payment_method: 'X',
            labels: { en: 'X' },
            enabled: 'yes',
            sort: 3,
            currencies: ['USD'],
            min_amount: '9.00',
            max_amount: '5.00',
            countries: ['Brazil'],
          },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual(
      ['methods.3.id', 'methods.3.enabled', 'methods.3.countries.0'].sort(),
    );
    const semantic = await admin(backend, '/payment-methods', {
      method: 'PUT',
      body: {
        methods: [
          { id: 'card', kind: 'card', payment_method: 'CARD', labels: { en: 'Card' }, enabled: true, sort: 0 },
          {
            id: 'pix',
            kind: 'apm',
            labels: { pt: 'Pix' },
            enabled: true,
            sort: 1,
            countries: ['BR'],
            currencies: ['BRL'],
            min_amount: '10.5',
          },
          {
            id: 'pix',
            kind: 'apm',
            payment_method: 'PIX',
            labels: { en: 'Pix' },
            enabled: true,
            sort: 2,
            min_amount: '1.00',
          },
          {
            id: 'x',
            kind: 'apm',
            payment_method: 'X',
            labels: { en: 'X' },
            enabled: true,
            sort: 3,
            currencies: ['USD'],
            min_amount: '9.00',
            max_amount: '5.00',
          },
        ],
      },
    });
    expect(semantic.body.error.fields).toEqual([
      { path: 'methods.0.payment_method', message: 'is only for APMs; a card is paid in the checkout iFrame' },
      { path: 'methods.1.labels.en', message: 'is required: it is the fallback for every other language' },
      { path: 'methods.1.payment_method', message: 'is required for an APM (the gateway code, e.g. PIX)' },
      { path: 'methods.1.min_amount', message: 'must be an amount in BRL, e.g. "10.00"' },
      { path: 'methods.2.id', message: 'is used by another method' },
      {
        path: 'methods.2.min_amount',
        message: "needs the method's currencies, all with the same number of decimals (the limit is in their units)",
      },
      { path: 'methods.3.max_amount', message: 'must not be less than min_amount' },
    ]);
    expect((await admin(backend, '/payment-methods')).body).toEqual(before);
  });
});

describe('payment methods body', () => {
  it('is JSON only', async () => {
    const backend = await startBackend();
    try {
      const res = await callJson(`${backend.url}/admin/api/payment-methods`, {
        method: 'PUT',
        body: 'methods=all',
        headers: {
          Authorization: `Bearer ${backend.config.adminToken}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
      });
      expect(res.status).toBe(415);
    } finally {
      await backend.close();
    }
  });
});
