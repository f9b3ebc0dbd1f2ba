import { z } from 'zod';
import { DECLINE_REASONS } from '../gateway/declineReason';
import { ORDER_STATUSES, type OrderStatus } from '../gateway/status';
import { METHOD_FIELDS } from '../paymentMethods/shopperFields';
import { shopperPrefill, subscriptionTerms } from './session';
import { currency, decimal, timestamp } from './shopApiSchemas';

/**
 * The answers of the widget's calls (`GET /api/sessions/:id` with the client secret, the payment, its resume and
 * abandon) as zod schemas: what the OpenAPI document declares (server/http/openApi.ts). Each has the TypeScript
 * shape of session.ts / payment.ts; server/http/openApi.test.ts holds the two equal at compile time.
 */

const orderStatus = z.enum(ORDER_STATUSES as [OrderStatus, ...OrderStatus[]]);

const paymentMethodViewSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(['card', 'apm']),
  label: z.string().describe("in the session's locale, falling back to English"),
  payment_method: z.string().optional(),
  fields: z.array(z.enum(METHOD_FIELDS)).describe('what the shopper must give beyond name and e-mail'),
  banks: z.array(z.strictObject({ code: z.string(), name: z.string() })).optional(),
  installments: z.array(z.number().int()).optional(),
  installment_terms: z.array(z.strictObject({ count: z.number().int(), each: decimal, total: decimal })).optional(),
  saved_cards: z.array(z.strictObject({ id: z.string(), label: z.string().optional() })).optional(),
  save_card: z.boolean().optional(),
});

export const sessionViewSchema = z.strictObject({
  id: z.string(),
  order_no: z.string(),
  status: orderStatus,
  amount: decimal,
  currency,
  items: z.array(
    z.strictObject({ name: z.string(), sku: z.string(), unit_price: decimal, quantity: z.number().int() }),
  ),
  country: z.string().optional(),
  locale: z.string().optional(),
  shopper: shopperPrefill.optional(),
  methods: z.array(paymentMethodViewSchema),
  subscription: subscriptionTerms
    .pick({
      contract_name: true,
      contract_amount: true,
      interval: true,
      interval_count: true,
      contract_start: true,
      contract_end: true,
      billing_cycle: true,
      promotion_cycle: true,
    })
    .optional(),
  expires_at: timestamp,
  expired: z.literal(true).optional(),
  return_url: z.string().optional(),
  extra_payment: z
    .strictObject({
      amount: decimal,
      currency,
      refund: z.enum(['scheduled', 'pending', 'refunded', 'shop']),
      refund_at: timestamp.optional(),
    })
    .optional(),
  payment: z
    .strictObject({
      payment_id: z.string(),
      status: orderStatus,
      message: z.string().optional(),
      reason: z.enum(DECLINE_REASONS).optional(),
      code: z.string().optional(),
      redirect_url: z.string().optional(),
      method: z.string().optional(),
    })
    .optional(),
});

export const createPaymentResponseSchema = z.strictObject({
  payment_id: z.string(),
  action: z.union([
    z.strictObject({ type: z.literal('iframe'), url: z.string(), frame_origin: z.string().optional() }),
    z.strictObject({ type: z.literal('redirect'), url: z.string() }),
  ]),
});

export const abandonPaymentResponseSchema = z.strictObject({
  payment_id: z.string(),
  status: z.enum(['pending', 'declined', 'cancelled']),
});

/** The body of the resume and abandon calls: the session's secret only. */
export const clientSecretBody = z.strictObject({
  client_secret: z.string({ error: 'is required' }).min(1, 'is required').max(200, 'is too long'),
});
