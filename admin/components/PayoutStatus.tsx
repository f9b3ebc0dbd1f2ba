const LABEL: Record<string, string> = { PROCESSING: 'Processing', COMPLETED: 'Completed', FAILED: 'Failed' };

/** A payout's gateway status (docs/protocol-decisions.md 4) in words, coloured like the order badges. */
export function PayoutStatus({ status }: { status: string | undefined }) {
  const s = status ?? 'UNKNOWN';
  return <span class={`badge payout-${s.toLowerCase()}`}>{LABEL[s] ?? s}</span>;
}
