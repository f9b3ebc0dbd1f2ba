import { describe, expect, it } from 'vitest';
import { createPaymentBody, type CreatePaymentBody } from '../../shared/contract/payment';
import { createSessionBody } from '../../shared/contract/session';
import {
  apmFields,
  authoriseRequest,
  checkoutFields,
  checkoutRequest,
  paymentOrderFields,
} from '../../shared/gateway/schemas/paymentOrder';
import type { PaymentMethod } from '../methods/paymentMethods';
import { pickSessionExtras } from './sessionExtras';
import type { SessionRow } from './sessions';
import {
  bodyPathOf,
  buildAuthoriseOrder,
  buildCheckoutOrder,
  PAYMENT_ORDER_FIELDS,
  type OrderSources,
} from './buildPaymentOrder';

/** A session with everything the shop's server can say: the money, items, account, coupons, subscription. */
const sessionBody = createSessionBody.parse({
  order_no: 'ORD-7',
  amount: '145.00',
  currency: 'BRL',
  items: [
    {
      name: 'T-shirt',
      sku: 'TS-1',
      unit_price: '50.00',
      quantity: 2,
      category: 'apparel',
      type: 'physical',
      product_id: 'prod_ts',
    },
    {
      name: 'Mug',
      sku: 'MG-1',
      unit_price: '30.00',
      quantity: 1,
      category: 'kitchen',
      type: 'physical',
      price_usd: '5.55',
    },
  ],
  shipping: '15.00',
  handling: '2.00',
  tax_total: '10.00',
  insurance: '3.00',
  shipping_discount: '5.00',
  discount: '10.00',
  country: 'BR',
  return_url: 'https://loja.example/obrigado',
  note: 'gift wrap',
  custom: 'crm=42',
  shopper_id: 'cust-9',
  website: 'Loja Exemplo',
  shopper_level: 'gold',
  platform_source: 'custom',
  storefront_domains: 'loja.example',
  account_owner: {
    account_id: 'acc-9',
    first_name: 'Ana',
    last_name: 'Silva',
    email: 'ana@example.com',
    created: 1600000000,
    past_orders_count: 4,
    past_orders_sum: '812.40',
    lastLogin_ip: '198.51.100.4',
    registration_ip: '2001:db8::1',
  },
  total_discount: [{ coupon_code_used: 'WELCOME10', discount_type: 'fixed' }],
  subscription: {
    contract: 'ctr-1',
    contract_name: 'Coffee club',
    contract_amount: '145.00',
    interval: 'month',
    interval_count: 1,
    contract_start: '2025-01-01',
    contract_end: '2025-12-31',
    price_id: 'price_club',
    billing_cycle: 12,
    promotion_cycle: 2,
  },
  price_id: 'price_basic',
  quote_id: 'q-77',
  quote_price: '145.00',
  // half-up: 50.00 BRL x 0.1835 = 9.175 USD -> 9.18
  fx_rate_usd: '0.1835',
  allow_save_card: true,
});

const session: SessionRow = {
  id: 'ses_7',
  client_secret_hash: 'x',
  order_id: 'ord_7',
  order_no: 'ORD-7',
  amount_minor: 14500,
  currency: 'BRL',
  items: JSON.stringify(sessionBody.items),
  amount_parts: JSON.stringify({
    shipping: 1500,
    handling: 200,
    tax_total: 1000,
    insurance: 300,
    shipping_discount: 500,
    discount: 1000,
  }),
  country: 'BR',
  locale: 'pt-BR',
  shopper: null,
  return_url: 'https://loja.example/obrigado',
  note: 'gift wrap',
  custom: 'crm=42',
  shopper_id: 'cust-9',
  metadata: null,
  expires_at: '2999-01-01T00:00:00.000Z',
  created_at: '2025-01-01T00:00:00.000Z',
};

