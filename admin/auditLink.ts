import type { AuditEvent } from './api/client';

/**
 * Where an audit line leads. Payout lines carry the payout's request_id in the order_no column (a payout has no
 * order), so they open the payout (`GET /payouts/:id` takes the request_id too), not an empty order page.
 */
export function auditLinkOf(e: AuditEvent): { parts: string[]; label: string } | undefined {
  if (!e.order_no) return undefined;
  const operation = (e.detail as { operation?: unknown } | undefined)?.operation;
  if (e.type === 'payout' || (e.type === 'gateway_call' && operation === 'payout'))
    return { parts: ['payouts', e.order_no], label: `Payout ${e.order_no}` };
  return { parts: ['orders', e.order_no], label: e.order_no };
}
