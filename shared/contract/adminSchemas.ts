import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from '../gateway/status';
import { METHOD_FIELDS } from '../paymentMethods/shopperFields';
import { recipientBody } from './recipient';
import { ROLES, permissionsOf } from './roles';
import { currency, decimal, shopOrderSchema, timestamp } from './shopApiSchemas';
import { SHOP_EVENT_TYPES } from './shopEvents';

/**
 * The admin API's answers (the shapes of admin.ts, adminOrders.ts, adminDisputes.ts, adminKeys.ts, adminPayouts.ts,
 * adminRefunds.ts, adminTeam.ts, recipient.ts, shopEndpoints.ts) as zod schemas: what the OpenAPI document declares
 * (server/http/openApi.ts). server/http/openApiSchemas.test.ts holds each to its TypeScript shape at compile time;
 * server/http/openApiRoutes.test.ts checks the real answers against the document.
 */

const orderStatus = z.enum(ORDER_STATUSES as [OrderStatus, ...OrderStatus[]]);
const fieldErrors = z.array(z.strictObject({ path: z.string(), message: z.string() }));

/** An order as the admin API shows it: the shop API's order (shopOrderSchema) is the same shape. */
const adminOrderSchema = shopOrderSchema;

const paymentAlertSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(['double_payment', 'paid_after_expiry']),
  attempt_id: z.string(),
  gateway_order_no: z.string().nullable(),
  transaction_id: z.string().nullable(),
  other_attempt_id: z.string().nullable(),
  created_at: timestamp,
  refund: z
    .strictObject({
      status: z.string(),
      reference: z.string().nullable(),
      message: z.string().nullable(),
      amount: decimal.nullable(),
    })
    .nullable(),
});

const adminPaymentMethodSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(['card', 'apm']),
  payment_method: z.string().optional(),
  labels: z.record(z.string(), z.string()),
  enabled: z.boolean(),
  sort: z.number().int(),
  countries: z.array(z.string()),
  currencies: z.array(z.string()),
  min_amount: decimal.optional(),
  max_amount: decimal.optional(),
  fields: z.array(z.enum(METHOD_FIELDS)),
  open3d: z.enum(['do3DS', 'no3DS']).optional(),
  banks: z.array(z.strictObject({ code: z.string(), name: z.string() })).optional(),
  installments: z.array(z.number().int()).optional(),
  installment_interest: z.record(z.string(), z.string()).optional(),
});
export const adminPaymentMethodsSchema = z.strictObject({ methods: z.array(adminPaymentMethodSchema) });

export const orderPageSchema = z.strictObject({
  orders: z.array(adminOrderSchema.extend({ method: z.string().nullable() })),
  next_cursor: z.string().nullable(),
  total: z.number().int(),
});

export const bulkResultSchema = z.union([
  z.strictObject({
    order_no: z.string(),
    transaction_id: z.string().optional(),
    ok: z.literal(true),
    status: orderStatus.optional(),
    note: z.string().optional(),
    refund_state: z.string().optional(),
  }),
  z.strictObject({
    order_no: z.string(),
    transaction_id: z.string().optional(),
    ok: z.literal(false),
    position: z.number().int().optional(),
    error: z.strictObject({ code: z.string(), message: z.string(), fields: fieldErrors.optional() }),
  }),
]);
export const bulkResultsSchema = z.strictObject({ results: z.array(bulkResultSchema) });

const adminDisputeSchema = z.strictObject({
  dispute_id: z.string(),
  order_no: z.string(),
  transaction_id: z.string().nullable(),
  amount: decimal,
  currency,
  reason_code: z.string(),
  reason: z.string(),
  respond_by: z.string(),
  days_left: z.number().int().nullable(),
  state: z.enum(['open', 'closed']),
  outcome: z.enum(['won', 'lost']).nullable(),
  opened_at: timestamp,
  closed_at: timestamp.nullable(),
});
export const disputePageSchema = z.strictObject({
  disputes: z.array(adminDisputeSchema),
  next_cursor: z.string().nullable(),
});
export const disputeDetailSchema = adminDisputeSchema.extend({ order: adminOrderSchema });
export const disputeSummarySchema = z.strictObject({
  open: z.number().int(),
  count: z.number().int(),
  lost: z.number().int(),
  disputed: z.array(z.strictObject({ currency, amount: decimal })),
  captured_orders: z.number().int(),
  rate: z.number(),
});

const subscriptionResultSchema = z.strictObject({
  contract_name: z.string().optional(),
  recurring_id: z.string().optional(),
  recurring_status: z.string().optional(),
  recurring_deduction_period: z.string().optional(),
  recurring_deduction_time: z.string().optional(),
});

