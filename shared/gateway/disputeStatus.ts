/**
 * Disputes (chargebacks) on the wire. docs/protocol-decisions.md 6 fixes their notifications (`DISPUTE RECIEVED`,
 * `DISPUTE RESULT`, spelled as the docs spell them) and their fields; the rest is decided here, [ours] in
 * the terms of docs/protocol-decisions.md, because no public page shows it:
 *
 * - the result field of `DISPUTE RESULT` is `dispute_result`, `won` or `lost`;
 * - a dispute's status code is `7000` open, `7100` won, `7200` lost. A dispute is not a move of the payment:
 *   `payment_status` stays what captures and refunds made it (the money taken back is the cardholder's bank's,
 *   not a refund), so the codes live beside it, in the query record's `dispute_status` (the order's worst: lost,
 *   else open, else won; absent without disputes) and its `disputes` list (one entry per dispute, each with its
 *   own `dispute_status`). A lost dispute therefore shows on the order in the query answer as `7200`.
 */
export const DISPUTE_STATUS = { open: '7000', won: '7100', lost: '7200' } as const;
export type DisputeState = keyof typeof DISPUTE_STATUS;
export type DisputeOutcome = Exclude<DisputeState, 'open'>;
export const DISPUTE_OUTCOMES: readonly DisputeOutcome[] = ['won', 'lost'];

/** The state a wire dispute_status code names, or undefined for a code this table does not know. */
export function disputeStateOf(code: string): DisputeState | undefined {
  return (Object.keys(DISPUTE_STATUS) as DisputeState[]).find((s) => DISPUTE_STATUS[s] === code);
}

/** The order's summary code: lost outweighs open, open outweighs won. */
export function worstDisputeStatus(states: readonly DisputeState[]): string | undefined {
  for (const s of ['lost', 'open', 'won'] as const) if (states.includes(s)) return DISPUTE_STATUS[s];
  return undefined;
}
