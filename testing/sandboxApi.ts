/**
 * The sandbox's own routes (`/sandbox/*`, no real gateway has them): what the gateway holds and was asked, so a
 * test can check "never two payments" on the gateway's side, and stage faults such as a lost notification.
 */
import type { NotificationView, TransactionView } from '../sandbox/testing/flows';
import { notificationsOf, transactionsOf } from '../sandbox/testing/flows';

export function sandboxApi(baseUrl: string) {
  const api = {
    /**
     * Every gateway transaction of the backend's order: the backend sends attempt n as `<order_no>-<n>`, so the
     * attempts are read in turn until one the gateway never saw (the listing without a filter is capped).
     */
    async transactionsOfOrder(orderNo: string): Promise<TransactionView[]> {
      const all: TransactionView[] = [];
      for (let seq = 1; ; seq++) {
        const found = await transactionsOf(baseUrl, `${orderNo}-${seq}`);
        if (!found.length) return all;
        all.push(...found);
      }
    },
    transactions: (gatewayOrderNo: string) => transactionsOf(baseUrl, gatewayOrderNo),
    /** the gateway's record of one payment, with its refunds (undefined: it never saw it) */
    transaction: async (gatewayOrderNo: string): Promise<any> => (await transactionsOf(baseUrl, gatewayOrderNo))[0],
    notifications: (gatewayOrderNo: string): Promise<NotificationView[]> => notificationsOf(baseUrl, gatewayOrderNo),
    async requestCount(endpoint: string, gatewayOrderNo?: string): Promise<number> {
      const q = new URLSearchParams({ endpoint, ...(gatewayOrderNo ? { order_no: gatewayOrderNo } : {}) });
      const res = await fetch(`${baseUrl}/sandbox/requests/count?${q}`);
      return ((await res.json()) as { count: number }).count;
    },
    /** Adds a fault rule (`/sandbox/faults`); returns its id (`DELETE /sandbox/faults/:id` removes that one rule). */
    async addFault(rule: Record<string, unknown>): Promise<string> {
      const res = await fetch(`${baseUrl}/sandbox/faults`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(rule),
      });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`sandbox: fault rule refused: ${res.status} ${text}`);
      return (JSON.parse(text) as { id: string }).id;
    },
    /** The next refund of this gateway order fails after it was received and accepted, or waits (`hold`). */
    async refundOutcome(gatewayOrderNo: string, outcome: 'fail' | 'hold' | 'succeed'): Promise<void> {
      await control(baseUrl, '/sandbox/refund-outcome', { order_no: gatewayOrderNo, outcome });
    },
    /** Gives a refund not yet final (e.g. held) its result now. */
    async refundResult(refundReferenceId: string, outcome: 'succeeded' | 'failed'): Promise<void> {
      await control(baseUrl, `/sandbox/refunds/${encodeURIComponent(refundReferenceId)}/result`, { outcome });
    },
    async clearFaults(): Promise<void> {
      await fetch(`${baseUrl}/sandbox/faults`, { method: 'DELETE' });
    },
    /** Opens a dispute (`POST /sandbox/disputes`, README "Disputes"); returns the sandbox's view of it. */
    async openDispute(body: Record<string, unknown>): Promise<{ dispute_id: string; [field: string]: unknown }> {
      const res = await fetch(`${baseUrl}/sandbox/disputes`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`sandbox: dispute refused: ${res.status} ${text}`);
      return JSON.parse(text) as { dispute_id: string };
    },
    /** Ends an open dispute won or lost (`POST /sandbox/disputes/:id/result`). */
    async decideDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<void> {
      const res = await fetch(`${baseUrl}/sandbox/disputes/${encodeURIComponent(disputeId)}/result`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ outcome }),
      });
      if (res.status !== 200) throw new Error(`sandbox: dispute result refused: ${res.status} ${await res.text()}`);
    },
  };
  return api;
}

async function control(baseUrl: string, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`sandbox: ${path} refused: ${res.status} ${await res.text()}`);
}

/** The transactions that took money (or hold it): authorised, paid, refunded, or under review. */
export function successful(transactions: readonly TransactionView[]): TransactionView[] {
  return transactions.filter((t) => ['2000', '3000', '3100', '4100', '6000'].includes(t.payment_status));
}