const timelineEntrySchema = z.strictObject({
  at: timestamp,
  what: z.enum([
    'created',
    'payment_started',
    'pending',
    'authorised',
    'paid',
    'captured',
    'declined',
    'cancelled',
    'review',
    'unknown',
    'refund_requested',
    'refund_succeeded',
    'refund_failed',
    'dispute_opened',
    'dispute_won',
    'dispute_lost',
  ]),
  by: z.string().optional(),
  amount: decimal.optional(),
  currency: currency.optional(),
  attempt: z.number().int().optional(),
  method: z.string().optional(),
  reason: z.string().optional(),
});

export const orderDetailSchema = adminOrderSchema.extend({
  card: z.strictObject({ brand: z.string(), last4: z.string() }).nullable(),
  method: z.string().nullable(),
  timeline: z.array(timelineEntrySchema),
  subscription_result: subscriptionResultSchema.nullable(),
  events: z.array(z.strictObject({ at: timestamp, type: z.string(), detail: z.unknown() })),
  attempts: z.array(
    z.strictObject({
      id: z.string(),
      seq: z.number().int(),
      gateway_order_no: z.string(),
      method: z.string(),
      status: orderStatus,
      payment_status: z.string().nullable(),
      transaction_id: z.string().nullable(),
      message: z.string().nullable(),
      created_at: timestamp,
      updated_at: timestamp,
      payment_order: z.record(z.string(), z.unknown()).nullable(),
      device_hidden: z.boolean(),
      subscription_result: subscriptionResultSchema.nullable(),
      stranded: z.boolean(),
      abandoned: z.boolean(),
    }),
  ),
  alerts: z.array(paymentAlertSchema),
  refunds: z.array(
    z.strictObject({
      seq: z.number().int().nullable(),
      amount: decimal,
      currency,
      reason: z.string().nullable(),
      refund_reference: z.string(),
      refund_reference_id: z.string().nullable(),
      status: z.string(),
      message: z.string().nullable(),
      retry_of: z.number().int().nullable(),
      retried: z.boolean(),
      created_at: timestamp,
      updated_at: timestamp,
    }),
  ),
  disputes: z.array(adminDisputeSchema),
});

export const extraPaymentRefundSchema = z.strictObject({
  alert: paymentAlertSchema,
  refund: paymentAlertSchema.shape.refund,
});

export const orderStatsSchema = z.strictObject({
  days: z.array(
    z.strictObject({
      date: z.iso.date(),
      status: orderStatus,
      currency,
      count: z.number().int(),
      volume_minor: z.number().int(),
    }),
  ),
  money: z.array(
    z.strictObject({
      date: z.iso.date(),
      currency,
      gross_minor: z.number().int(),
      refunded_minor: z.number().int(),
      lost_minor: z.number().int(),
      net_minor: z.number().int(),
    }),
  ),
});

export const auditPageSchema = z.strictObject({
  events: z.array(
    z.strictObject({
      id: z.number().int(),
      at: timestamp,
      type: z.string(),
      order_no: z.string().optional(),
      gateway_order_no: z.string().optional(),
      request_id: z.string().optional(),
      actor: z.string().optional(),
      summary: z.unknown(),
      detail: z.unknown().optional(),
      refund: z
        .strictObject({ amount: decimal, currency, status: z.string(), message: z.string().nullable() })
        .optional(),
    }),
  ),
  next_cursor: z.string().nullable(),
});

export const adminPayoutSchema = z.looseObject({
  id: z.string(),
  request_id: z.string(),
  status: z.string(),
  transaction_id: z.string().optional(),
  payment_amount: decimal,
  payment_currency: currency,
  failure_reason: z.string().optional(),
  created_at: timestamp,
  updated_at: timestamp,
  failure_type: z.string().optional(),
  beneficiary: z
    .looseObject({
      first_name: z.string().optional(),
      last_name: z.string().optional(),
      company_name: z.string().optional(),
    })
    .optional(),
  message: z.string().optional(),
});
/** `POST /admin/api/payouts/review`: the payout as it would leave, with its estimated fee (PayoutReview) */
export const payoutReviewSchema = z.strictObject({
  currency: z.string(),
  amount: z.string(),
  recipient: z.strictObject({ name: z.string(), account: z.string() }),
  fee: z.string(),
  fee_paid_by: z.enum(['PAYER', 'BENEFICIARY']),
  fee_estimated: z.literal(true),
  fee_rule: z.string(),
  total: z.string(),
  recipient_gets: z.string(),
});

