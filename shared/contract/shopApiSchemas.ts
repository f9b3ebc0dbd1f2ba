import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from '../gateway/status';
import { SHOP_EVENT_TYPES } from './shopEvents';

/**
 * The answers of the shop API as zod schemas: what the OpenAPI document declares (server/http/openApi.ts, served
 * at `GET /openapi.json`). Each has the TypeScript shape of shopApi.ts / shopEvents.ts / session.ts / errors.ts;
 * server/http/openApi.test.ts holds the two equal at compile time and checks real answers against the document.
 */

export const decimal = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .describe('a decimal amount in the currency, e.g. "25.00"');
export const currency = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .describe('ISO 4217');
export const timestamp = z.iso.datetime().describe('ISO 8601, UTC');

export const errorBodySchema = z
  .strictObject({
    error: z.strictObject({
      code: z.string().describe('a stable code: invalid_request, unauthorized, forbidden, not_found, conflict, ...'),
      message: z.string(),
      fields: z
        .array(z.strictObject({ path: z.string().describe('dotted, e.g. items.0.unit_price'), message: z.string() }))
        .optional(),
    }),
  })
  .describe('every 4xx and 5xx answer');

export const createSessionResponseSchema = z.strictObject({
  id: z.string(),
  client_secret: z.string().describe("the widget's credential for this session: hand it to the page, never log it"),
  order_no: z.string(),
  expires_at: timestamp,
});

export const shopOrderSchema = z.strictObject({
  order_no: z.string(),
  status: z.enum(ORDER_STATUSES as [OrderStatus, ...OrderStatus[]]),
  amount: decimal,
  currency,
  transaction_id: z.string().nullable(),
  email: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  captured: decimal.nullable(),
  refunded: decimal.nullable(),
  lost_in_disputes: decimal.optional(),
  status_note: z.string().optional(),
  alert: z.string().nullable(),
});

export const shopSessionViewSchema = z.strictObject({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  order_no: z.string(),
  amount: decimal,
  currency,
  expires_at: timestamp,
  order: shopOrderSchema,
});

const PAYOUT_EVENTS = ['payout.completed', 'payout.failed'] as const;
type OrderEventType = Exclude<(typeof SHOP_EVENT_TYPES)[number], (typeof PAYOUT_EVENTS)[number]>;
const ORDER_EVENTS = SHOP_EVENT_TYPES.filter(
  (t): t is OrderEventType => !(PAYOUT_EVENTS as readonly string[]).includes(t),
);

export const shopEventSchema = z.union([
  z.strictObject({
    id: z.string(),
    type: z.enum(ORDER_EVENTS as [OrderEventType, ...OrderEventType[]]),
    created_at: timestamp,
    order: shopOrderSchema,
  }),
  z.strictObject({
    id: z.string(),
    type: z.enum(PAYOUT_EVENTS),
    created_at: timestamp,
    payout: z.strictObject({
      request_id: z.string(),
      status: z.string(),
      amount: decimal,
      currency,
      created_at: timestamp,
      updated_at: timestamp,
    }),
  }),
  z.strictObject({ id: z.string(), type: z.literal('endpoint.test'), created_at: timestamp }),
]);

export const shopEventPageSchema = z.strictObject({
  events: z.array(shopEventSchema),
  has_more: z.boolean().describe("true when more follow the last one: ask again with after = the last event's id"),
});
