import { z } from 'zod';
import { decimalString, text } from '../../shared/contract/primitives';
import { MAX_LENGTH } from '../../shared/gateway/fields';

/** Owner operations per request: far more than the page sends (100), enough for a spreadsheet. */
const MAX_ORDERS_PER_REQUEST = 5000;

export type BulkAction = 'capture' | 'cancel' | 'review' | 'refund';

const reference = z.string().min(1, 'must not be empty').max(64, 'must be at most 64 characters');

/** One order of a bulk request, named by its order_no or its gateway transaction_id. */
const bulkItem = z
  .strictObject({
    order_no: reference.optional(),
    transaction_id: reference.optional(),
    /** a partial amount (capture, refund), as a decimal string in the order's currency */
    amount: decimalString.optional(),
    reason: text(MAX_LENGTH.refund_reason).optional(),
    approve: z.boolean({ error: 'must be true (approve) or false (reject)' }).optional(),
    /** refund: this order's own key (else the request's Idempotency-Key); a repeat maps to the same refund */
    idempotency_key: z
      .string()
      .regex(/^[\x21-\x7e]{1,255}$/, 'must be 1 to 255 visible ASCII characters')
      .optional(),
    /** refund: the id of the order's open dispute, to refund although it is open (server/refunds/refundOrders.ts) */
    despite_dispute: reference.optional(),
  })
  .refine((i) => i.order_no !== undefined || i.transaction_id !== undefined, {
    message: 'needs order_no or transaction_id',
    path: ['order_no'],
  });

export type BulkItem = z.infer<typeof bulkItem>;

/** What each action allows and needs beyond the order itself. */
const RULES: Record<
  BulkAction,
  { amount: boolean; reason: boolean; approve: 'required' | 'forbidden'; itemKey: boolean }
> = {
  capture: { amount: true, reason: false, approve: 'forbidden', itemKey: false },
  cancel: { amount: false, reason: false, approve: 'forbidden', itemKey: false },
  review: { amount: false, reason: false, approve: 'required', itemKey: false },
  refund: { amount: true, reason: true, approve: 'forbidden', itemKey: true },
};

/**
 * The envelope `{orders:[...]}`: a list of 1 to MAX_ORDERS_PER_REQUEST entries, each looked at by
 * `checkBulkItems` on its own, so one wrong row is that row's answer instead of a 400 for all the others.
 */
export const bulkEnvelope = z.strictObject({
  orders: z
    .array(z.unknown())
    .min(1, 'must name at least one order')
    .max(MAX_ORDERS_PER_REQUEST, `must have at most ${MAX_ORDERS_PER_REQUEST} orders; send more in further requests`),
});

/** One entry of `orders` for `action`: fields the action does not take are refused by name, not ignored. */
export function bulkItemFor(action: BulkAction) {
  const rule = RULES[action];
  return bulkItem.superRefine((item, ctx) => {
    if (!rule.amount && item.amount !== undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: `is not allowed for ${action}` });
    if (!rule.reason && item.reason !== undefined)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: `is not allowed for ${action}` });
    if (rule.approve === 'required' && item.approve === undefined)
      ctx.addIssue({ code: 'custom', path: ['approve'], message: 'is required: true approves, false rejects' });
    if (!rule.itemKey && item.idempotency_key !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['idempotency_key'],
        message: `is not taken by ${action} (send the Idempotency-Key header)`,
      });
    if (action !== 'refund' && item.despite_dispute !== undefined)
      ctx.addIssue({ code: 'custom', path: ['despite_dispute'], message: `is not allowed for ${action}` });
    if (rule.approve === 'forbidden' && item.approve !== undefined)
      ctx.addIssue({ code: 'custom', path: ['approve'], message: `is not allowed for ${action}` });
  });
}

/** The body of `action` as one schema, envelope and rows: what the OpenAPI document shows (server/http/openApi.ts). */
export function bulkBodyFor(action: BulkAction) {
  return bulkEnvelope.extend({ orders: z.array(bulkItemFor(action)).min(1).max(MAX_ORDERS_PER_REQUEST) });
}
