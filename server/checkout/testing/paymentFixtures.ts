import { randomUUID } from 'node:crypto';
import type { CreateSessionBody, CreateSessionResponse } from '../../../shared/contract/session';
import type { AppDeps } from '../../deps';
import { createSession } from '../createSession';
import type { AttemptRow } from '../../orders/attempts';
import { findAttempt } from '../../orders/attempts';
import { findOrder, findOrderByNo, type OrderRow } from '../../orders/orders';
import { findPaymentMethod } from '../../methods/paymentMethods';
import { runInTransaction } from '../../store/runInTransaction';
import { startAttempt } from '../startAttempt';

type Deps = Pick<AppDeps, 'store' | 'config' | 'now'>;

/** A checkout session and its order, made by the backend's own createSession: BRL 50.00 in Brazil (PIX fits). */
export async function newOrder(
  deps: Deps,
  body: Partial<CreateSessionBody> = {},
): Promise<{ session: CreateSessionResponse; order: OrderRow }> {
  const session = await createSession(deps, { amount: '50.00', currency: 'BRL', country: 'BR', ...body });
  return { session, order: (await findOrderByNo(deps.store.db, session.order_no))! };
}

/** A payment attempt started (stored as `created`, made the order's current one) and not sent anywhere. */
export async function newAttempt(deps: Deps, order: OrderRow, methodId = 'pix'): Promise<AttemptRow> {
  const method = (await findPaymentMethod(deps.store.db, methodId))!;
  return runInTransaction(deps.store.db, (trx) =>
    startAttempt(trx, deps, order, method, {
      sessionId: order.session_id,
      idempotencyKey: randomUUID(),
      requestHash: 'test',
      origin: undefined,
    }),
  );
}

/** The attempt and its order as stored now. */
export async function reload(deps: Pick<AppDeps, 'store'>, attempt: Pick<AttemptRow, 'id' | 'order_id'>) {
  const [a, o] = await Promise.all([
    findAttempt(deps.store.db, attempt.id),
    findOrder(deps.store.db, attempt.order_id),
  ]);
  return { attempt: a!, order: o! };
}

/** A PAYMENT notification about `attempt` as the gateway sends it (already verified), for the order's amount. */
export function paymentNotification(
  attempt: Pick<AttemptRow, 'gateway_order_no'>,
  fields: Record<string, string> & { payment_status: string },
): Record<string, string> {
  return {
    notify_id: randomUUID(),
    notify_type: 'PAYMENT',
    order_no: attempt.gateway_order_no,
    transaction_id: 'T-1',
    amount: '50.00',
    currency: 'BRL',
    ...fields,
  };
}
