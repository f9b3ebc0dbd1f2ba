import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { authoriseRequest, checkoutRequest } from './paymentOrder';

const common = {
  merchant_id: '701001',
  account_id: '701001010',
  encryption_data: 'a'.repeat(64),
  order_no: 'ORD-1001',
  currency: 'USD',
  amount: '10.36',
  return_url: 'https://shop.example/pay/return/p1',
};

const authorise = {
  ...common,
  payment_method: 'PIX',
  website: 'shop.example',
  items: 'huawei#,#NUM1#,#230.00#,#1#;#Test2#,#NUM2#,#290.00#,#2',
  birth_date: '25-12-1990',
  billing_country: 'BR',
  notify_url: 'https://shop.example/hooks/gateway',
  shipping: '0.00',
  person: {
    document_number: '12345678909',
    phone_country_code: '55',
    address_country: 'BR',
    fiscal_country: 'BR',
    birth_date: '25-12-1990',
    documents: {
      file_type: 'application/pdf',
      labels: {
        person_bank_account_id: 'PBA-1',
        bank_account: { branch_country: 'BR', currency: 'BRL', bank: { code: '001', name: 'Banco do Brasil' } },
      },
    },
  },
};

const checkout = {
  ...common,
  open3d: 'do3DS',
  token_flag: 'NO',
  challenge_window_size: '05',
  order_type: 'WEB',
  checkout_time: 1735689600,
  cart_items: [
    {
      basic_item_data: {
        name: 'huawei',
        quantity: '1',
        price: { amount_usd: 230, amount_local_currency: 230, currency: 'USD' },
      },
    },
  ],
  account_owner: [
    {
      email: 'a@b.example',
      created: 1700000000,
      past_orders_count: 3,
      lastLogin_ip: '203.0.113.7',
      registration_ip: '2001:db8::1',
    },
  ],
  total_discount: [{ coupon_code_used: 'SPRING', discount_type: 'percent' }],
  additional_information: [{ mpi_info: { eci: '05', cavv: 'AAAB', xid: 'x', dsTransID: 'd' } }],
  subscription: { contract: 'C1', billing_cycle: 12, promotion_cycle: 0 },
};

/** The paths of the issues, as a user of the error would read them. */
function paths(result: z.ZodSafeParseResult<unknown>): string[] {
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
}