const shopper = {
  first_name: 'Ana',
  last_name: 'Silva',
  email: 'ana@example.com',
  phone: '+55 11 91234-5678',
  document: '123.456.789-09',
  birth_date: '31-12-1990',
  billing: {
    country: 'BR',
    state: 'SP',
    city: 'São Paulo',
    address: 'Rua Augusta',
    postal_code: '01304-001',
    number: '1500',
    complement: 'apto 12',
    district: 'Consolação',
  },
  delivery: {
    country: 'BR',
    state: 'RJ',
    city: 'Rio de Janeiro',
    address: 'Rua do Catete',
    postal_code: '22220-000',
    number: '90',
    district: 'Catete',
  },
  person: { document_type: 'CPF', social_name: 'Ana S.', net_monthly_average_income: '8000.00', fiscal_country: 'BR' },
};

const device = {
  os: 'Linux',
  browser: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
  browser_lang: 'pt-BR',
  time_zone: '-3',
  resolution: '1920x1080',
  color_depth: '24',
  cookie_new: 'ck_did=d1&ck_seen=1735689600',
  cookie_old: 'ck_did=d1&ck_seen=1735000000',
  device_fingerprint: 'fp-123',
  device_type: 'desktop',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
  checkout_time: 1735689600,
  challenge_window_size: '03',
  screening_token_cookie: 'scr-abc',
};

const method = (over: Partial<PaymentMethod>): PaymentMethod => ({
  id: 'card',
  kind: 'card',
  paymentMethod: null,
  labels: { en: 'Card' },
  enabled: true,
  sortOrder: 0,
  countries: null,
  currencies: null,
  minMinor: null,
  maxMinor: null,
  fields: [],
  banks: null,
  open3d: 'do3DS',
  ...over,
});

const boleto = method({
  id: 'boleto',
  kind: 'apm',
  paymentMethod: 'BOLETO',
  open3d: null,
  fields: ['document', 'person', 'bank_code'],
});

function body(methodId: string, extra: Partial<CreatePaymentBody> = {}): CreatePaymentBody {
  return createPaymentBody.parse({
    client_secret: 'cs',
    method: methodId,
    shopper,
    device,
    bank_code: '001',
    ...extra,
  });
}

function sources(over: Partial<OrderSources> = {}): OrderSources {
  return {
    session,
    extras: pickSessionExtras(sessionBody),
    gatewayOrderNo: 'ORD-7-1',
    body: body('card', { installments: 6, saved_card: 'card_1' }),
    method: method({}),
    installmentPlan: { count: 6, id: 'INST-6' },
    savedCard: { token_id: 'tok_4242' },
    saveCard: false,
    request: { ip: '203.0.113.7', accept: 'text/html,application/xhtml+xml', origin: 'https://www.loja.example' },
    returnUrl: 'https://pay.example/pay/return/pay_1',
    notifyUrl: 'https://pay.example/hooks/gateway',
    website: 'pay.example',
    guestShopperId: 'g_0123456789abcdef0123456789abcdef',
    now: new Date('2025-01-01T00:00:00Z'),
    ...over,
  };
}

/**
 * Fields of both orders: every field of docs/gateway-api.md 2.2 with what the full session, shopper and device give it.
 */
