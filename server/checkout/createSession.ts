import { AMOUNT_PARTS, type CreateSessionBody, type CreateSessionResponse } from '../../shared/contract/session';
import { API_ERROR } from '../../shared/contract/errors';
import { toMinor } from '../../shared/gateway/money';
import { ApiError } from '../apiError';
import type { AppDeps } from '../deps';
import { hashSecret, newId, newSecret } from '../ids';
import { findOrderByNo } from '../orders';
import { pickSessionExtras, saveSessionExtras } from './sessionExtras';
import { insertSessionWithOrder } from './sessions';

/**
 * Creates a checkout session and its order from the shop server's (already validated) body. The amount is fixed
 * here in minor units; nothing the browser sends later can change it.
 */
export async function createSession(
  deps: Pick<AppDeps, 'store' | 'config' | 'now'>,
  body: CreateSessionBody,
): Promise<CreateSessionResponse> {
  const { db } = deps.store;
  const now = deps.now();
  const orderNo =
    body.order_no ??
    newId('ord')
      .replace(/[^A-Za-z0-9._-]/g, '')
      .slice(0, 30);
  if (body.order_no && (await findOrderByNo(db, orderNo))) {
    throw new ApiError(409, API_ERROR.conflict, `order_no ${orderNo} already has a checkout session`, [
      { path: 'order_no', message: 'is already used' },
    ]);
  }
  const id = newId('ses');
  const orderId = newId('ord');
  const clientSecret = newSecret(`${id}_secret`);
  const createdAt = now.toISOString();
  const expiresAt = new Date(now.getTime() + deps.config.sessionTtlMs).toISOString();
  const amountMinor = toMinor(body.amount, body.currency);
  const parts = Object.fromEntries(
    AMOUNT_PARTS.filter((p) => body[p] !== undefined).map((p) => [p, toMinor(body[p]!, body.currency)]),
  );
  try {
    // written first, under the new session's id: should the session insert fail, an unreferenced row is left,
    // never a session missing its extras
    await saveSessionExtras(db, id, pickSessionExtras(body), createdAt);
    await insertSessionWithOrder(
      db,
      {
        id,
        client_secret_hash: hashSecret(clientSecret),
        order_id: orderId,
        order_no: orderNo,
        amount_minor: amountMinor,
        currency: body.currency,
        items: JSON.stringify(body.items ?? []),
        amount_parts: JSON.stringify(parts),
        country: body.country ?? null,
        locale: body.locale ?? null,
        shopper: body.shopper ? JSON.stringify(body.shopper) : null,
        return_url: body.return_url ?? null,
        note: body.note ?? null,
        custom: body.custom ?? null,
        shopper_id: body.shopper_id ?? null,
        metadata: body.metadata ? JSON.stringify(body.metadata) : null,
        expires_at: expiresAt,
        created_at: createdAt,
      },
      {
        id: orderId,
        session_id: id,
        order_no: orderNo,
        amount_minor: amountMinor,
        currency: body.currency,
        status: 'created',
        payment_status: null,
        transaction_id: null,
        current_attempt_id: null,
        message: null,
        created_at: createdAt,
        updated_at: createdAt,
      },
    );
  } catch (e) {
    // two concurrent requests with one order_no: the unique key lets exactly one through
    if (body.order_no && (await findOrderByNo(db, orderNo))) {
      throw new ApiError(409, API_ERROR.conflict, `order_no ${orderNo} already has a checkout session`, [
        { path: 'order_no', message: 'is already used' },
      ]);
    }
    throw e;
  }
  return { id, client_secret: clientSecret, order_no: orderNo, expires_at: expiresAt };
}
