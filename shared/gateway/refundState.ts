/**
 * A refund's life at the gateway (docs/gateway-evidence.md 8, docs/protocol-decisions.md 6): received when `/v1/refund`
 * answers it, then accepted, then a result, succeeded or failed. Each step has its notification, spelled as the docs
 * spell them. Only a succeeded refund moved money; a failed one moved none.
 */
export const REFUND_STATE = {
  received: 'received',
  accepted: 'accepted',
  succeeded: 'succeeded',
  failed: 'failed',
} as const;
export type RefundState = (typeof REFUND_STATE)[keyof typeof REFUND_STATE];

/** The notify_type of each step (the docs' spelling, "RECIEVED" included). */
export const REFUND_NOTIFY_TYPE = {
  received: 'REFUND RECIEVED',
  accepted: 'REFUND ACCEPTED',
  result: 'REFUND RESULT',
} as const;

function isRefundState(value: unknown): value is RefundState {
  return (Object.values(REFUND_STATE) as unknown[]).includes(value);
}

/**
 * The state a refund search record shows. `refund_state` is ours [ours]; a gateway that does not send it is read
 * from what the docs show: refund_status `0` failed; otherwise an empty `refund_processing_date` means no result
 * yet (accepted), a date means it succeeded, and a record without the field at all is taken as final, as the
 * docs' synchronous examples were.
 */
export function refundStateOfRecord(record: {
  readonly refund_state?: unknown;
  readonly refund_status?: unknown;
  readonly refund_processing_date?: unknown;
}): RefundState {
  if (isRefundState(record.refund_state)) return record.refund_state;
  if (record.refund_status === '0') return REFUND_STATE.failed;
  if (record.refund_processing_date === '') return REFUND_STATE.accepted;
  return REFUND_STATE.succeeded;
}

/**
 * What a `REFUND RESULT` notification says: succeeded when its `refund_state` [ours] says so or, without one,
 * when its message is the success code `V0000` (docs/gateway-evidence.md 3); anything else is read as a failure.
 */
export function refundResultOf(fields: Readonly<Record<string, string>>): 'succeeded' | 'failed' {
  if (fields.refund_state === REFUND_STATE.succeeded || fields.refund_state === REFUND_STATE.failed)
    return fields.refund_state;
  return (fields.message ?? '').startsWith('V0000:') ? REFUND_STATE.succeeded : REFUND_STATE.failed;
}