const COMMON: Record<string, unknown> = {
  order_no: 'ORD-7-1',
  currency: 'BRL',
  amount: '145.00',
  item_total: '130.00',
  shipping: '15.00',
  handling: '2.00',
  tax_total: '10.00',
  insurance: '3.00',
  shipping_discount: '5.00',
  discount: '10.00',
  website: 'Loja Exemplo',
  items: 'T-shirt#,#TS-1#,#50.00#,#2#;#Mug#,#MG-1#,#30.00#,#1',
  note: 'gift wrap',
  shopper_id: 'cust-9',
  shopper_email: 'ana@example.com',
  shopper_ip: '203.0.113.7',
  shopper_phone: '+55 11 91234-5678',
  shopper_level: 'gold',
  first_name: 'Ana',
  last_name: 'Silva',
  document: '123.456.789-09',
  birth_date: '31-12-1990',
  billing_country: 'BR',
  billing_state: 'SP',
  billing_city: 'São Paulo',
  billing_address: 'Rua Augusta',
  billing_postal_code: '01304-001',
  os: 'Linux',
  browser: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
  browser_lang: 'pt-BR',
  time_zone: '-3',
  resolution: '1920x1080',
  cookie_new: 'ck_did=d1&ck_seen=1735689600',
  cookie_old: 'ck_did=d1&ck_seen=1735000000',
  delivery_firstname: 'Ana',
  delivery_lastname: 'Silva',
  delivery_country: 'BR',
  delivery_state: 'RJ',
  delivery_city: 'Rio de Janeiro',
  delivery_address: 'Rua do Catete',
  delivery_postal_code: '22220-000',
  return_url: 'https://pay.example/pay/return/pay_1',
  notify_url: 'https://pay.example/hooks/gateway',
  custom: 'crm=42',
  device_fingerprint: 'fp-123',
  platform_source: 'custom',
  device_type: 'desktop',
  color_depth: '24',
};

const CHECKOUT_ONLY: Record<string, unknown> = {
  open3d: 'do3DS',
  token_flag: 'NO',
  token_id: 'tok_4242',
  challenge_window_size: '03',
  session_id: 'ses_7',
  installments: '6',
  installments_id: 'INST-6',
  order_type: 'WEB',
  checkout_time: 1735689600,
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
  screening_token_cookie: 'scr-abc',
  cart_items: [
    {
      basic_item_data: {
        name: 'T-shirt',
        quantity: '2',
        type: 'physical',
        price: { amount_usd: 9.18, amount_local_currency: 50, currency: 'BRL' },
        category: 'apparel',
        productId: 'prod_ts',
      },
    },
    {
      basic_item_data: {
        name: 'Mug',
        quantity: '1',
        type: 'physical',
        // the item's own USD price wins over the session's rate
        price: { amount_usd: 5.55, amount_local_currency: 30, currency: 'BRL' },
        category: 'kitchen',
        productId: 'MG-1',
      },
    },
  ],
  account_owner: [
    {
      account_id: 'acc-9',
      first_name: 'Ana',
      last_name: 'Silva',
      email: 'ana@example.com',
      created: 1600000000,
      past_orders_count: 4,
      past_orders_sum: 812.4,
      lastLogin_ip: '198.51.100.4',
      registration_ip: '2001:db8::1',
    },
  ],
  total_discount: [{ coupon_code_used: 'WELCOME10', discount_type: 'fixed' }],
  // no source: we run no 3-D Secure MPI of our own (the gateway's hosted page authenticates)
  additional_information: undefined,
  price_id: 'price_basic',
  quote_id: 'q-77',
  quote_price: '145.00',
  storefront_domains: 'loja.example',
  subscription: {
    contract: 'ctr-1',
    contract_name: 'Coffee club',
    contract_amount: '145.00',
    interval: 'month',
    interval_count: '1',
    contract_start: '2025-01-01',
    contract_end: '2025-12-31',
    price_id: 'price_club',
    billing_cycle: 12,
    promotion_cycle: 2,
  },
};

const AUTHORISE_ONLY: Record<string, unknown> = {
  payment_method: 'BOLETO',
  delivery_district_name: 'Catete',
  delivery_street_name: 'Rua do Catete',
  bank_code: '001',
  person: {
    document_number: '123.456.789-09',
    document_type: 'CPF',
    social_name: 'Ana S.',
    email: 'ana@example.com',
    phone_country_code: '55',
    phone_area_code: '11',
    phone_number: '912345678',
    birth_date: '31-12-1990',
    net_monthly_average_income: '8000.00',
    address_street: 'Rua Augusta',
    address_number: '1500',
    address_complement: 'apto 12',
    address_postal_code: '01304-001',
    address_city: 'São Paulo',
    address_state: 'SP',
    address_country: 'BR',
    fiscal_country: 'BR',
  },
};