export const payoutPageSchema = z.strictObject({
  payouts: z.array(adminPayoutSchema),
  next_cursor: z.string().nullable(),
});

export const failedRefundListSchema = z.strictObject({
  refunds: z.array(
    z.strictObject({
      order_no: z.string(),
      seq: z.number().int().nullable(),
      amount: decimal,
      currency,
      reason: z.string().nullable(),
      message: z.string().nullable(),
      created_at: timestamp,
      updated_at: timestamp,
    }),
  ),
  total: z.number().int(),
});

export const apiKeyViewSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  prefix: z.string(),
  created_at: timestamp,
  created_by: z.string(),
  last_used_at: timestamp.nullable(),
  revoked_at: timestamp.nullable(),
  revoked_by: z.string().nullable(),
});
export const createdApiKeySchema = apiKeyViewSchema.extend({
  key: z.string().describe('shown once: the backend keeps only its hash'),
});
export const apiKeyListSchema = z.strictObject({ keys: z.array(apiKeyViewSchema) });
export const supportRefundLimitsSchema = z.strictObject({
  limits: z.array(z.strictObject({ currency, amount: decimal })),
});
export const doublePaymentRefundSettingSchema = z.strictObject({
  auto: z.boolean(),
  delay_minutes: z.number().int(),
});

const PERMISSIONS = permissionsOf('owner').concat(permissionsOf('shop'));
export const meSchema = z.strictObject({
  kind: z.enum(['user', 'key', 'env']),
  label: z.string(),
  role: z.enum(ROLES),
  permissions: z.array(z.enum(PERMISSIONS as [(typeof PERMISSIONS)[number], ...typeof PERMISSIONS])),
  totp_enabled: z.boolean(),
  enrolment_required: z.boolean(),
});
export const welcomedSchema = z.strictObject({ email: z.string() });
export const signedOutEverywhereSchema = z.strictObject({ ended: z.number().int() });
export const totpEnrolmentSchema = z.strictObject({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() });
export const totpConfirmedSchema = z.strictObject({
  totp_enabled: z.literal(true),
  recovery_codes: z.array(z.string()),
});
export const passwordChangedSchema = z.strictObject({ changed: z.literal(true) });
const teamMemberSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  disabled: z.boolean(),
  totp_enabled: z.boolean(),
  password_set: z.boolean(),
  failed_sign_ins: z.number().int(),
  locked_until: timestamp.nullable(),
  last_sign_in_at: timestamp.nullable(),
  created_at: timestamp,
});
export const teamListSchema = z.strictObject({ users: z.array(teamMemberSchema) });
export const teamMemberChangedSchema = z.strictObject({ user: teamMemberSchema });
export const teamMemberWithLinkSchema = z.strictObject({
  user: teamMemberSchema,
  sign_in_link: z.strictObject({ url: z.string(), expires_at: timestamp }),
});

export const recipientViewSchema = recipientBody.extend({
  id: z.string(),
  archived: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export const recipientListSchema = z.strictObject({ recipients: z.array(recipientViewSchema) });

export const shopEndpointViewSchema = z.strictObject({
  id: z.string(),
  url: z.string(),
  types: z.array(z.enum(SHOP_EVENT_TYPES)),
  enabled: z.boolean(),
  description: z.string().nullable(),
  secrets: z.array(z.strictObject({ created_at: timestamp, expires_at: timestamp.nullable() })),
  created_at: timestamp,
  updated_at: timestamp,
});
export const shopEndpointWithSecretSchema = z.strictObject({
  endpoint: shopEndpointViewSchema,
  secret: z.string().describe('whsec_...: shown once'),
});
export const shopEndpointListSchema = z.strictObject({ endpoints: z.array(shopEndpointViewSchema) });
export const shopDeliveryListSchema = z.strictObject({
  deliveries: z.array(
    z.strictObject({
      id: z.string(),
      endpoint_id: z.string(),
      event_id: z.string(),
      event_type: z.string(),
      order_no: z.string().nullable(),
      payout_request_id: z.string().nullable(),
      event_created_at: timestamp,
      status: z.enum(['pending', 'delivered', 'failed']),
      attempts: z.number().int(),
      next_attempt_at: timestamp.nullable(),
      last_attempt_at: timestamp.nullable(),
      last_status_code: z.number().int().nullable(),
      last_error: z.string().nullable(),
      last_answer: z.string().nullable(),
      delivered_at: timestamp.nullable(),
    }),
  ),
});
export const testEventSentSchema = z.strictObject({ event_id: z.string(), delivery_id: z.string() });
export const deliveryResentSchema = z.strictObject({ id: z.string(), status: z.literal('pending') });
