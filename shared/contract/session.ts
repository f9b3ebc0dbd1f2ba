import { z } from 'zod';
import { hasDelimiter } from '../gateway/items';
import { isAmount, lineTotal, sumMinor, toMinor } from '../gateway/money';
import { isCurrency } from '../gateway/currencies';
import type { OrderStatus } from '../gateway/status';
import { birthDate, countryCode, currencyCode, decimalString, email, httpUrl, orderNo, text } from './primitives';

/** The shop server's `POST /api/sessions` body. The amount fixed here is the only amount ever paid. */
const noDelimiter = (s: string) => !hasDelimiter(s);
const DELIMITER_MSG = 'must not contain "#,#", "#;#" or start or end with "#"';

export const sessionItem = z.strictObject({
  name: text(200).min(1, 'must not be empty').refine(noDelimiter, DELIMITER_MSG),
  sku: text(100).min(1, 'must not be empty').refine(noDelimiter, DELIMITER_MSG),
  unit_price: decimalString,
  quantity: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(100000, 'must be at most 100000'),
  category: text(100).optional(),
  type: text(50).optional(),
});

export const AMOUNT_PARTS = ['shipping', 'handling', 'tax_total', 'insurance', 'shipping_discount', 'discount'] as const;

export const addressPrefill = z.strictObject({
  country: countryCode.optional(),
  state: text(100).optional(),
  city: text(100).optional(),
  address: text(300).optional(),
  postal_code: text(20).optional(),
});

export const shopperPrefill = z.strictObject({
  first_name: text(100).optional(),
  last_name: text(100).optional(),
  email: email.optional(),
  phone: text(30).optional(),
  document: text(50).optional(),
  birth_date: birthDate.optional(),
  billing: addressPrefill.optional(),
  delivery: addressPrefill.optional(),
});

export const createSessionBody = z
  .strictObject({
    order_no: orderNo.optional(),
    amount: decimalString,
    currency: currencyCode,
    items: z.array(sessionItem).max(200, 'must have at most 200 items').optional(),
    shipping: decimalString.optional(),
    handling: decimalString.optional(),
    tax_total: decimalString.optional(),
    insurance: decimalString.optional(),
    shipping_discount: decimalString.optional(),
    discount: decimalString.optional(),
    country: countryCode.optional(),
    locale: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a BCP 47 language tag, e.g. "pt-BR"').optional(),
    shopper: shopperPrefill.optional(),
    return_url: httpUrl().optional(),
    note: text(1000).optional(),
    custom: text(2500).optional(),
    shopper_id: text(64).optional(),
    metadata: z.record(z.string().max(40), z.string().max(500)).refine((m) => Object.keys(m).length <= 20, 'must have at most 20 keys').optional(),
  })
  .superRefine((body, ctx) => {
    // Each amount must be exact in the session currency, and the parts must add up to the total.
    if (!isCurrency(body.currency)) return;
    const minor = (path: (string | number)[], value: string): number | undefined => {
      if (isAmount(value, body.currency)) return toMinor(value, body.currency);
      ctx.addIssue({ code: 'custom', path, message: amountFormatMessage(body.currency) });
      return undefined;
    };
    const total = minor(['amount'], body.amount);
    if (total === 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'must be greater than 0' });
    const parts = Object.fromEntries(AMOUNT_PARTS.map((p) => [p, body[p] === undefined ? 0 : minor([p], body[p]!)]));
    const lines = (body.items ?? []).map((item, i) => {
      const unit = minor(['items', i, 'unit_price'], item.unit_price);
      return unit === undefined ? undefined : lineTotal(unit, item.quantity);
    });
    if (!body.items?.length || total === undefined) return;
    if (lines.some((l) => l === undefined) || Object.values(parts).some((p) => p === undefined)) return;
    const itemTotal = sumMinor(lines as number[]);
    const p = parts as Record<(typeof AMOUNT_PARTS)[number], number>;
    const expected = itemTotal + p.shipping + p.handling + p.tax_total + p.insurance - p.shipping_discount - p.discount;
    if (expected !== total) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'must equal the items total + shipping + handling + tax_total + insurance - shipping_discount - discount',
      });
    }
  });

export type CreateSessionBody = z.infer<typeof createSessionBody>;

export function amountFormatMessage(currency: string): string {
  return isAmount('1', currency) ? `must be a whole number for ${currency}` : `must have exactly the number of decimals of ${currency}, e.g. ${currency === 'USD' ? '"25.00"' : 'the currency minor unit'}`;
}

export interface CreateSessionResponse {
  id: string;
  client_secret: string;
  order_no: string;
  expires_at: string;
}

/** An extra shopper field a payment method needs. */
export type MethodField = 'document' | 'birth_date' | 'bank_code';

export interface PaymentMethodView {
  id: string;
  kind: 'card' | 'apm';
  /** the label in the session's locale, falling back to English */
  label: string;
  /** gateway payment_method code, APMs only */
  payment_method?: string;
  fields: MethodField[];
  /** bank choices for methods that need a bank_code */
  banks?: { code: string; name: string }[];
}

/** `GET /api/sessions/:id`: what the widget shows. */
export interface SessionView {
  id: string;
  order_no: string;
  status: OrderStatus;
  amount: string;
  currency: string;
  items: { name: string; sku: string; unit_price: string; quantity: number }[];
  country?: string;
  locale?: string;
  shopper?: z.infer<typeof shopperPrefill>;
  methods: PaymentMethodView[];
  expires_at: string;
  /** the last payment's outcome, so a reloaded page can show it */
  payment?: { payment_id: string; status: OrderStatus; message?: string };
}

export { birthDate };
