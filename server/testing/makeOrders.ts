import { randomUUID } from 'node:crypto';
import { payByCard, pressIssuerButton } from '../gateway/testing/playShopper';
import type { OrderStatus } from '../../shared/gateway/status';
import { callJson, createSession, paymentBody } from '../../testing/shopClient';
import type { Backend } from './startBackend';
import { runBatches } from '../operations/runBatches';
import { expect, vi } from 'vitest';

/** Limits high enough for a test that pays hundreds of orders from one address in a minute. */
export const BULK_ENV = {
  RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000000',
  RATE_LIMIT_SESSIONS_PER_MINUTE: '1000000',
  RATE_LIMIT_HOOKS_PER_MINUTE: '1000000',
  RATE_LIMIT_RETURNS_PER_MINUTE: '1000000',
};

export type Kind = 'paid' | 'authorised' | 'review';

export interface MadeOrder {
  order_no: string;
  gateway_order_no: string;
  transaction_id: string;
  amount: string;
  currency: string;
}

/** How many shoppers pay at once while orders are made; the sandbox and the backend share two cores. */
const SHOPPERS = 8;

/**
 * `count` orders paid through the real flow, quickly: `paid` is a PIX payment approved on the issuer page
 * (3000), `authorised` a 4242 card on the demo account's manual capture (2000), `review` the 0259 card held
 * for review (6000). Waits until the gateway's notifications have brought every order to that status.
 */
export async function makeOrders(
  backend: Backend,
  count: number,
  kind: Kind,
  amount = kind === 'paid' ? '50.00' : '20.00',
): Promise<MadeOrder[]> {
  const units = Array.from({ length: count }, (_, i) => i);
  const settled = await runBatches(units, () => makeOne(backend, kind, amount), SHOPPERS);
  const failure = settled.find((s) => s.status === 'rejected');
  if (failure) throw (failure as PromiseRejectedResult).reason;
  const orderNos = settled.map((s) => (s as PromiseFulfilledResult<string>).value);
  const want: OrderStatus = kind === 'paid' ? 'paid' : kind;
  const rows = await vi.waitFor(
    async () => {
      const found = await backend.store.db
        .selectFrom('orders')
        .innerJoin('payment_attempts', 'payment_attempts.id', 'orders.current_attempt_id')
        .select([
          'orders.order_no',
          'orders.status',
          'orders.transaction_id',
          'orders.currency',
          'orders.amount_minor',
          'payment_attempts.gateway_order_no',
        ])
        .where('orders.order_no', 'in', orderNos)
        .execute();
      expect(found.length === count && found.every((o) => o.status === want), `${count} orders ${want}`).toBe(true);
      return found!;
    },
    { timeout: 60_000, interval: 100 },
  );
  const byNo = new Map(rows.map((r) => [r.order_no, r]));
  return orderNos.map((no) => {
    const r = byNo.get(no)!;
    return {
      order_no: no,
      gateway_order_no: r.gateway_order_no,
      transaction_id: r.transaction_id!,
      amount,
      currency: r.currency,
    };
  });
}

async function makeOne(backend: Backend, kind: Kind, amount: string): Promise<string> {
  const session =
    kind === 'paid'
      ? await createSession(backend, { amount, currency: 'BRL', items: undefined, country: 'BR' })
      : await createSession(backend, { amount, currency: 'USD', items: undefined });
  const method = kind === 'paid' ? 'pix' : 'card';
  const pay = await callJson(`${backend.url}/api/sessions/${session.id}/payments`, {
    body: paymentBody(session.client_secret, method),
    headers: { 'Idempotency-Key': randomUUID() },
  });
  if (pay.status !== 200) throw new Error(`payment not started: ${pay.status} ${JSON.stringify(pay.body)}`);
  const url = pay.body.action.url as string;
  if (kind === 'paid') await pressIssuerButton(url, 'approve');
  else
    await payByCard(await (await fetch(url)).text(), kind === 'authorised' ? '4242424242424242' : '4000000000000259');
  return session.order_no;
}