describe('authoriseRequest', () => {
  it("accepts the spec's illustrative values", () => {
    const r = authoriseRequest.safeParse(authorise);
    expect(r.error?.issues).toBeUndefined();
    expect(r.data?.person?.documents?.labels?.bank_account?.bank?.name).toBe('Banco do Brasil');
  });

  it('requires the mandatory fields, each at its own path', () => {
    for (const field of [
      'merchant_id',
      'account_id',
      'encryption_data',
      'order_no',
      'currency',
      'amount',
      'return_url',
      'payment_method',
    ]) {
      const { [field]: _, ...rest } = authorise as Record<string, unknown>;
      expect(paths(authoriseRequest.safeParse(rest)), field).toContain(field);
      expect(paths(authoriseRequest.safeParse({ ...authorise, [field]: '' })), field).toContain(field);
    }
  });

  it('leaves website and notify_url optional', () => {
    const { website: _w, notify_url: _n, ...rest } = authorise;
    expect(authoriseRequest.safeParse(rest).success).toBe(true);
  });

  it('refuses nested person fields of the wrong shape by their path', () => {
    expect(
      paths(authoriseRequest.safeParse({ ...authorise, person: { ...authorise.person, phone_country_code: '+55' } })),
    ).toEqual(['person.phone_country_code']);
    expect(
      paths(authoriseRequest.safeParse({ ...authorise, person: { ...authorise.person, birth_date: '1990-12-25' } })),
    ).toEqual(['person.birth_date']);
    const badBank = { ...authorise.person, documents: { labels: { bank_account: { currency: 'REAL' } } } };
    expect(paths(authoriseRequest.safeParse({ ...authorise, person: badBank }))).toEqual([
      'person.documents.labels.bank_account.currency',
    ]);
  });

  it('refuses field lengths over the documented limits', () => {
    expect(paths(authoriseRequest.safeParse({ ...authorise, merchant_id: '70100123' }))).toEqual(['merchant_id']);
    expect(paths(authoriseRequest.safeParse({ ...authorise, order_no: 'x'.repeat(51) }))).toEqual(['order_no']);
    expect(authoriseRequest.safeParse({ ...authorise, order_no: 'x'.repeat(50) }).success).toBe(true);
    expect(paths(authoriseRequest.safeParse({ ...authorise, note: 'n'.repeat(1001) }))).toEqual(['note']);
    expect(paths(authoriseRequest.safeParse({ ...authorise, custom: 'c'.repeat(2501) }))).toEqual(['custom']);
    expect(paths(authoriseRequest.safeParse({ ...authorise, payment_method: 'p'.repeat(51) }))).toEqual([
      'payment_method',
    ]);
  });

  it('checks amount exactly against the currency, and > 0 as its own problem', () => {
    expect(paths(authoriseRequest.safeParse({ ...authorise, amount: '10.3' }))).toEqual(['amount']);
    expect(paths(authoriseRequest.safeParse({ ...authorise, amount: '10.360' }))).toEqual(['amount']);
    expect(paths(authoriseRequest.safeParse({ ...authorise, amount: '-10.36' }))).toEqual(['amount']);
    expect(paths(authoriseRequest.safeParse({ ...authorise, amount: '1e3' }))).toEqual(['amount']);
    expect(
      authoriseRequest.safeParse({ ...authorise, currency: 'JPY', amount: '1036', shipping: '0', items: undefined })
        .success,
    ).toBe(true);
    expect(
      paths(
        authoriseRequest.safeParse({ ...authorise, currency: 'JPY', amount: '10.36', shipping: '0', items: undefined }),
      ),
    ).toEqual(['amount']);
    expect(
      authoriseRequest.safeParse({
        ...authorise,
        currency: 'KWD',
        amount: '1.036',
        shipping: '0.000',
        items: undefined,
      }).success,
    ).toBe(true);
    const zero = authoriseRequest.safeParse({ ...authorise, amount: '0.00' });
    expect(zero.error?.issues).toMatchObject([{ path: ['amount'], message: 'must be greater than 0' }]);
    expect(paths(authoriseRequest.safeParse({ ...authorise, shipping: '1.5' }))).toEqual(['shipping']);
  });

  it('refuses an unknown currency', () => {
    expect(paths(authoriseRequest.safeParse({ ...authorise, currency: 'XXY' }))).toEqual(['currency']);
    expect(paths(authoriseRequest.safeParse({ ...authorise, currency: 'usd' }))).toEqual(['currency']);
  });

  it('decodes items and reports a broken item at its index', () => {
    expect(paths(authoriseRequest.safeParse({ ...authorise, items: 'a#,#b#,#1.00#,#1#;#c#,#d#,#2.00' }))).toEqual([
      'items.1',
    ]);
    expect(paths(authoriseRequest.safeParse({ ...authorise, items: 'a#,#b#,#1.00#,#0' }))).toEqual([
      'items.0.quantity',
    ]);
    expect(paths(authoriseRequest.safeParse({ ...authorise, items: 'a#,#b#,#1.0#,#1' }))).toEqual([
      'items.0.unit_price',
    ]);
    expect(paths(authoriseRequest.safeParse({ ...authorise, items: 'a#,#b#,#abc#,#1' }))).toEqual([
      'items.0.unit_price',
    ]);
  });

  it('refuses a birth_date that is not a real DD-MM-YYYY date', () => {
    expect(paths(authoriseRequest.safeParse({ ...authorise, birth_date: '31-02-1990' }))).toEqual(['birth_date']);
    expect(paths(authoriseRequest.safeParse({ ...authorise, birth_date: '1990-12-25' }))).toEqual(['birth_date']);
  });

  it('refuses a return_url that is not http(s) or carries "&" (it is signed)', () => {
    expect(paths(authoriseRequest.safeParse({ ...authorise, return_url: 'javascript:alert(1)' }))).toEqual([
      'return_url',
    ]);
    expect(paths(authoriseRequest.safeParse({ ...authorise, return_url: 'https://shop.example/r?a=1&b=2' }))).toEqual([
      'return_url',
    ]);
    expect(
      paths(authoriseRequest.safeParse({ ...authorise, return_url: `https://shop.example/${'r'.repeat(1000)}` })),
    ).toEqual(['return_url']);
  });

  it('refuses a non-string value where the wire carries strings', () => {
    expect(paths(authoriseRequest.safeParse({ ...authorise, amount: 10.36 }))).toEqual(['amount']);
  });
});

describe('checkoutRequest', () => {
  it("accepts the spec's illustrative values", () => {
    const r = checkoutRequest.safeParse(checkout);
    expect(r.error?.issues).toBeUndefined();
    expect(r.data?.checkout_time).toBe(1735689600);
  });

  it('does not need payment_method', () => {
    expect(checkoutRequest.safeParse(common).success).toBe(true);
  });

  it('refuses coded values outside their set', () => {
    expect(paths(checkoutRequest.safeParse({ ...checkout, open3d: 'yes' }))).toEqual(['open3d']);
    expect(paths(checkoutRequest.safeParse({ ...checkout, token_flag: 'no' }))).toEqual(['token_flag']);
    expect(paths(checkoutRequest.safeParse({ ...checkout, challenge_window_size: '06' }))).toEqual([
      'challenge_window_size',
    ]);
  });

  it('wants checkout_time as a whole number and the nested lists in their shapes', () => {
    expect(paths(checkoutRequest.safeParse({ ...checkout, checkout_time: '1735689600' }))).toEqual(['checkout_time']);
    expect(paths(checkoutRequest.safeParse({ ...checkout, checkout_time: 1.5 }))).toEqual(['checkout_time']);
    expect(
      paths(checkoutRequest.safeParse({ ...checkout, account_owner: [{ registration_ip: '999.1.1.1' }] })),
    ).toEqual(['account_owner.0.registration_ip']);
    expect(paths(checkoutRequest.safeParse({ ...checkout, account_owner: [{ past_orders_sum: '10' }] }))).toEqual([
      'account_owner.0.past_orders_sum',
    ]);
    expect(paths(checkoutRequest.safeParse({ ...checkout, additional_information: [{}] }))).toEqual([
      'additional_information.0.mpi_info',
    ]);
    expect(paths(checkoutRequest.safeParse({ ...checkout, subscription: { billing_cycle: 1.5 } }))).toEqual([
      'subscription.billing_cycle',
    ]);
    expect(paths(checkoutRequest.safeParse({ ...checkout, token_id: 't'.repeat(51) }))).toEqual(['token_id']);
  });
});