/** Added and signed by the gateway client, not by the order table. */
const ENVELOPE = ['merchant_id', 'account_id', 'encryption_data'];
const SIGNED = { merchant_id: '701001', account_id: '701001010', encryption_data: 'x'.repeat(64) };

const specCheckoutFields = [...Object.keys(paymentOrderFields), ...Object.keys(checkoutFields)].filter(
  (f) => !ENVELOPE.includes(f),
);
const specAuthoriseFields = [...Object.keys(paymentOrderFields), ...Object.keys(apmFields)].filter(
  (f) => !ENVELOPE.includes(f),
);

describe('buildPaymentOrder: every spec 2.2 field from its source', () => {
  it('lists every field of the spec in the one table, and nothing the spec lacks but the Accept header', () => {
    const table = Object.keys(PAYMENT_ORDER_FIELDS);
    expect(new Set(table)).toEqual(new Set([...specCheckoutFields, ...specAuthoriseFields, 'accept_header']));
    // the test's expectations cover the whole spec, so a field added to the schema fails here until it has a source
    expect(new Set(Object.keys({ ...COMMON, ...CHECKOUT_ONLY }))).toEqual(new Set(specCheckoutFields));
    expect(new Set(Object.keys({ ...COMMON, ...AUTHORISE_ONLY }))).toEqual(new Set(specAuthoriseFields));
  });

  const checkout = buildCheckoutOrder(sources()) as unknown as Record<string, unknown>;
  it.each(specCheckoutFields.map((f) => [f, { ...COMMON, ...CHECKOUT_ONLY }[f]]))('checkout %s', (field, expected) => {
    expect(checkout[field]).toEqual(expected);
  });

  const authorise = buildAuthoriseOrder(
    sources({ method: boleto, body: body('boleto'), installmentPlan: undefined, savedCard: undefined }),
  ) as unknown as Record<string, unknown>;
  it.each(specAuthoriseFields.map((f) => [f, { ...COMMON, ...AUTHORISE_ONLY }[f]]))(
    'authorise %s',
    (field, expected) => {
      expect(authorise[field]).toEqual(expected);
    },
  );

  it('leaves no field empty that has a source', () => {
    for (const [field, rule] of Object.entries(PAYMENT_ORDER_FIELDS)) {
      if (rule.from === 'none') continue;
      const order = rule.only === 'authorise' ? authorise : checkout;
      expect(order[field], field).not.toBeUndefined();
    }
  });

  it('builds orders the gateway schema accepts, field types included (numbers, arrays, objects)', () => {
    expect(checkoutRequest.safeParse({ ...checkout, ...SIGNED }).error).toBeUndefined();
    expect(authoriseRequest.safeParse({ ...authorise, ...SIGNED }).error).toBeUndefined();
  });

  it('puts checkout-only and authorise-only fields only in their own order', () => {
    for (const field of Object.keys(CHECKOUT_ONLY)) expect(authorise).not.toHaveProperty(field);
    for (const field of Object.keys(AUTHORISE_ONLY)) expect(checkout).not.toHaveProperty(field);
  });
});

