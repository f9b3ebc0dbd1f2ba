/**
 * Assertions every journey ends with: one payment at most on the gateway's side, and no CSP violation in any
 * page the shopper saw.
 */
import { expect } from 'vitest';
import { sandboxApi, successful } from '../../testing/sandboxApi';
import type { System } from './startSystem';
import type { CspWatch } from './watchCsp';

/** The gateway holds `attempts` transactions for the order, and at most one of them took money. */
export async function expectGatewayAttempts(
  system: System,
  orderNo: string,
  attempts: number,
  paid: 0 | 1,
): Promise<void> {
  const transactions = await sandboxApi(system.sandbox.url).transactionsOfOrder(orderNo);
  expect(
    transactions.map((t) => `${t.order_no}:${t.payment_status}`),
    'transactions at the gateway',
  ).toHaveLength(attempts);
  expect(successful(transactions), 'transactions that took money').toHaveLength(paid);
}

export function expectNoCspViolations(csp: CspWatch): void {
  expect(csp.violations, 'Content-Security-Policy violations').toEqual([]);
}
