import { AMOUNT_PARTS, type CreateSessionBody, type CreateSessionResponse } from '../../shared/contract/session';
import { API_ERROR } from '../../shared/contract/errors';
import { toMinor } from '../../shared/gateway/money';
import { ApiError } from '../apiError';
import type { AppDeps } from '../deps';
import { hashRequest } from '../hashRequest';
import { hashSecret, newId, newSecret } from '../ids';
import { findOrderByNo } from '../orders';
import { pickSessionExtras, saveSessionExtras } from './sessionExtras';
import { findSession, insertSessionWithOrder } from './sessions';
import {
  findSessionRequest,
  openClientSecret,
  sealClientSecret,
  sessionRequestKeyHash,
  type SessionRequestRow,
} from './sessionRequests';

type Deps = Pick<AppDeps, 'store' | 'config' | 'now'>;

/**
 * `POST /api/sessions` with an Idempotency-Key: the first request creates the session; a repeat with the same body
 * (however its keys are ordered) is answered the same session, client secret included, and `replayed`; the key
 * with another body is refused (422 `idempotency_key_reused`), as the payment call does. Two requests with one
 * key at the same moment: the key's row lets one create, the other is answered its session.
 */
export async function createSessionOnce(
  deps: Deps,
  body: CreateSessionBody,
  idempotencyKey: string,
): Promise<{ session: CreateSessionResponse; replayed: boolean }> {
  const requestHash = hashRequest(body);
  const earlier = await findSessionRequest(deps.store.db, idempotencyKey);
  if (earlier) return { session: await replay(deps, earlier, idempotencyKey, requestHash), replayed: true };
  try {
    return { session: await createSession(deps, body, { idempotencyKey, requestHash }), replayed: false };
  } catch (e) {
    const winner = await findSessionRequest(deps.store.db, idempotencyKey);
    if (winner) return { session: await replay(deps, winner, idempotencyKey, requestHash), replayed: true };
    throw e;
  }
}

async function replay(
  deps: Deps,
  request: SessionRequestRow,
  idempotencyKey: string,
  requestHash: string,
): Promise<CreateSessionResponse> {
  if (request.request_hash !== requestHash) {
    throw new ApiError(
      422,
      API_ERROR.idempotency_key_reused,
      'this Idempotency-Key was used with another request body; use a new key for a new session',
    );
  }
  const session = await findSession(deps.store.db, request.session_id);
  if (!session) throw new Error(`session ${request.session_id} of a stored session request is missing`);
  return {
    id: session.id,
    client_secret: openClientSecret(idempotencyKey, request.sealed_client_secret),
    order_no: session.order_no,
    expires_at: session.expires_at,
  };
}

/**
 * Creates a checkout session and its order from the shop server's (already validated) body. The amount is fixed
 * here in minor units; nothing the browser sends later can change it.
 */
export async function createSession(
  deps: Deps,
  body: CreateSessionBody,
  keyed?: { idempotencyKey: string; requestHash: string },
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
      keyed && {
        key_hash: sessionRequestKeyHash(keyed.idempotencyKey),
        request_hash: keyed.requestHash,
        session_id: id,
        sealed_client_secret: sealClientSecret(keyed.idempotencyKey, clientSecret),
        created_at: createdAt,
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