describe('buildPaymentOrder: sources that change a field', () => {
  it('takes the money from the session and shopper_ip and Accept from the request, never from the body', () => {
    const order = buildCheckoutOrder(sources({ request: { ip: '192.0.2.1', accept: 'text/html', origin: undefined } }));
    expect(order).toMatchObject({ amount: '145.00', shopper_ip: '192.0.2.1', accept_header: 'text/html' });
  });

  it('sends token_flag YES when the shopper saves the card, and no token_id then', () => {
    const order = buildCheckoutOrder(
      sources({ saveCard: true, savedCard: undefined, body: body('card', { save_card: true }) }),
    );
    expect(order.token_flag).toBe('YES');
    expect(order).not.toHaveProperty('token_id');
  });

  it('falls back to the configured website and the shop page for storefront_domains; delivery = billing when omitted', () => {
    const { website: _w, storefront_domains: _s, ...extras } = pickSessionExtras(sessionBody);
    const { delivery: _d, ...billingOnly } = shopper;
    const order = buildCheckoutOrder(
      sources({
        extras,
        body: createPaymentBody.parse({ client_secret: 'cs', method: 'card', shopper: billingOnly, device }),
      }),
    );
    expect(order).toMatchObject({
      website: 'pay.example',
      storefront_domains: 'www.loja.example',
      delivery_city: 'São Paulo',
      delivery_address: 'Rua Augusta',
    });
  });

  it('leaves out what a plain session does not have, but always sends what the docs require', () => {
    const plain = sources({
      extras: {},
      session: { ...session, items: '[]', amount_parts: '{}', note: null, custom: null, shopper_id: null },
      installmentPlan: undefined,
      savedCard: undefined,
    });
    const order = buildCheckoutOrder(plain) as unknown as Record<string, unknown>;
    for (const field of [
      'item_total',
      'cart_items',
      'account_owner',
      'total_discount',
      'subscription',
      'installments',
      'installments_id',
      'token_id',
      'shipping',
    ]) {
      expect(order, field).not.toHaveProperty(field);
    }
    // items, shopper_id and website are required by the docs: one line of the whole order, the session's guest id
    expect(order).toMatchObject({
      items: `Order ${session.order_no}#,#${session.order_no}#,#145.00#,#1`,
      shopper_id: 'g_0123456789abcdef0123456789abcdef',
      website: 'pay.example',
    });
    expect(checkoutRequest.safeParse({ ...order, ...SIGNED }).error).toBeUndefined();
  });

  it('gives cart items of a USD session their own price as amount_usd, and none without a rate in another currency', () => {
    const usd = buildCheckoutOrder(
      sources({
        extras: {},
        session: {
          ...session,
          currency: 'USD',
          items: JSON.stringify([{ name: 'Cap', sku: 'C-1', unit_price: '12.34', quantity: 1 }]),
        },
      }),
    );
    expect(usd.cart_items?.[0]).toMatchObject({
      basic_item_data: { price: { amount_usd: 12.34, amount_local_currency: 12.34, currency: 'USD' } },
    });
    const brl = buildCheckoutOrder(
      sources({
        extras: {},
        session: { ...session, items: JSON.stringify([{ name: 'Cap', sku: 'C-1', unit_price: '12.34', quantity: 1 }]) },
      }),
    );
    expect((brl.cart_items![0] as { basic_item_data: { price: object } }).basic_item_data.price).toEqual({
      amount_local_currency: 12.34,
      currency: 'BRL',
    });
  });

  it('sends no person and no district or street name to an APM that does not ask for them', () => {
    const pix = method({ id: 'pix', kind: 'apm', paymentMethod: 'PIX', open3d: null });
    const order = buildAuthoriseOrder(sources({ method: pix, body: body('pix') }));
    expect(order).not.toHaveProperty('person');
    expect(order).not.toHaveProperty('delivery_district_name');
    expect(order).not.toHaveProperty('delivery_street_name');
    expect(order).toMatchObject({ payment_method: 'PIX', delivery_city: 'Rio de Janeiro' });
  });

  it('names the body field behind a gateway field, for error messages', () => {
    expect(bodyPathOf('shopper_email')).toBe('shopper.email');
    expect(bodyPathOf('billing_postal_code')).toBe('shopper.billing.postal_code');
    expect(bodyPathOf('installments_id')).toBe('installments');
    expect(bodyPathOf('token_id')).toBe('saved_card');
    expect(bodyPathOf('amount')).toBeUndefined();
  });
});
